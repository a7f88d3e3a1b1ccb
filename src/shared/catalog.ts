// Catalogue vocabulary shared by the storefront, the back office and the server.

export const PRODUCT_CATEGORIES = ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings'] as const
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]

export const PRODUCT_TYPES = [
  'bangle',
  'necklace',
  'pendant',
  'ring',
  'earring',
  'bracelet',
  'other',
] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]

export const PRODUCT_STATUSES = ['available', 'sold', 'reserved', 'draft'] as const
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
export interface Product {
  id: number
  sku: string | null
  name: string
  description: string
  shortDescription: string
  price: number
  originalPrice: number | null
  imageUrls: string[]
  /** Alt text per image, in the order of imageUrls; '' means the product's name. */
  imageAlts: string[]
  category: string
  type: ProductType
  color: string
  innerDiameterMm: number | null
  /** The specification's name for innerDiameterMm (back-office.md §3); the same value. */
  inner_diameter_mm: number | null
  weight: string | null
  dimensions: string | null
  jadeType: string | null
  origin: string | null
  certification: string | null
  /** The certificate of authenticity's image, beside `certification` (the lab and number). */
  certificateUrl: string | null
  featured: boolean
  status: ProductStatus
  stockQuantity: number
  sold: boolean
  inStock: boolean
  createdAt: string
}

export interface CategoryImage {
  category: string
  imageUrl: string
  description: string | null
}

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
export interface ProductPage {
  items: Product[]
  total: number
}

export interface FacetCount {
  name: string
  count: number
}

/**
 * How many pieces each chip would show (`GET /api/products/facets`): per category with the other
 * filters applied, and per colour within the chosen category and size.
 */
export interface ListingFacets {
  categories: FacetCount[]
  colors: FacetCount[]
}
