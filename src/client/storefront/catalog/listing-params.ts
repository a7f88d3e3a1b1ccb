import { BANGLE_SIZE_KEYS, type BangleSize, SORT_OPTIONS, type SortOption } from '../../../shared/catalog'
import type { ListingFilters } from '../../../shared/product-filter'

/** The listing's filters live in the URL, so a filtered view can be shared and survives reload. */
export interface ListingParams extends ListingFilters {
  includeSold: boolean
}

const isSize = (value: string | null): value is BangleSize => BANGLE_SIZE_KEYS.includes(value as BangleSize)
const isSort = (value: string | null): value is SortOption => SORT_OPTIONS.includes(value as SortOption)

export function readListingParams(search: URLSearchParams): ListingParams {
  const size = search.get('size')
  const sort = search.get('sort')
  return {
    color: search.get('color') || undefined,
    size: isSize(size) ? size : undefined,
    sort: isSort(sort) ? sort : undefined,
    q: search.get('q')?.trim() || undefined,
    includeSold: search.get('sold') === '1',
  }
}

/** The API query of the listing: the category's pieces (sold ones on request); the rest filters locally. */
export function listingApiParams(category: string | undefined, params: Pick<ListingParams, 'includeSold'>) {
  return {
    ...(category ? { category } : {}),
    ...(params.includeSold ? { includeSold: 'true' } : {}),
  }
}
