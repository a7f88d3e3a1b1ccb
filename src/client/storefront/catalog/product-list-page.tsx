import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useLocation, useParams, useSearchParams } from 'react-router'
import { capitalize, LISTING_PAGE_SIZE } from '../../../shared/catalog/rules'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { toast } from '../../ui/use-toast'
import { CategoryChips, ListingFilters } from './listing-filters'
import { ListingPager } from './listing-pager'
import { listingFilterParams, listingPageParams, readListingParams } from './listing-params'
import { ProductCard, ProductCardSkeleton } from './product-card'

/**
 * /products and /products/category/:category: one page of pieces (the server filters, sorts and
 * pages), numbered pages for links and crawlers, and "Load more" that adds the next page in place.
 */
export function ProductListPage() {
  const { category } = useParams()
  const { pathname } = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const params = readListingParams(searchParams)

  // Pages added by "Load more" belong to the view they were added to.
  const view = `${pathname}?${searchParams.toString()}`
  const [more, setMore] = useState({ view, pages: 0 })
  const added = more.view === view ? more.pages : 0

  const first = useQuery({
    ...queries.productPage(listingPageParams(category, params)),
    placeholderData: keepPreviousData,
  })
  const { data: facets } = useQuery({
    ...queries.listingFacets(listingFilterParams(category, params)),
    placeholderData: keepPreviousData,
  })

  const { isError } = first
  useEffect(() => {
    if (isError) toast({ title: 'Error', description: 'Failed to load products', variant: 'destructive' })
  }, [isError])

  const total = first.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE))
  const shownThrough = params.page + added
  const items = first.data?.items ?? []
  const shownCount = Math.min(total, shownThrough * LISTING_PAGE_SIZE - (params.page - 1) * LISTING_PAGE_SIZE)

  /** Changes one filter, keeping the others; a new filter starts again at page 1. */
  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(searchParams)
    if (value) next.set(name, value)
    else next.delete(name)
    next.delete('page')
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }
  const hasFilters = !!(params.color || params.size || params.q)

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Natural Type A Jadeite</p>
      <h1 className="mt-3 font-display text-5xl text-ink">
        {category ? capitalize(category) : 'All Collections'}
      </h1>

      <CategoryChips category={category} search={searchParams} counts={facets?.categories} />
      <ListingFilters
        category={category}
        params={params}
        colors={facets?.colors ?? []}
        bangles={facets?.categories.some((facet) => facet.name === 'bangles') ?? false}
        total={first.isPending ? undefined : total}
        setParam={setParam}
      />

      {!first.isPending && items.length === 0 ? (
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
        <div
          className="mt-12 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy={first.isFetching}
        >
          {first.isPending
            ? [0, 1, 2, 3, 4, 5].map((n) => <ProductCardSkeleton key={n} />)
            : items.map((product, index) => (
                <ProductCard key={product.id} product={product} priority={index < 3} headingLevel={2} />
              ))}
          {Array.from({ length: added }, (_, index) => params.page + index + 1).map((page) => (
            <MorePieces key={page} params={listingPageParams(category, params, page)} />
          ))}
        </div>
      )}

      {shownThrough < pages && !first.isPending && (
        <div className="mt-16 flex flex-col items-center gap-3">
          <p className="text-sm text-ink-muted tabular-nums" aria-live="polite">
            Showing {shownCount} of {total} pieces
          </p>
          <Button variant="secondary" onClick={() => setMore({ view, pages: added + 1 })}>
            Load more
          </Button>
        </div>
      )}
      <ListingPager
        pathname={pathname}
        search={searchParams}
        page={params.page}
        through={shownThrough}
        pages={pages}
      />
    </div>
  )
}

/** A page added by "Load more": its cards in the same grid, skeletons while it loads. */
function MorePieces({ params }: { params: Record<string, string | undefined> }) {
  const { data, isPending } = useQuery(queries.productPage(params))
  if (isPending) return [0, 1, 2].map((n) => <ProductCardSkeleton key={n} />)
  return data?.items.map((product) => <ProductCard key={product.id} product={product} headingLevel={2} />)
}
