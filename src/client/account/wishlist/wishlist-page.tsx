import { Heart, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAuth } from '../../lib/auth'
import { useAddToCart } from '../../lib/cart'
import type { WishlistItem } from '../../lib/queries'
import { useWishlist } from '../../lib/wishlist'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Price } from '../../ui/price'
import { ProductCardImage } from '../../ui/product-card-image'
import { SimilarPieceAlert } from '../../ui/similar-piece-alert'
import { Skeleton } from '../../ui/skeleton'
import { useRemoveFromWishlist } from './api'

/** /account/wishlist: the signed-in shopper's saved pieces (storefront.md §2 Account pages). */
export function WishlistPage() {
  const { user, isPending: authPending } = useAuth()
  const wishlist = useWishlist()

  let content: ReactNode
  if (authPending) content = <WishlistSkeleton />
  else if (!user) {
    // A prompt rather than a redirect, as the specification's wishlist page does (storefront.md §2).
    content = (
      <EmptyState
        className="mt-12"
        icon={<Heart className="size-7" strokeWidth={1.5} aria-hidden />}
        title="You need to log in"
        description="Sign in to keep a wishlist of the pieces you love."
        action={
          <Button asChild>
            <Link to="/account/login">Log In</Link>
          </Button>
        }
      />
    )
  } else if (wishlist.isPending) content = <WishlistSkeleton />
  else if (wishlist.isError) {
    content = (
      <EmptyState
        className="mt-12"
        title="We couldn't load your wishlist"
        description="Please check your connection and try again."
        action={
          <Button variant="secondary" onClick={() => void wishlist.refetch()}>
            Try again
          </Button>
        }
      />
    )
  } else if (wishlist.items.length === 0) {
    content = (
      <EmptyState
        className="mt-12"
        icon={<Heart className="size-7" strokeWidth={1.5} aria-hidden />}
        title="Your wishlist is empty."
        description="Tap the heart on any piece to keep it here for later."
        action={
          <Button asChild>
            <Link to="/products">Browse Products</Link>
          </Button>
        }
      />
    )
  } else {
    content = (
      <ul className="mt-10 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3">
        {wishlist.items.map((item, index) => (
          <li key={item.id}>
            <WishlistCard item={item} priority={index < 3} />
          </li>
        ))}
      </ul>
    )
  }

  const count = wishlist.items.length
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-ink/10 pb-8">
        <div>
          <p className="text-xs uppercase tracking-[0.3em] text-jade-700">My Account</p>
          <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">My Wishlist</h1>
        </div>
        {count > 0 && (
          <p className="text-sm text-ink-muted">
            {count} {count === 1 ? 'piece' : 'pieces'} saved
          </p>
        )}
      </div>
      {content}
    </section>
  )
}

function WishlistCard({ item, priority }: { item: WishlistItem; priority: boolean }) {
  const { product } = item
  const detailPath = `/product/${product.id}`
  const remove = useRemoveFromWishlist()
  const addToCart = useAddToCart()
  return (
    <article className="group flex h-full flex-col">
      <ProductCardImage product={product} priority={priority} />
      <div className="flex flex-1 flex-col pt-5">
        <h2 className="font-display text-2xl leading-tight text-ink">
          <Link to={detailPath} className="hover:text-jade-700">
            {product.name}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-ink-muted">{product.shortDescription}</p>
        <Price cents={product.price} original={product.originalPrice ?? undefined} className="mt-4 text-lg" />
        {product.sold && (
          <SimilarPieceAlert
            productId={product.id}
            category={product.category}
            pieceName={product.name}
            variant="compact"
            className="mt-5"
          />
        )}
        <div className="mt-auto flex gap-3 pt-5">
          <PurchaseAction item={item} addToCart={addToCart} />
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            loading={remove.isPending}
            onClick={() => remove.mutate(product.id)}
          >
            {!remove.isPending && <Trash2 className="size-4" aria-hidden />}
            Remove<span className="sr-only">: {product.name}</span>
          </Button>
        </div>
      </div>
    </article>
  )
}

/**
 * Add to Cart only for a piece that can be bought now; a reserved piece says so; a sold piece has
 * its ribbon and nothing here (storefront.md §2).
 */
function PurchaseAction({
  item: { product },
  addToCart,
}: {
  item: WishlistItem
  addToCart: ReturnType<typeof useAddToCart>
}) {
  if (product.sold) return null
  if (product.inStock) {
    return (
      <Button
        className="flex-1"
        disabled={addToCart.isPending}
        onClick={() => addToCart.mutate({ productId: product.id, quantity: 1 })}
      >
        {addToCart.isPending ? 'Adding...' : 'Add to Cart'}
        <span className="sr-only">: {product.name}</span>
      </Button>
    )
  }
  return (
    <Button variant="secondary" className="flex-1" disabled>
      {product.status === 'reserved' ? 'Reserved' : 'Not Available'}
    </Button>
  )
}

function WishlistSkeleton() {
  return (
    <div className="mt-10 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only">Loading your wishlist…</span>
      {[0, 1, 2].map((n) => (
        <div key={n} aria-hidden>
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="mt-5 h-7 w-3/4" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-4 h-6 w-24" />
          <div className="mt-5 flex gap-3">
            <Skeleton className="h-11 flex-1" />
            <Skeleton className="h-11 w-28" />
          </div>
        </div>
      ))}
    </div>
  )
}
