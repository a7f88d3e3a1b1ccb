import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { catalogContract as contract } from '../../../shared/catalog/contract'
import { LISTING_PAGE_SIZE } from '../../../shared/catalog/rules'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { pickEncoding } from '../../http/content-encoding'
import { schemaOf } from '../../http/contract'
import { can, requirePermission } from '../../http/guards'
import type { CatalogChanges } from './catalog-changes'
import { listingFacets, listProductPage, listProducts } from './listing'
import { type CachedBody, normaliseListing } from './listing-cache'
import { getProduct, listCategories, listCategoryImages, toAdminProduct, toPublicProduct } from './service'

/** A product's id in the path (the back office's product routes read it too). */
export const idParams = contract.product.params

/** Sends cached bytes, compressed as the client accepts, or 304 when it already has them. */
async function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply
    .header('etag', body.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', 'public, no-cache')
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send()
  const encoding = pickEncoding(request.headers['accept-encoding'])
  reply.type('application/json; charset=utf-8')
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await body.brotli())
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await body.gzip())
  return reply.send(body.json)
}

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database; catalog: CatalogChanges }> = async (
  app,
  { db, catalog },
) => {
  const cached = (request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>) =>
    catalog.cache.get(key, build).then((body) => sendCached(request, reply, body))

  // The cached answers are bytes, sent as they are: their schemas describe them, and serialise nothing.
  app.get(contract.categories.path, { schema: schemaOf(contract.categories) }, (request, reply) =>
    cached(request, reply, 'categories', () => listCategories(db)),
  )

  app.get(contract.categoryImages.path, { schema: schemaOf(contract.categoryImages) }, (request, reply) =>
    cached(request, reply, 'category-images', () => listCategoryImages(db)),
  )

  app.get(contract.products.path, { schema: schemaOf(contract.products) }, async (request, reply) => {
    const { includeAll, page, pageSize, ...query } = request.query
    if (includeAll) {
      // The back office's whole catalogue, drafts included: never from the public cache.
      await requirePermission(request, 'products:view')
      const rows = await listProducts(db, { ...query, includeAll: true })
      return rows.map(toAdminProduct)
    }
    // The service matches these three ignoring case (lower() and lower-cased search words).
    const normalised = normaliseListing(query, ['category', 'color', 'q'])
    if (page === undefined && pageSize === undefined) {
      const key = `products:${JSON.stringify(normalised)}`
      return cached(request, reply, key, async () =>
        (await listProducts(db, normalised)).map(toPublicProduct),
      )
    }
    const window = { page: page ?? 1, pageSize: pageSize ?? LISTING_PAGE_SIZE }
    const key = `products-page:${window.page}:${window.pageSize}:${JSON.stringify(normalised)}`
    return cached(request, reply, key, async () => {
      const { items, total } = await listProductPage(db, normalised, window)
      return { items: items.map(toPublicProduct), total }
    })
  })

  app.get(contract.facets.path, { schema: schemaOf(contract.facets) }, (request, reply) => {
    const normalised = normaliseListing(request.query, ['category', 'color', 'q'])
    return cached(request, reply, `facets:${JSON.stringify(normalised)}`, () => listingFacets(db, normalised))
  })

  app.get(contract.product.path, { schema: schemaOf(contract.product) }, async (request) => {
    const user = await request.session.user()
    const staff = can(user, 'products:view')
    const row = await getProduct(db, request.params.id, { includeDraft: staff })
    if (!row) throw notFound('Product not found')
    return staff ? toAdminProduct(row) : toPublicProduct(row)
  })
}
