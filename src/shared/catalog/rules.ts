import type { z } from 'zod'
import type { categoryImageSchema, listingFacetsSchema, productPageSchema, productSchema } from './answers'
import { PRODUCT_STATUSES, PRODUCT_TYPES } from './vocabulary'

export { PRODUCT_STATUSES, PRODUCT_TYPES }

// Catalogue vocabulary shared by the storefront, the back office and the server. No zod at run
// time: the answers' types come from their schemas in catalog/answers.ts by type alone.

export const PRODUCT_CATEGORIES = ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings'] as const
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]

export type ProductType = (typeof PRODUCT_TYPES)[number]

export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  available: 'Available',
  sold: 'Sold',
  reserved: 'Reserved',
  draft: 'Draft',
}

export const JADE_TYPES = ['Type A', 'Type B', 'Type C', 'Type A+B'] as const
export const ORIGINS = ['Myanmar', 'China', 'Guatemala', 'Russia', 'Other'] as const

/** Inner-diameter ranges in millimetres, inclusive (storefront.md §5). XL has no upper bound. */
export const BANGLE_SIZES = {
  XS: { min: 50, max: 54 },
  S: { min: 55, max: 57 },
  M: { min: 58, max: 60 },
  L: { min: 61, max: 63 },
  XL: { min: 64, max: null },
} as const satisfies Record<string, { min: number; max: number | null }>
export type BangleSize = keyof typeof BANGLE_SIZES
export const BANGLE_SIZE_KEYS = ['XS', 'S', 'M', 'L', 'XL'] as const satisfies readonly BangleSize[]

export const SHORT_DESCRIPTION_MAX = 100

/** A product as the public API returns it (cost and other back-office fields are left out). */
export type Product = z.input<typeof productSchema>

export type CategoryImage = z.input<typeof categoryImageSchema>

/** Category names as the URL carries them: /products/category/bangles. */
export const categoryPath = (category: string) => `/products/category/${category.toLowerCase()}`
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

export const SORT_OPTIONS = ['name-asc', 'name-desc', 'price-asc', 'price-desc'] as const
export type SortOption = (typeof SORT_OPTIONS)[number]
export const SORT_LABELS: Record<SortOption, string> = {
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
}

/** A listing page holds this many pieces (the storefront's numbered pages and "Load more"). */
export const LISTING_PAGE_SIZE = 24
/** The most pieces one `GET /api/products?page=` answer carries. */
export const LISTING_PAGE_SIZE_MAX = 100
/** The home page's Featured Collection shows at most this many pieces (two rows of three). */
export const FEATURED_LIMIT = 6

/** One page of the public listing (`GET /api/products?page=N`) and how many pieces match in all. */
export type ProductPage = z.input<typeof productPageSchema>

export type FacetCount = ListingFacets['categories'][number]

/**
 * How many pieces each chip would show (`GET /api/products/facets`): per category with the other
 * filters applied, and per colour within the chosen category and size.
 */
export type ListingFacets = z.input<typeof listingFacetsSchema>
