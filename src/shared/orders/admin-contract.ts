import { z } from 'zod'
import { endpoint } from '../contract'
import {
  adminOrderAnswer,
  adminOrderPageAnswer,
  adminOrderQuerySchema,
  buyerReservationsAnswer,
  orderRequestsUpdateSchema,
  orderStatusUpdateSchema,
  paymentPlanSchema,
  paymentUpdateSchema,
  reservationExtensionSchema,
  trackingUpdateSchema,
} from './admin-schema'
import { refundAnswer, refundInputSchema } from './refunds'

// The back office's orders: the list and every button of an order's card; the routes are inside
// the admin scope. Every change answers the order as it now stands.

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

const order = { 200: adminOrderAnswer }

export const ordersAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'orders:view',
    path: '/api/admin/orders',
    querystring: adminOrderQuerySchema,
    response: { 200: adminOrderPageAnswer },
  }),
  setStatus: endpoint({
    method: 'PATCH',
    permission: 'orders:fulfil',
    path: '/api/orders/:id/status',
    params: idParams,
    body: orderStatusUpdateSchema,
    response: order,
  }),
  addTracking: endpoint({
    method: 'PATCH',
    permission: 'orders:fulfil',
    path: '/api/orders/:id/tracking',
    params: idParams,
    body: trackingUpdateSchema,
    response: order,
  }),
  updateRequests: endpoint({
    method: 'PATCH',
    permission: 'orders:fulfil',
    path: '/api/admin/orders/:id/requests',
    params: idParams,
    body: orderRequestsUpdateSchema,
    response: order,
  }),
  recordPayment: endpoint({
    method: 'PATCH',
    permission: 'orders:payments',
    path: '/api/orders/:id/payment',
    params: idParams,
    body: paymentUpdateSchema,
    response: order,
  }),
  setPlan: endpoint({
    method: 'PUT',
    permission: 'orders:payments',
    path: '/api/orders/:id/plan',
    params: idParams,
    body: paymentPlanSchema,
    response: order,
  }),
  extendReservation: endpoint({
    method: 'PATCH',
    permission: 'orders:payments',
    path: '/api/orders/:id/reservation',
    params: idParams,
    body: reservationExtensionSchema,
    response: order,
  }),
  /** What "Release all of this buyer's reservations" would end, for its confirmation. */
  buyerReservations: endpoint({
    method: 'GET',
    permission: 'orders:view',
    path: '/api/orders/:id/buyer-reservations',
    params: idParams,
    response: { 200: buyerReservationsAnswer },
  }),
  releaseBuyerReservations: endpoint({
    method: 'POST',
    permission: 'orders:payments',
    path: '/api/orders/:id/buyer-reservations/release',
    params: idParams,
    response: { 200: buyerReservationsAnswer },
  }),
  refund: endpoint({
    method: 'POST',
    permission: 'orders:refund',
    path: '/api/orders/:id/refunds',
    params: idParams,
    body: refundInputSchema,
    response: { 201: refundAnswer },
  }),
  /** The owner's retry of a card refund whose automatic retries ran out. */
  retryRefund: endpoint({
    method: 'POST',
    permission: 'orders:refund',
    path: '/api/admin/orders/:id/refunds/:refundId/retry',
    params: refundParams,
    response: order,
  }),
  removePlan: endpoint({
    method: 'DELETE',
    permission: 'orders:payments',
    path: '/api/orders/:id/plan',
    params: idParams,
    response: order,
  }),
}
