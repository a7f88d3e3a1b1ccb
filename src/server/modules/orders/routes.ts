import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { currentUser, requireUser } from '../../http/guards'
import { getUserOrder, listUserOrders } from './service'

export const ordersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/orders', { onRequest: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    return listUserOrders(db, (await currentUser(request)).id)
  })

  app.get(
    '/api/orders/:id',
    {
      onRequest: requireUser,
      // A malformed id is just another order that is not yours.
      schema: { params: z.object({ id: z.string().max(20) }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const id = Number(request.params.id)
      const order = Number.isSafeInteger(id)
        ? await getUserOrder(db, (await currentUser(request)).id, id)
        : undefined
      if (!order) throw notFound('Order not found')
      return order
    },
  )
}
