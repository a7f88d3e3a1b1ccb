import type { ComponentProps } from 'react'
import { formatCents } from '../../shared/money'
import { cn } from '../lib/cn'

export type PriceProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Integer cents. */
  cents: number
  /** The earlier price; shown struck through only when it is higher than `cents`. */
  original?: number | undefined
}

export function Price({ cents, original, className, ...props }: PriceProps) {
  const reduced = original !== undefined && original > cents
  return (
    <span className={cn('inline-flex items-baseline gap-2 tabular-nums', className)} {...props}>
      {reduced ? (
        <>
          <span className="sr-only">Sale price</span>
          <span className="text-jade-700" data-price-current>
            {formatCents(cents)}
          </span>
          <span className="sr-only">, was</span>
          <s className="text-[0.8em] text-ink-muted decoration-ink-muted/60">{formatCents(original)}</s>
        </>
      ) : (
        <span className="text-ink" data-price-current>
          {formatCents(cents)}
        </span>
      )}
    </span>
  )
}
