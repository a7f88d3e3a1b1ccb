import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ordersAdminContract as contract } from '../../../shared/orders/admin-contract'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { can, currentUser, requirePermission } from '../../http/guards'
import { type RefundDeps, retryRefund } from '../ledger/refund-worker'
import { refundOrder } from '../ledger/refunds'
import type { ActionContext } from '../orders/action-context'
import type { MailContext } from '../orders/order-notices'
import type { PaymentProvider } from '../payments/provider'
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
import { updateOrderRequests } from './requests'
import { extendReservation } from './reservations'

// Registered inside the admin scope (plugins/admin-scope.ts). Every change names its author in the order's trail.

export const ordersAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  provider: PaymentProvider
  timeZone: string
  mail: MailContext
  reservationHours: number
}> = async (app, { db, provider, timeZone, mail, reservationHours }) => {
  const refunds: RefundDeps = { db, provider, log: app.log }
  // A trail line about money names amounts: a member who may not see the order's money does not
  // see those lines either (the answer's money fields are left out by field-access.ts).
  app.addHook('preSerialization', async (request, _reply, payload) => {
    // A request refused before its session was made (a wrong content type) has no one to hide from.
    const member = request.session ? await request.session.user() : null
    return member && !can(member, 'ledger:view') ? withoutMoneyEvents(payload) : payload
  })
  const actionContext = async (request: Parameters<typeof currentUser>[0]): Promise<ActionContext> => {
    const member = await currentUser(request)
    return {
      actor: { name: member.username, role: member.role },
      seesMoney: can(member, 'ledger:view'),
      today: dayIn(timeZone),
      timeZone,
      mail,
      reservationHours,
    }
  }

  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listAdminOrders(db, request.query, dayIn(timeZone)),
  )

  app.patch(contract.setStatus.path, { schema: schemaOf(contract.setStatus) }, async (request) => {
    // Cancelling pays the shopper back: it is a refund's decision, not a packer's.
    if (request.body.status === 'cancelled') await requirePermission(request, 'orders:refund')
    return changeOrderStatus(db, request.params.id, request.body.status, {
      ...(await actionContext(request)),
      trackingNumber: request.body.trackingNumber,
      refunds,
    })
  })

  app.patch(contract.addTracking.path, { schema: schemaOf(contract.addTracking) }, async (request) =>
    addTracking(db, request.params.id, request.body.trackingNumber, await actionContext(request)),
  )

  app.patch(contract.updateRequests.path, { schema: schemaOf(contract.updateRequests) }, async (request) =>
    updateOrderRequests(db, request.params.id, request.body, await actionContext(request)),
  )

  app.patch(contract.recordPayment.path, { schema: schemaOf(contract.recordPayment) }, async (request) =>
    recordOrderPayment(db, request.params.id, request.body, await actionContext(request)),
  )

  app.put(contract.setPlan.path, { schema: schemaOf(contract.setPlan) }, async (request) =>
    setPaymentPlan(db, request.params.id, request.body, await actionContext(request)),
  )

  app.patch(
    contract.extendReservation.path,
    { schema: schemaOf(contract.extendReservation) },
    async (request) => {
      const context = await actionContext(request)
      await extendReservation(db, request.params.id, request.body.hours, context)
      return getAdminOrder(db, request.params.id, context.today)
    },
  )

  // What "Release all of this buyer's reservations" would end, for its confirmation; then the release.
  app.get(contract.buyerReservations.path, { schema: schemaOf(contract.buyerReservations) }, (request) =>
    previewBuyerRelease(db, request.params.id),
  )

  app.post(
    contract.releaseBuyerReservations.path,
    { schema: schemaOf(contract.releaseBuyerReservations) },
    async (request) => releaseBuyerReservations(db, request.params.id, await actionContext(request)),
  )

  app.post(contract.refund.path, { schema: schemaOf(contract.refund) }, async (request, reply) => {
    const refund = await refundOrder(db, request.params.id, request.body, {
      ...(await actionContext(request)),
      refunds,
    })
    return reply.code(201).send(refund)
  })

  // The owner's retry of a card refund whose automatic retries ran out ("1 refund failed: retry").
  app.post(contract.retryRefund.path, { schema: schemaOf(contract.retryRefund) }, async (request) => {
    await retryRefund(refunds, request.params.id, request.params.refundId)
    return getAdminOrder(db, request.params.id, dayIn(timeZone))
  })

  app.delete(contract.removePlan.path, { schema: schemaOf(contract.removePlan) }, async (request) =>
    removePaymentPlan(db, request.params.id, await actionContext(request)),
  )
}

const MONEY_EVENTS = new Set(['payment', 'plan', 'refund'])
const AMOUNT = /\$\d/

type WithEvents = { events?: { kind: string; message: string }[] }

/** An order's answer, or a page of them, without the trail lines that speak of money. */
function withoutMoneyEvents(payload: unknown): unknown {
  const strip = (order: WithEvents) => {
    if (Array.isArray(order.events))
      order.events = order.events.filter(
        (event) => !MONEY_EVENTS.has(event.kind) && !AMOUNT.test(event.message),
      )
  }
  if (payload && typeof payload === 'object') {
    const page = payload as { items?: unknown }
    if (Array.isArray(page.items)) for (const order of page.items) strip(order as WithEvents)
    else strip(payload as WithEvents)
  }
  return payload
}
