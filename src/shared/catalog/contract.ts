import { z } from 'zod'
import { endpoint } from '../contract'
import {
  adminProductSchema,
  categoryImageSchema,
  listingFacetsSchema,
  productPageSchema,
  productSchema,
} from './answers'
import { BANGLE_SIZE_KEYS, LISTING_PAGE_SIZE_MAX, SORT_OPTIONS } from './rules'

// The public catalogue. The listing's answers (GET /api/products, /facets, /categories,
// /category-images) are cached JSON bytes sent as they are (listing-cache.ts): their schemas are
// declared for the API document and the client's types, and serialise only the back office's
// uncached `includeAll` list.

const flag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .optional()
  .transform((value) => value === 'true')

export const productListQuery = z.object({
  featured: flag,
  category: z.string().trim().max(50).optional(),
  color: z.string().trim().max(50).optional(),
  size: z.enum(BANGLE_SIZE_KEYS, { error: 'Size must be XS, S, M, L or XL' }).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z
    .enum(SORT_OPTIONS, { error: 'Sort must be name-asc, name-desc, price-asc or price-desc' })
    .optional(),
  includeSold: flag,
  includeAll: flag,
  // With either, the answer is one page, { items, total }; without, the specification's plain array.
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int()
    .min(1, 'Page must be at least 1')
    .optional(),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, 'Page size must be at least 1')
    .max(LISTING_PAGE_SIZE_MAX, `Page size must be at most ${LISTING_PAGE_SIZE_MAX}`)
    .optional(),
})

/**
 * The listing: the plain array, or one page with `page`/`pageSize`; with `includeAll` (owners
 * only) every product in the owner's view. The owner's view comes first: a union encodes with
 * the first shape that fits, and the public one would drop the cost.
 */
const products = endpoint({
  method: 'GET',
  path: '/api/products',
  querystring: productListQuery,
  response: {
    200: z.union([z.array(adminProductSchema), productPageSchema, z.array(productSchema)]),
  },
})

export const catalogContract = {
  categories: endpoint({ method: 'GET', path: '/api/categories', response: { 200: z.array(z.string()) } }),
  categoryImages: endpoint({
    method: 'GET',
    path: '/api/category-images',
    response: { 200: z.array(categoryImageSchema) },
  }),
  products,
  /** The listing asked without `page`: the client's view of that answer. */
  productList: endpoint({ ...products, response: { 200: z.array(productSchema) } }),
  /** The listing asked for a page (`page`, `pageSize`): the client's view of that answer. */
  productPage: endpoint({ ...products, response: { 200: productPageSchema } }),
  facets: endpoint({
    method: 'GET',
    path: '/api/products/facets',
    querystring: productListQuery.pick({
      category: true,
      color: true,
      size: true,
      q: true,
      includeSold: true,
    }),
    response: { 200: listingFacetsSchema },
  }),
  /** One product; an owner sees drafts and the owner's view. */
  product: endpoint({
    method: 'GET',
    path: '/api/products/:id',
    params: z.object({ id: z.coerce.number({ error: 'Product not found' }).int().positive() }),
    response: { 200: z.union([adminProductSchema, productSchema]) },
  }),
}
