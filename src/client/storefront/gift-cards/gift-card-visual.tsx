import { formatCents } from '../../../shared/money'

/**
 * The card as a picture: jade, a gold hairline, the shop's name and the amount chosen. Purely
 * decorative (the amount is in the form as text), so hidden from screen readers.
 */
export function GiftCardVisual({ storeName, amount }: { storeName: string; amount: number | undefined }) {
  return (
    <div
      aria-hidden
      className="relative aspect-[1.586] w-full max-w-md overflow-hidden rounded-md bg-gradient-to-br from-jade-700 via-jade-800 to-jade-900 p-6 text-ivory shadow-[0_24px_48px_-24px_rgba(9,62,44,0.55)] sm:p-8"
    >
      <div className="absolute inset-3 rounded-sm border border-gold/60" />
      <div className="absolute -right-16 -top-16 size-56 rounded-full bg-jade-500/20 blur-2xl" />
      <div className="relative flex h-full flex-col justify-between">
        <div className="flex items-start justify-between gap-4">
          <span className="font-display text-2xl tracking-wide sm:text-3xl">{storeName}</span>
          <span className="text-[0.65rem] uppercase tracking-[0.35em] text-jade-100">Gift card</span>
        </div>
        <div>
          <div className="h-px w-12 bg-gold" />
          <p className="mt-3 font-display text-4xl tabular-nums sm:text-5xl">
            {amount ? formatCents(amount) : '$ —'}
          </p>
        </div>
      </div>
    </div>
  )
}
