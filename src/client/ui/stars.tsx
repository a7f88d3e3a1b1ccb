import { cn } from '../lib/cn'

// Drawn here rather than with lucide's Star: the home page's carousel shows these, and a shared
// icon module would be one more script on the storefront's first load.
const STAR_PATH = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z'

/** A 1–5 rating shown as stars, read out as "Rated n out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 24 24"
          aria-hidden
          className={cn('size-4', n <= rating ? 'fill-gold' : 'fill-none stroke-ink/25 stroke-2')}
        >
          <path d={STAR_PATH} strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  )
}

/** Initials for the avatar: first letters of the first two words. */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || '?'
  )
}
