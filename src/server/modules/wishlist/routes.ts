import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { currentUser, requireUser } from '../../http/guards'
import { addToWishlist, listWishlist, removeFromWishlist } from './service'

const productId = z.number({ error: 'Product is required' }).int().positive('Product is required')
const addBody = z.object({ productId })
const productParams = z.object({ productId: z.coerce.number().int().positive() })

// Every route is behind requireUser as an onRequest hook: an anonymous call gets its 401 before
// the body is even read.
export const wishlistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/wishlist', { onRequest: requireUser }, async (request, reply) => {
    const user = await currentUser(request)
    reply.header('cache-control', 'private, no-store')
    return listWishlist(db, user.id)
  })

  app.post('/api/wishlist', { onRequest: requireUser, schema: { body: addBody } }, async (request, reply) => {
    const user = await currentUser(request)
    const { entry, created } = await addToWishlist(db, user.id, request.body.productId)
    return reply.status(created ? 201 : 200).send(entry)
  })

  app.delete(
    '/api/wishlist/:productId',
    { onRequest: requireUser, schema: { params: productParams } },
    async (request) => {
      const user = await currentUser(request)
      await removeFromWishlist(db, user.id, request.params.productId)
      return { message: 'Item removed from wishlist' }
    },
  )
}
