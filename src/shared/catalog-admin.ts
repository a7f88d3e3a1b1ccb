import { z } from 'zod'
import { listQuerySchema, sortParam } from './admin-list'
import { PRODUCT_CATEGORIES, PRODUCT_STATUSES, type Product, type ProductStatus } from './catalog'
import { nullableText, strictObject } from './validation'

// The back office's view of the catalogue: what its product list asks for and gets.

/** A product with what only the back office sees: cost and the sale record. */
export interface AdminProduct extends Product {
  cost: number | null
  soldAt: string | null
  soldPrice: number | null
  updatedAt: string
}

export const ADMIN_PRODUCT_SORTS = ['newest', 'name-asc', 'name-desc', 'price-desc', 'price-asc'] as const
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number]
export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  newest: 'Newest First',
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
  'price-desc': 'Price: High to Low',
  'price-asc': 'Price: Low to High',
}

export const adminProductQuerySchema = listQuerySchema.extend({
  sort: sortParam(ADMIN_PRODUCT_SORTS),
  status: z.enum(PRODUCT_STATUSES, { error: 'Unknown status' }).optional(),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Unknown category' }).optional(),
})
export type AdminProductQuery = z.output<typeof adminProductQuerySchema>

export interface AdminProductPage {
  items: AdminProduct[]
  total: number
  /** How many products each status has under the same search and category (for the filter). */
  statusCounts: Record<ProductStatus | 'all', number>
}

/** The dashboard's catalogue card. */
export interface CatalogSummary {
  products: number
  categories: number
  byStatus: Record<ProductStatus, number>
}

export const categoryParamSchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES, {
    error: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}`,
  }),
})

const categoryImageFields = {
  imageUrl: z.string({ error: 'Please choose an image' }).trim().min(1, 'Please choose an image').max(2000),
  description: nullableText(500),
}

/** PUT /api/category-images/:category */
export const categoryImageInputSchema = strictObject(categoryImageFields)
/** POST /api/category-images */
export const newCategoryImageSchema = strictObject({
  category: categoryParamSchema.shape.category,
  ...categoryImageFields,
})
export type CategoryImageInput = z.input<typeof categoryImageInputSchema>
