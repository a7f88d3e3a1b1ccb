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
  const body = (
    <>
      <dt className="text-xs uppercase tracking-[0.12em] text-ink-muted">{label}</dt>
      <dd className="mt-2 font-display text-3xl leading-none text-ink lining-nums tabular-nums sm:text-4xl">
        {loading ? <Skeleton className="h-9 w-28" /> : children}
      </dd>
      <dd className="mt-2 text-xs text-ink-muted">{loading ? <Skeleton className="h-3 w-24" /> : detail}</dd>
    </>
  )
  return to ? (
    <Link to={to} className="block bg-ivory p-5 transition-colors hover:bg-jade-50/60">
      {body}
    </Link>
  ) : (
    <div className="bg-ivory p-5">{body}</div>
  )
}
