import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ordersContract as contract } from '../../../shared/orders/contract'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { schemaOf } from '../../http/contract'
import { currentUser, requireUser } from '../../http/guards'
import { RATE_LIMITS } from '../../limits/rate-limits'
import type { OrderLinkTokens } from '../orders/order-link-token'
import { getOrderByAccessKey, getUserOrder, listUserOrders } from './service'

export const ordersRoutes: FastifyPluginAsyncZod<{
  db: Database
  timeZone: string
  orderLinks: OrderLinkTokens
}> = async (app, { db, timeZone, orderLinks }) => {
  app.get(
    contract.mine.path,
    { onRequest: requireUser, schema: schemaOf(contract.mine) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return listUserOrders(db, (await currentUser(request)).id)
    },
  )

  app.get(
    contract.one.path,
    // A malformed id is just another order that is not yours.
    { onRequest: requireUser, schema: schemaOf(contract.one) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const id = Number(request.params.id)
      const order = Number.isSafeInteger(id)
        ? await getUserOrder(db, (await currentUser(request)).id, id, dayIn(timeZone))
        : undefined
      if (!order) throw notFound('Order not found')
      return order
    },
  )

  // A guest's view of one order, through the confirmation e-mail's link. A wrong key, no key and
  // an order that does not exist get the same 404, so the route never tells which ids exist, and
  // it is rate-limited: an attacker could otherwise try ids and keys as fast as they liked.
  app.get(
    contract.byLink.path,
    {
      schema: schemaOf(contract.byLink),
      config: { rateLimit: RATE_LIMITS.orderAccess },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const id = Number(request.params.id)
      const { key } = request.query
      const order =
        Number.isSafeInteger(id) && key
          ? await getOrderByAccessKey(db, id, key, orderLinks, dayIn(timeZone))
          : undefined
      if (!order) throw notFound('Order not found')
      return order
    },
  )
}
