import { useQuery } from '@tanstack/react-query'
import { Search, X } from 'lucide-react'
import { Link } from 'react-router'
import {
  BANGLE_SIZE_KEYS,
  BANGLE_SIZES,
  capitalize,
  categoryPath,
  type FacetCount,
  SORT_LABELS,
  SORT_OPTIONS,
} from '../../../shared/catalog/rules'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { Hint } from '../../ui/hint'
import type { ListingParams } from './listing-params'

const sizeLabel = (size: keyof typeof BANGLE_SIZES) => {
  const { min, max } = BANGLE_SIZES[size]
  return max === null ? `${size} (${min} mm and up)` : `${size} (${min}–${max} mm)`
}

const controlClass =
  'h-10 w-full rounded-sm border border-ink/20 bg-ivory px-3 pr-8 text-sm text-ink focus-visible:border-jade-700 sm:w-auto'

const chipClass = (active: boolean) =>
  cn(
    'inline-flex items-baseline gap-1.5 rounded-full border px-4 py-2 text-sm transition-colors',
    active
      ? 'border-jade-700 bg-jade-700 text-ivory'
      : 'border-ink/15 text-ink-muted hover:border-jade-700 hover:text-jade-700',
  )

const countOf = (counts: FacetCount[] | undefined, name: string) =>
  counts?.find((facet) => facet.name === name)?.count ?? 0

/** All plus one chip per category, each with how many pieces it holds under the other filters. */
export function CategoryChips({
  category,
  search,
  counts,
}: {
  category: string | undefined
  search: URLSearchParams
  counts: FacetCount[] | undefined
}) {
  const { data: categories = [] } = useQuery(queries.categories())
  // A chip opens its category at page 1, keeping the other filters.
  const kept = new URLSearchParams(search)
  kept.delete('page')
  const suffix = kept.toString() ? `?${kept.toString()}` : ''
  const all = counts?.reduce((sum, facet) => sum + facet.count, 0)
  const count = (n: number | undefined) =>
    n === undefined ? null : <span className="text-xs tabular-nums">{n}</span>
  return (
    <nav aria-label="Categories" className="mt-8 flex flex-wrap gap-2">
      <Link
        to={`/products${suffix}`}
        className={chipClass(!category)}
        aria-current={!category ? 'page' : undefined}
      >
        All {count(all)}
      </Link>
      {categories.map((name) => {
        const active = name === category?.toLowerCase()
        return (
          <Link
            key={name}
            to={`${categoryPath(name)}${suffix}`}
            className={chipClass(active)}
            aria-current={active ? 'page' : undefined}
          >
            {capitalize(name)} {count(counts ? countOf(counts, name) : undefined)}
          </Link>
        )
      })}
    </nav>
  )
}

interface ListingFiltersProps {
  category: string | undefined
  params: ListingParams
  colors: FacetCount[]
  /** Whether the view holds bangles (the size filter is shown then). */
  bangles: boolean
  /** Pieces in the whole view; undefined while loading. */
  total: number | undefined
  setParam: (name: string, value: string | undefined) => void
}

/**
 * Colour, sort, bangle size and sold pieces: each a URL parameter. On a phone each list takes the
 * width (a sort's longest label fits at 320 px) and the count closes the row of "Show sold pieces".
 */
export function ListingFilters({ category, params, colors, bangles, total, setParam }: ListingFiltersProps) {
  const showSizes = category?.toLowerCase() === 'bangles' || (!category && bangles) || !!params.size
  return (
    <section
      aria-label="Filters"
      className="mt-8 grid grid-cols-2 items-end gap-x-4 gap-y-4 border-y border-ink/10 py-5 text-sm sm:flex sm:flex-wrap sm:gap-x-6"
    >
      {params.q && (
        <p className="col-span-2 flex items-center gap-2 text-ink">
          <Search className="size-4 shrink-0 text-jade-700" aria-hidden />
          <span className="min-w-0 break-words">Results for “{params.q}”</span>
          <button
            type="button"
            onClick={() => setParam('q', undefined)}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-jade-50"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden />
          </button>
        </p>
      )}
      {(colors.length > 0 || params.color) && (
        <label className="col-span-2 flex flex-col gap-1.5">
          <span className="text-xs uppercase tracking-[0.15em] text-ink-muted">Color</span>
          <select
            name="color"
            className={controlClass}
            value={params.color ?? ''}
            onChange={(event) => setParam('color', event.target.value || undefined)}
          >
            <option value="">All Colors</option>
            {params.color && !colors.some((facet) => facet.name === params.color) && (
              <option value={params.color}>{capitalize(params.color)} (0)</option>
            )}
            {colors.map(({ name, count }) => (
              <option key={name} value={name}>
                {capitalize(name)} ({count})
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="col-span-2 flex flex-col gap-1.5">
        <span className="text-xs uppercase tracking-[0.15em] text-ink-muted">Sort</span>
        <select
          name="sort"
          className={controlClass}
          value={params.sort ?? (params.q ? '' : 'name-asc')}
          onChange={(event) => {
            const value = event.target.value
            // The default order (relevance for a search, else A to Z) leaves the URL.
            setParam('sort', value === '' || (!params.q && value === 'name-asc') ? undefined : value)
          }}
        >
          {params.q && <option value="">Best match</option>}
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      {showSizes && (
        <div className="col-span-2 flex flex-col gap-1.5">
          <span className="flex items-center gap-3">
            <label htmlFor="bangle-size" className="text-xs uppercase tracking-[0.15em] text-ink-muted">
              Bangle size
            </label>
            <Hint label="Don't know your size?">
              Measure with a flexible tape around the widest part of your hand with the thumb tucked in.
            </Hint>
          </span>
          <select
            id="bangle-size"
            name="size"
            className={controlClass}
            value={params.size ?? ''}
            onChange={(event) => setParam('size', event.target.value || undefined)}
          >
            <option value="">All Sizes</option>
            {BANGLE_SIZE_KEYS.map((size) => (
              <option key={size} value={size}>
                {sizeLabel(size)}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="flex h-10 cursor-pointer items-center gap-2 text-ink">
        <input
          type="checkbox"
          name="sold"
          className="size-4 accent-jade-700"
          checked={params.includeSold}
          onChange={(event) => setParam('sold', event.target.checked ? '1' : undefined)}
        />
        Show sold pieces
      </label>
      {total !== undefined && (
        <p className="h-10 text-right leading-10 text-ink-muted tabular-nums sm:ml-auto" aria-live="polite">
          {total} {total === 1 ? 'piece' : 'pieces'}
        </p>
      )}
    </section>
  )
}
