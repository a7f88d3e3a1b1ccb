import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '../../lib/cn'
import { pageHref } from './listing-params'

/** The page numbers shown: the first, the last, and those around the current page, gaps as null. */
export function pageNumbers(page: number, pages: number, around = 1): (number | null)[] {
  const shown = new Set([1, pages])
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) shown.add(n)
  const sorted = [...shown].sort((a, b) => a - b)
  return sorted.flatMap((n, index) => (index > 0 && n - sorted[index - 1]! > 1 ? [null, n] : [n]))
}

interface ListingPagerProps {
  pathname: string
  search: URLSearchParams
  /** The page the URL names. */
  page: number
  /** The last page on screen ("Load more" adds pages after `page`). */
  through: number
  pages: number
}

const step = 'inline-flex h-10 items-center gap-2 px-2 text-sm font-medium text-jade-700 hover:text-jade-800'

/** Numbered pages of a listing, each a real link (crawlable, shareable), with previous and next. */
export function ListingPager({ pathname, search, page, through, pages }: ListingPagerProps) {
  if (pages <= 1) return null
  const href = (n: number) => pageHref(pathname, search, n)
  return (
    <nav
      aria-label="Pages"
      className="mt-16 flex items-center justify-between gap-2 border-t border-ink/10 pt-8"
    >
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={step}>
          <ArrowLeft className="size-4" aria-hidden />
          <span className="hidden sm:inline">Previous</span>
          <span className="sr-only sm:hidden">Previous page</span>
        </Link>
      ) : (
        <span className="w-10" />
      )}
      <ol className="flex items-center gap-1">
        {pageNumbers(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden className="w-6 text-center text-ink-muted">
              …
            </li>
          ) : (
            // On a phone only the first, the current and the last page keep their number.
            <li key={n} className={n === 1 || n === page || n === pages ? undefined : 'hidden sm:list-item'}>
              <Link
                to={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={cn(
                  'inline-flex size-9 items-center justify-center rounded-full text-sm tabular-nums transition-colors sm:size-10',
                  n >= page && n <= through
                    ? 'bg-jade-700 text-ivory'
                    : 'text-ink-muted hover:bg-jade-50 hover:text-jade-700',
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {through < pages ? (
        <Link to={href(through + 1)} rel="next" className={step}>
          <span className="hidden sm:inline">Next</span>
          <span className="sr-only sm:hidden">Next page</span>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <span className="w-10" />
      )}
    </nav>
  )
}
