import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '../lib/cn'
import { Button } from './button'

const count = new Intl.NumberFormat('en-US')

export interface PaginationProps {
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
  /** What the rows are: { one: 'product', other: 'products' }. */
  noun?: { one: string; other: string }
  loading?: boolean
  className?: string
}

/** The range shown and the way to the previous and next page of a server-paged list. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  noun,
  loading,
  className,
}: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex items-center justify-between gap-4 pt-4 text-sm text-ink-muted', className)}
    >
      <p aria-live="polite" className="tabular-nums">
        {loading ? (
          'Loading…'
        ) : (
          <>
            {pages > 1 && `${count.format(first)}–${count.format(last)} of `}
            {count.format(total)}
            {noun ? ` ${total === 1 ? noun.one : noun.other}` : ''}
          </>
        )}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <span className="hidden tabular-nums sm:inline">
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Previous page"
            disabled={page <= 1 || loading}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Next page"
            disabled={page >= pages || loading}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      )}
    </nav>
  )
}
