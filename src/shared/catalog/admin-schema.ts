import { z } from 'zod'
import { listQuerySchema, sortParam } from '../admin/list'
import { nullableText, strictObject } from '../validation'
import { adminProductSchema } from './answers'
import { PRODUCT_CATEGORIES, PRODUCT_STATUSES } from './rules'

// The back office's view of the catalogue: what its product list asks for and gets.

/** A product with what only the back office sees: cost and the sale record. */
export type { AdminProduct } from './answers'

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

const count = z.number().int()

export const adminProductPageAnswer = z.object({
  items: z.array(adminProductSchema),
  total: count,
  /** How many products each status has under the same search and category (for the filter). */
  statusCounts: z.record(z.enum([...PRODUCT_STATUSES, 'all']), count),
})
export type AdminProductPage = z.input<typeof adminProductPageAnswer>

/** The dashboard's catalogue card. */
export const catalogSummaryAnswer = z.object({
  products: count,
  categories: count,
  byStatus: z.record(z.enum(PRODUCT_STATUSES), count),
})
export type CatalogSummary = z.input<typeof catalogSummaryAnswer>

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

/** A category's picture as stored (the storefront's `CategoryImage` and the row's id). */
export const categoryImageAnswer = z.object({
  id: z.number().int(),
  category: z.string(),
  imageUrl: z.string(),
  description: z.string().nullable(),
})
