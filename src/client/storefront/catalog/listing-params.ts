import {
  BANGLE_SIZE_KEYS,
  type BangleSize,
  LISTING_PAGE_SIZE,
  SORT_OPTIONS,
  type SortOption,
} from '../../../shared/catalog/rules'

/**
 * The listing's filters and page live in the URL, so a view can be shared, survives a reload and
 * is a page a search engine can crawl. The server filters, sorts and pages (GET /api/products).
 */
export interface ListingParams {
  color?: string
  size?: BangleSize
  q?: string
  sort?: SortOption
  includeSold: boolean
  page: number
}

const isSize = (value: string | null): value is BangleSize => BANGLE_SIZE_KEYS.includes(value as BangleSize)
const isSort = (value: string | null): value is SortOption => SORT_OPTIONS.includes(value as SortOption)

export const listingPageOf = (search: URLSearchParams) =>
  Math.max(1, Math.floor(Number(search.get('page'))) || 1)

export function readListingParams(search: URLSearchParams): ListingParams {
  const size = search.get('size')
  const sort = search.get('sort')
  return {
    color: search.get('color')?.toLowerCase() || undefined,
    size: isSize(size) ? size : undefined,
    sort: isSort(sort) ? sort : undefined,
    q: search.get('q')?.trim() || undefined,
    includeSold: search.get('sold') === '1',
    page: listingPageOf(search),
  }
}

type ApiParams = Record<string, string | undefined>

/** The filters as the API takes them (also the chips' counts, GET /api/products/facets). */
export function listingFilterParams(category: string | undefined, params: ListingParams): ApiParams {
  return {
    category: category?.toLowerCase(),
    color: params.color,
    size: params.size,
    q: params.q,
    includeSold: params.includeSold ? 'true' : undefined,
  }
}

/** One page of the listing: the route prefetches with these and the page reads with them. */
export function listingPageParams(category: string | undefined, params: ListingParams, page = params.page) {
  return {
    ...listingFilterParams(category, params),
    sort: params.sort,
    page: String(page),
    pageSize: String(LISTING_PAGE_SIZE),
  }
}

/** The URL of another page of the same view: page 1 is the view's own address. */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search)
  if (page > 1) next.set('page', String(page))
  else next.delete('page')
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}
