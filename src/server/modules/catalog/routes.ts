import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BANGLE_SIZE_KEYS,
  LISTING_PAGE_SIZE,
  LISTING_PAGE_SIZE_MAX,
  SORT_OPTIONS,
} from '../../../shared/catalog'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { pickEncoding } from '../../http/content-encoding'
import { requireAdmin } from '../../http/guards'
import type { CatalogChanges } from './catalog-changes'
import { listingFacets, listProductPage, listProducts } from './listing'
import { type CachedBody, normaliseListing } from './listing-cache'
import { getProduct, listCategories, listCategoryImages, toAdminProduct, toPublicProduct } from './service'

const flag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .optional()
  .transform((value) => value === 'true')

const listQuery = z.object({
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

const facetsQuery = listQuery.pick({ category: true, color: true, size: true, q: true, includeSold: true })

export const idParams = z.object({ id: z.coerce.number({ error: 'Product not found' }).int().positive() })

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

  app.get('/api/categories', (request, reply) =>
    cached(request, reply, 'categories', () => listCategories(db)),
  )

  app.get('/api/category-images', (request, reply) =>
    cached(request, reply, 'category-images', () => listCategoryImages(db)),
  )

  app.get('/api/products', { schema: { querystring: listQuery } }, async (request, reply) => {
    const { includeAll, page, pageSize, ...query } = request.query
    if (includeAll) {
      // The back office's whole catalogue, drafts included: never from the public cache.
      await requireAdmin(request)
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

  app.get('/api/products/facets', { schema: { querystring: facetsQuery } }, (request, reply) => {
    const normalised = normaliseListing(request.query, ['category', 'color', 'q'])
    return cached(request, reply, `facets:${JSON.stringify(normalised)}`, () => listingFacets(db, normalised))
  })

  app.get('/api/products/:id', { schema: { params: idParams } }, async (request) => {
    const user = await request.session.user()
    const row = await getProduct(db, request.params.id, { includeDraft: !!user?.isAdmin })
    if (!row) throw notFound('Product not found')
    return user?.isAdmin ? toAdminProduct(row) : toPublicProduct(row)
  })
}
