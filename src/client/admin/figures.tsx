import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Skeleton } from '../ui/skeleton'

/** A row of headline figures (the dashboard's money, the sales cards): hairline-separated tiles. */
export function FigureGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-2 gap-px overflow-hidden border border-ink/10 bg-ink/10 lg:grid-cols-4"
    >
      {children}
    </dl>
  )
}

export function Figure({
  label,
  children,
  detail,
  loading,
  to,
}: {
  label: string
  children: ReactNode
  detail?: ReactNode
  loading: boolean
  to?: string
}) {
  // A <dl> may hold only <div> groups of <dt>/<dd>: a linked tile's link is its label, stretched
  // over the whole tile, so the tile stays one target and the list stays valid.
  return (
    <div
      className={
        to
          ? 'relative bg-ivory p-5 transition-colors focus-within:bg-jade-50/60 hover:bg-jade-50/60'
          : 'bg-ivory p-5'
      }
    >
      <dt className="text-xs uppercase tracking-[0.12em] text-ink-muted">
        {to ? (
          <Link
            to={to}
            className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-jade-700"
          >
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-2 font-display text-3xl leading-none text-ink lining-nums tabular-nums sm:text-4xl">
        {loading ? <Skeleton className="h-9 w-28" /> : children}
      </dd>
      <dd className="mt-2 text-xs text-ink-muted">{loading ? <Skeleton className="h-3 w-24" /> : detail}</dd>
    </div>
  )
}
