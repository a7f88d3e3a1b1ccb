import { Heart, LoaderCircle } from 'lucide-react'
import { cn } from '../../lib/cn'
import { useToggleWishlist, useWishlist } from '../../lib/wishlist'

export interface HeartToggleProps {
  productId: number
  /** 'overlay' floats over a card's picture; 'inline' sits beside the price on the product page. */
  variant?: 'overlay' | 'inline'
  className?: string
}

/** The live heart: filled jade when the piece is on the list, a spinner while a change is sent. */
export function HeartToggle({ productId, variant = 'overlay', className }: HeartToggleProps) {
  const { items } = useWishlist()
  const { toggle, isPending } = useToggleWishlist()
  const saved = items.some((item) => item.productId === productId)
  return (
    <button
      type="button"
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={saved}
      aria-busy={isPending || undefined}
      disabled={isPending}
      onClick={() => toggle(productId, saved)}
      className={cn(
        'inline-flex size-11 shrink-0 animate-fade-in cursor-pointer items-center justify-center rounded-full',
        'text-ink transition-colors hover:text-jade-700 disabled:cursor-progress',
        variant === 'overlay'
          ? 'bg-ivory/85 shadow-sm backdrop-blur-sm hover:bg-ivory'
          : 'border border-ink/15 hover:border-jade-700',
        (saved || isPending) && 'text-jade-700',
        className,
      )}
    >
      {isPending ? (
        <LoaderCircle className="size-5 animate-spin" aria-hidden />
      ) : (
        <Heart className={cn('size-5', saved && 'fill-current')} strokeWidth={1.75} aria-hidden />
      )}
    </button>
  )
}
