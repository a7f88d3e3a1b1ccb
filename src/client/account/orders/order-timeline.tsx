import { Check, CircleX } from 'lucide-react'
import { ORDER_PROGRESS, ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/orders/rules'
import { cn } from '../../lib/cn'

/**
 * Where the order stands: every step up to the current one is done, the current one is marked. A
 * cancelled order leaves the progression, so it shows a single state instead.
 */
export function OrderTimeline({ status }: { status: OrderStatus }) {
  if (status === 'cancelled') {
    return (
      <div className="flex items-start gap-4 border border-sold/20 bg-sold/5 p-5">
        <CircleX className="mt-0.5 size-5 shrink-0 text-sold" aria-hidden />
        <div>
          <p className="font-medium text-ink">Cancelled</p>
          <p className="mt-1 text-sm text-ink-muted">
            This order has been cancelled. If you have questions, please contact us.
          </p>
        </div>
      </div>
    )
  }

  const current = ORDER_PROGRESS.indexOf(status)
  return (
    <ol className="grid gap-0 sm:grid-cols-5" aria-label="Order progress">
      {ORDER_PROGRESS.map((step, index) => {
        const done = index < current
        const active = index === current
        const last = index === ORDER_PROGRESS.length - 1
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className="relative flex gap-4 pb-8 last:pb-0 sm:flex-col sm:items-center sm:gap-3 sm:pb-0 sm:text-center"
          >
            {/* The rule joining this step to the next: down the left on phones, across on wider screens. */}
            {!last && (
              <span
                aria-hidden
                className={cn(
                  'absolute top-8 bottom-0 left-[0.9375rem] w-px sm:top-[0.9375rem] sm:right-[-50%] sm:bottom-auto sm:left-1/2 sm:h-px sm:w-auto',
                  done ? 'bg-jade-700' : 'bg-ink/15',
                )}
              />
            )}
            <span
              aria-hidden
              className={cn(
                'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums',
                done && 'border-jade-700 bg-jade-700 text-ivory',
                active && 'border-jade-700 bg-ivory text-jade-700 ring-4 ring-jade-100',
                !done && !active && 'border-ink/20 bg-ivory text-ink-muted',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className="pt-1.5 sm:pt-0">
              <span
                className={cn(
                  'block text-sm',
                  active ? 'font-medium text-ink' : done ? 'text-ink' : 'text-ink-muted',
                )}
              >
                {ORDER_STATUS_LABELS[step]}
              </span>
              {done && <span className="sr-only"> (completed)</span>}
              {active && <span className="mt-1 block text-xs text-jade-700">Current status</span>}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
