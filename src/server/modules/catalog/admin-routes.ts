import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { catalogAdminContract as contract } from '../../../shared/catalog/admin-contract'
import { catalogExportFileName } from '../../../shared/catalog-import/csv'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { can, currentUser, requirePermission } from '../../http/guards'
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
  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listAdminProducts(db, request.query),
  )

  app.get(contract.summary.path, { schema: schemaOf(contract.summary) }, () => catalogSummary(db))

  app.get(contract.exportCsv.path, async (request, reply) => {
    const day = dayIn(timeZone)
    const withCost = can(await currentUser(request), 'products:cost')
    const csv = exportCatalogCsv(
      db,
      origin(request),
      (error) => request.log.error({ err: error }, 'catalogue export cut short'),
      { withCost },
    )
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${catalogExportFileName(day)}"`)
      .header('cache-control', 'no-store')
      .send(csv)
  })

  app.post(contract.create.path, { schema: schemaOf(contract.create) }, async (request, reply) => {
    // A new piece is priced as it is made: adding one is pricing it.
    await requirePermission(request, 'products:prices')
    const withCost = can(await currentUser(request), 'products:cost')
    const row = await createProduct(db, withCost ? request.body : { ...request.body, cost: null })
    return reply.status(201).send(toAdminProduct(row))
  })

  app.put(contract.update.path, { schema: schemaOf(contract.update) }, async (request) => {
    const member = await currentUser(request)
    const may = { prices: can(member, 'products:prices'), cost: can(member, 'products:cost') }
    return toAdminProduct(await updateProduct(db, files, request.params.id, request.body, request.log, may))
  })

  app.patch(contract.markSold.path, { schema: schemaOf(contract.markSold) }, async (request) => {
    // The price it sold at is a price.
    if (request.body?.soldPrice !== undefined) await requirePermission(request, 'products:prices')
    return toAdminProduct(await markProductSold(db, request.params.id, request.body?.soldPrice))
  })

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    await deleteProduct(db, files, request.params.id, request.log)
    return { message: 'Product deleted successfully' }
  })

  app.put(
    contract.saveCategoryImage.path,
    { schema: schemaOf(contract.saveCategoryImage) },
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

  app.post(
    contract.createCategoryImage.path,
    { schema: schemaOf(contract.createCategoryImage) },
    async (request, reply) => {
      const { category, ...data } = request.body
      return reply.status(201).send(await createCategoryImage(db, category, data))
    },
  )
}
