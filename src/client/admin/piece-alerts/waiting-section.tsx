import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { capitalize } from '../../../shared/catalog/rules'
import { waitingWords } from '../../../shared/piece-alerts/messages'
import { cn } from '../../lib/cn'
import { toastFailure } from '../../lib/mutation-toasts'
import { Skeleton } from '../../ui/skeleton'
import { pieceAlertQueries } from './api'

const count = new Intl.NumberFormat('en-US')

/**
 * The dashboard's "Waiting for a piece": per category, how many confirmed addresses asked on a
 * sold piece to hear of a similar one (issue 25). Each tile opens that category's products.
 */
export function WaitingSection() {
  const waiting = useQuery(pieceAlertQueries.waiting())
  useEffect(() => {
    if (waiting.error) toastFailure('Failed to load waiting shoppers', waiting.error)
  }, [waiting.error])
  const data = waiting.data
  return (
    <section aria-labelledby="waiting-heading" className="mb-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 id="waiting-heading" className="font-display text-2xl text-ink">
          Waiting for a piece
        </h2>
        <p className="text-sm text-ink-muted">
          {data ? `${count.format(data.people)} ${data.people === 1 ? 'person' : 'people'} in all` : ' '}
        </p>
      </div>
      <p className="mb-4 max-w-prose text-sm text-ink-muted">
        Shoppers who asked, on a sold or reserved piece, to hear when a similar one arrives. Each gets one
        e-mail for every new piece you publish in the category.
      </p>
      <ul className="grid grid-cols-2 gap-px overflow-hidden border border-ink/10 bg-ink/10 sm:grid-cols-3 lg:grid-cols-5">
        {data
          ? data.categories.map(({ category, waiting: n }) => (
              // An odd last tile spans two columns on phones and tablets, leaving no empty cell.
              <li key={category} className="bg-ivory last:odd:col-span-2 lg:last:odd:col-span-1">
                <Link
                  to={`/admin/products?category=${encodeURIComponent(category)}`}
                  className="block h-full p-5 transition-colors hover:bg-jade-50/60"
                  aria-label={waitingWords(n, category)}
                >
                  <span className="block text-xs uppercase tracking-[0.12em] text-ink-muted">
                    {capitalize(category)}
                  </span>
                  <span
                    className={cn(
                      'mt-2 block font-display text-3xl leading-none lining-nums tabular-nums sm:text-4xl',
                      n === 0 ? 'text-ink-muted' : 'text-ink',
                    )}
                  >
                    {count.format(n)}
                  </span>
                  <span className="mt-2 block text-xs text-ink-muted">
                    {n === 0 ? 'nobody yet' : n === 1 ? 'person waiting' : 'people waiting'}
                  </span>
                </Link>
              </li>
            ))
          : [0, 1, 2, 3, 4].map((n) => (
              <li key={n} className="bg-ivory p-5" aria-hidden>
                <Skeleton className="h-3 w-16" />
                <Skeleton className="mt-3 h-9 w-12" />
                <Skeleton className="mt-3 h-3 w-20" />
              </li>
            ))}
      </ul>
    </section>
  )
}
