import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { wishlistContract as contract } from '../../../shared/wishlist/contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { currentUser, requireUser } from '../../http/guards'
import { addToWishlist, listWishlist, removeFromWishlist } from './service'

// Every route is behind requireUser as an onRequest hook: an anonymous call gets its 401 before
// the body is even read.
export const wishlistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    contract.list.path,
    { onRequest: requireUser, schema: schemaOf(contract.list) },
    async (request, reply) => {
      const user = await currentUser(request)
      reply.header('cache-control', 'private, no-store')
      return listWishlist(db, user.id)
    },
  )

  app.post(
    contract.add.path,
    { onRequest: requireUser, schema: schemaOf(contract.add) },
    async (request, reply) => {
      const user = await currentUser(request)
      const { entry, created } = await addToWishlist(db, user.id, request.body.productId)
      return reply.status(created ? 201 : 200).send(entry)
    },
  )

  app.delete(
    contract.remove.path,
    { onRequest: requireUser, schema: schemaOf(contract.remove) },
    async (request) => {
      const user = await currentUser(request)
      await removeFromWishlist(db, user.id, request.params.productId)
      return { message: 'Item removed from wishlist' }
    },
  )
}
