import { useQuery } from '@tanstack/react-query'
import { Search, X } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import {
  BANGLE_SIZE_KEYS,
  BANGLE_SIZES,
  capitalize,
  categoryPath,
  SORT_LABELS,
  SORT_OPTIONS,
} from '../../../shared/catalog'
import { colorOptions, filterProducts } from '../../../shared/product-filter'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Hint } from '../../ui/hint'
import { toast } from '../../ui/use-toast'
import { listingApiParams, readListingParams } from './listing-params'
import { ProductCard, ProductCardSkeleton } from './product-card'

const sizeLabel = (size: keyof typeof BANGLE_SIZES) => {
  const { min, max } = BANGLE_SIZES[size]
  return max === null ? `${size} (${min} mm and up)` : `${size} (${min}–${max} mm)`
}

const controlClass =
  'h-10 w-full rounded-sm border border-ink/20 bg-ivory px-3 pr-8 text-sm text-ink focus-visible:border-jade-700 sm:w-auto'

export function ProductListPage() {
  const { category } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const params = readListingParams(searchParams)
  const {
    data: products,
    isPending,
    isError,
  } = useQuery(queries.products(listingApiParams(category, params)))
  const { data: categories = [] } = useQuery(queries.categories())

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: 'Failed to load products', variant: 'destructive' })
  }, [isError])

  const colors = useMemo(() => colorOptions(products ?? []), [products])
  const showSizes = category?.toLowerCase() === 'bangles' || (products ?? []).some((p) => p.type === 'bangle')
  const visible = useMemo(() => filterProducts(products ?? [], params), [products, params])

  /** Changes one URL parameter, keeping the others; empty values leave the URL. */
  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(searchParams)
    if (value) next.set(name, value)
    else next.delete(name)
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }
  const hasFilters = !!(params.color || params.size || params.q)

  const chip = (active: boolean) =>
    cn(
      'rounded-full border px-4 py-2 text-sm transition-colors',
      active
        ? 'border-jade-700 bg-jade-700 text-ivory'
        : 'border-ink/15 text-ink-muted hover:border-jade-700 hover:text-jade-700',
    )
  const chipSearch = searchParams.toString() ? `?${searchParams.toString()}` : ''

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Natural Type A Jadeite</p>
      <h1 className="mt-3 font-display text-5xl text-ink">
        {category ? capitalize(category) : 'All Collections'}
      </h1>

      <nav aria-label="Categories" className="mt-8 flex flex-wrap gap-2">
        <Link
          to={`/products${chipSearch}`}
          className={chip(!category)}
          aria-current={!category ? 'page' : undefined}
        >
          All
        </Link>
        {categories.map((name) => {
          const active = name === category?.toLowerCase()
          return (
            <Link
              key={name}
              to={`${categoryPath(name)}${chipSearch}`}
              className={chip(active)}
              aria-current={active ? 'page' : undefined}
            >
              {capitalize(name)}
            </Link>
          )
        })}
      </nav>

      <section
        aria-label="Filters"
        className="mt-8 grid grid-cols-2 items-end gap-x-4 gap-y-4 border-y border-ink/10 py-5 text-sm sm:flex sm:flex-wrap sm:gap-x-6"
      >
        {params.q && (
          <p className="col-span-2 flex items-center gap-2 text-ink">
            <Search className="size-4 text-jade-700" aria-hidden />
            Results for “{params.q}”
            <button
              type="button"
              onClick={() => setParam('q', undefined)}
              className="inline-flex size-7 items-center justify-center rounded-full hover:bg-jade-50"
              aria-label="Clear search"
            >
              <X className="size-4" aria-hidden />
            </button>
          </p>
        )}
        {colors.length > 0 && (
          <label className="flex flex-col gap-1.5">
            <span className="text-xs uppercase tracking-[0.15em] text-ink-muted">Color</span>
            <select
              name="color"
              className={controlClass}
              value={params.color?.toLowerCase() ?? ''}
              onChange={(event) => setParam('color', event.target.value || undefined)}
            >
              <option value="">All Colors</option>
              {colors.map((color) => (
                <option key={color} value={color}>
                  {capitalize(color)}
                </option>
              ))}
            </select>
          </label>
        )}
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
        <label className="flex flex-col gap-1.5">
          <span className="text-xs uppercase tracking-[0.15em] text-ink-muted">Sort</span>
          <select
            name="sort"
            className={controlClass}
            value={params.sort ?? 'name-asc'}
            onChange={(event) =>
              setParam('sort', event.target.value === 'name-asc' ? undefined : event.target.value)
            }
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
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
        {!isPending && (
          <p className="h-10 text-right leading-10 text-ink-muted sm:ml-auto" aria-live="polite">
            {visible.length} {visible.length === 1 ? 'piece' : 'pieces'}
          </p>
        )}
      </section>

      {!isPending && visible.length === 0 ? (
        <EmptyState
          className="mt-16"
          title="No Products Found"
          description="We couldn't find any products matching your criteria."
          action={
            hasFilters ? (
              <Button variant="secondary" onClick={() => setSearchParams({}, { replace: true })}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="mt-12 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3">
          {isPending
            ? [0, 1, 2, 3, 4, 5].map((n) => <ProductCardSkeleton key={n} />)
            : visible.map((product, index) => (
                <ProductCard key={product.id} product={product} priority={index < 3} headingLevel={2} />
              ))}
        </div>
      )}
    </div>
  )
}
