import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminOrderQuerySchema,
  orderRequestsUpdateSchema,
  orderStatusUpdateSchema,
  paymentPlanSchema,
  paymentUpdateSchema,
  reservationExtensionSchema,
  trackingUpdateSchema,
} from '../../../shared/orders-admin'
import { refundInputSchema } from '../../../shared/refunds'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { currentUser } from '../../http/guards'
import type { PaymentProvider } from '../payments/provider'
import type { ActionContext } from './action-context'
import {
  addTracking,
  changeOrderStatus,
  getAdminOrder,
  listAdminOrders,
  recordOrderPayment,
  removePaymentPlan,
  setPaymentPlan,
} from './admin-service'
import { previewBuyerRelease, releaseBuyerReservations } from './buyer-reservations'
import type { MailContext } from './order-notices'
import { type RefundDeps, retryRefund } from './refund-worker'
import { refundOrder } from './refunds'
import { updateOrderRequests } from './requests'
import { extendReservation } from './reservations'

// Registered inside the admin scope (plugins/admin-scope.ts). Every change names its author in the order's trail.

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Order not found' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

const refundParams = idParams.extend({
  refundId: z.coerce
    .number({ error: 'Refund not found' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

export const ordersAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  provider: PaymentProvider
  timeZone: string
  mail: MailContext
  reservationHours: number
}> = async (app, { db, provider, timeZone, mail, reservationHours }) => {
  const refunds: RefundDeps = { db, provider, log: app.log }
  const actionContext = async (request: Parameters<typeof currentUser>[0]): Promise<ActionContext> => ({
    actor: (await currentUser(request)).username,
    today: dayIn(timeZone),
    timeZone,
    mail,
    reservationHours,
  })

  app.get('/api/admin/orders', { schema: { querystring: adminOrderQuerySchema } }, (request) =>
    listAdminOrders(db, request.query, dayIn(timeZone)),
  )

  app.patch(
    '/api/orders/:id/status',
    { schema: { params: idParams, body: orderStatusUpdateSchema } },
    async (request) =>
      changeOrderStatus(db, request.params.id, request.body.status, {
        ...(await actionContext(request)),
        trackingNumber: request.body.trackingNumber,
        refunds,
      }),
  )

  app.patch(
    '/api/orders/:id/tracking',
    { schema: { params: idParams, body: trackingUpdateSchema } },
    async (request) =>
      addTracking(db, request.params.id, request.body.trackingNumber, await actionContext(request)),
  )

  app.patch(
    '/api/admin/orders/:id/requests',
    { schema: { params: idParams, body: orderRequestsUpdateSchema } },
    async (request) => updateOrderRequests(db, request.params.id, request.body, await actionContext(request)),
  )

  app.patch(
    '/api/orders/:id/payment',
    { schema: { params: idParams, body: paymentUpdateSchema } },
    async (request) => recordOrderPayment(db, request.params.id, request.body, await actionContext(request)),
  )

  app.put(
    '/api/orders/:id/plan',
    { schema: { params: idParams, body: paymentPlanSchema } },
    async (request) => setPaymentPlan(db, request.params.id, request.body, await actionContext(request)),
  )

  app.patch(
    '/api/orders/:id/reservation',
    { schema: { params: idParams, body: reservationExtensionSchema } },
    async (request) => {
      const context = await actionContext(request)
      await extendReservation(db, request.params.id, request.body.hours, context)
      return getAdminOrder(db, request.params.id, context.today)
    },
  )

  // What "Release all of this buyer's reservations" would end, for its confirmation; then the release.
  app.get('/api/orders/:id/buyer-reservations', { schema: { params: idParams } }, (request) =>
    previewBuyerRelease(db, request.params.id),
  )

  app.post('/api/orders/:id/buyer-reservations/release', { schema: { params: idParams } }, async (request) =>
    releaseBuyerReservations(db, request.params.id, await actionContext(request)),
  )

  app.post(
    '/api/orders/:id/refunds',
    { schema: { params: idParams, body: refundInputSchema } },
    async (request, reply) => {
      const refund = await refundOrder(db, request.params.id, request.body, {
        ...(await actionContext(request)),
        refunds,
      })
      return reply.code(201).send(refund)
    },
  )

  // The owner's retry of a card refund whose automatic retries ran out ("1 refund failed: retry").
  app.post(
    '/api/admin/orders/:id/refunds/:refundId/retry',
    { schema: { params: refundParams } },
    async (request) => {
      await retryRefund(refunds, request.params.id, request.params.refundId)
      return getAdminOrder(db, request.params.id, dayIn(timeZone))
    },
  )

  app.delete('/api/orders/:id/plan', { schema: { params: idParams } }, async (request) =>
    removePaymentPlan(db, request.params.id, await actionContext(request)),
  )
}
