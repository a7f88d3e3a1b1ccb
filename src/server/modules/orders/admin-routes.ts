import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminOrderQuerySchema,
  orderStatusUpdateSchema,
  paymentUpdateSchema,
  trackingUpdateSchema,
} from '../../../shared/orders-admin'
import type { Database } from '../../db/client'
import { currentUser } from '../../http/guards'
import type { PaymentProvider } from '../payments/provider'
import { addTracking, changeOrderStatus, listAdminOrders, recordOrderPayment } from './admin-service'

// Registered inside the admin scope (app.ts). Every change names its author in the order's trail.

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Order not found' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

const actorOf = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request)).username

export const ordersAdminRoutes: FastifyPluginAsyncZod<{ db: Database; provider: PaymentProvider }> = async (
  app,
  { db, provider },
) => {
  app.get('/api/admin/orders', { schema: { querystring: adminOrderQuerySchema } }, (request) =>
    listAdminOrders(db, request.query),
  )

  app.patch(
    '/api/orders/:id/status',
    { schema: { params: idParams, body: orderStatusUpdateSchema } },
    async (request) =>
      changeOrderStatus(db, request.params.id, request.body.status, {
        trackingNumber: request.body.trackingNumber,
        actor: await actorOf(request),
        refund: (intentId, key) => provider.refund(intentId, key),
      }),
  )

  app.patch(
    '/api/orders/:id/tracking',
    { schema: { params: idParams, body: trackingUpdateSchema } },
    async (request) =>
      addTracking(db, request.params.id, request.body.trackingNumber, await actorOf(request)),
  )

  app.patch(
    '/api/orders/:id/payment',
    { schema: { params: idParams, body: paymentUpdateSchema } },
    async (request) => recordOrderPayment(db, request.params.id, request.body, await actorOf(request)),
  )
}
