import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminProductQuerySchema,
  categoryImageInputSchema,
  categoryParamSchema,
  newCategoryImageSchema,
} from '../../../shared/catalog-admin'
import { catalogExportFileName } from '../../../shared/catalog-csv'
import { markSoldSchema, productInputSchema } from '../../../shared/product-input'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import type { FileStore } from '../media/file-store'
import {
  catalogSummary,
  createCategoryImage,
  createProduct,
  deleteProduct,
  listAdminProducts,
  markProductSold,
  saveCategoryImage,
  updateProduct,
} from './admin-service'
import { exportCatalogCsv } from './export'
import { idParams } from './routes'
import { toAdminProduct } from './service'

// Registered inside the admin scope (plugins/admin-scope.ts): the guard and the storefront cache announcement
// after each write are the scope's, not each route's.

export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  files: FileStore
  origin: (request: FastifyRequest) => string
  /** The shop's clock: an export is named after its day. */
  timeZone: string
}> = async (app, { db, files, origin, timeZone }) => {
  app.get('/api/admin/products', { schema: { querystring: adminProductQuerySchema } }, (request) =>
    listAdminProducts(db, request.query),
  )

  app.get('/api/admin/products/summary', () => catalogSummary(db))

  app.get('/api/admin/products/export.csv', (request, reply) => {
    const day = dayIn(timeZone)
    const csv = exportCatalogCsv(db, origin(request), (error) =>
      request.log.error({ err: error }, 'catalogue export cut short'),
    )
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${catalogExportFileName(day)}"`)
      .header('cache-control', 'no-store')
      .send(csv)
  })

  app.post('/api/products', { schema: { body: productInputSchema } }, async (request, reply) => {
    const row = await createProduct(db, request.body)
    return reply.status(201).send(toAdminProduct(row))
  })

  app.put('/api/products/:id', { schema: { params: idParams, body: productInputSchema } }, async (request) =>
    toAdminProduct(await updateProduct(db, files, request.params.id, request.body, request.log)),
  )

  app.patch(
    '/api/products/:id/mark-sold',
    { schema: { params: idParams, body: markSoldSchema } },
    async (request) => toAdminProduct(await markProductSold(db, request.params.id, request.body?.soldPrice)),
  )

  app.delete('/api/products/:id', { schema: { params: idParams } }, async (request) => {
    await deleteProduct(db, files, request.params.id, request.log)
    return { message: 'Product deleted successfully' }
  })

  app.put(
    '/api/category-images/:category',
    { schema: { params: categoryParamSchema, body: categoryImageInputSchema } },
    async (request, reply) => {
      const { row, created } = await saveCategoryImage(
        db,
        files,
        request.params.category,
        request.body,
        request.log,
      )
      return reply.status(created ? 201 : 200).send(row)
    },
  )

  app.post('/api/category-images', { schema: { body: newCategoryImageSchema } }, async (request, reply) => {
    const { category, ...data } = request.body
    return reply.status(201).send(await createCategoryImage(db, category, data))
  })
}
