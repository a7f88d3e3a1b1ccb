import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { notFound } from '../../http/errors'
import { getPublicProduct, listCategories, listCategoryImages, listPublicProducts } from './service'

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true')

const listQuery = z.object({
  featured: flag,
  category: z.string().trim().max(50).optional(),
  includeSold: flag,
})

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/categories', async () => listCategories(db))

  app.get('/api/category-images', async () => listCategoryImages(db))

  app.get('/api/products', { schema: { querystring: listQuery } }, async (request) =>
    listPublicProducts(db, request.query),
  )

  app.get(
    '/api/products/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const product = await getPublicProduct(db, request.params.id)
      if (!product) throw notFound('Product not found')
      return product
    },
  )
}
