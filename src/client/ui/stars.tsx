import { Star } from 'lucide-react'
import { cn } from '../lib/cn'

/** A 1–5 rating shown as stars, read out as "Rated n out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('size-4', n <= rating ? 'fill-gold text-gold' : 'fill-transparent text-ink/25')}
        />
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
