import { z } from 'zod'
import { endpoint } from '../contract'
import { messageAnswer } from '../wire'
import {
  adminProductPageAnswer,
  adminProductQuerySchema,
  catalogSummaryAnswer,
  categoryImageAnswer,
  categoryImageInputSchema,
  categoryParamSchema,
  newCategoryImageSchema,
} from './admin-schema'
import { adminProductSchema } from './answers'
import { markSoldSchema, productInputSchema } from './product-schema'

// The back office's catalogue: the product list and form, the category pictures; the routes are
// inside the admin scope.

const productParams = z.object({ id: z.coerce.number({ error: 'Product not found' }).int().positive() })

export const catalogAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'products:view',
    path: '/api/admin/products',
    querystring: adminProductQuerySchema,
    response: { 200: adminProductPageAnswer },
  }),
  summary: endpoint({
    method: 'GET',
    permission: 'products:view',
    path: '/api/admin/products/summary',
    response: { 200: catalogSummaryAnswer },
  }),
  /** The whole catalogue as a CSV file, streamed: no JSON answer to describe. */
  exportCsv: endpoint({
    method: 'GET',
    permission: 'products:view',
    path: '/api/admin/products/export.csv',
    response: {},
  }),
  create: endpoint({
    method: 'POST',
    permission: 'products:edit',
    path: '/api/products',
    body: productInputSchema,
    response: { 201: adminProductSchema },
  }),
  update: endpoint({
    method: 'PUT',
    permission: 'products:edit',
    path: '/api/products/:id',
    params: productParams,
    body: productInputSchema,
    response: { 200: adminProductSchema },
  }),
  markSold: endpoint({
    method: 'PATCH',
    permission: 'products:edit',
    path: '/api/products/:id/mark-sold',
    params: productParams,
    body: markSoldSchema,
    response: { 200: adminProductSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'products:edit',
    path: '/api/products/:id',
    params: productParams,
    response: { 200: messageAnswer },
  }),
  /** Sets a category's picture: 201 when the category had none, else 200. */
  saveCategoryImage: endpoint({
    method: 'PUT',
    permission: 'products:edit',
    path: '/api/category-images/:category',
    params: categoryParamSchema,
    body: categoryImageInputSchema,
    response: { 200: categoryImageAnswer, 201: categoryImageAnswer },
  }),
  createCategoryImage: endpoint({
    method: 'POST',
    permission: 'products:edit',
    path: '/api/category-images',
    body: newCategoryImageSchema,
    response: { 201: categoryImageAnswer },
  }),
}
