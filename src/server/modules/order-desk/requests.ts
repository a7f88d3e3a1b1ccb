import { eq, sql } from 'drizzle-orm'
import type { OrderRequestsUpdate } from '../../../shared/orders/admin-schema'
import type { Database } from '../../db/client'
import { conflict, notFound } from '../../errors'
import { lockOrder } from '../ledger/ledger'
import type { ActionContext } from '../orders/action-context'
import { recordEvent } from '../orders/events'
import { orders } from '../orders/schema'
import { getAdminOrder } from './admin-service'

// The shopper's requests at checkout (an appointment to see pieces, shipping insurance) are the
// owner's to-dos: each is ticked off when done, and the trail says who did it and when.

const TRAIL = {
  appointment: ['Appointment arranged', 'Appointment no longer arranged'],
  insurance: ['Shipment insured', 'Shipment no longer insured'],
} as const

export async function updateOrderRequests(
  db: Database,
  orderId: number,
  update: OrderRequestsUpdate,
  context: ActionContext,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    if (order.status === 'cancelled') throw conflict('This order is cancelled and can no longer change')
    const [row] = await tx
      .select({
        appointmentRequest: orders.appointmentRequest,
        appointmentArrangedAt: orders.appointmentArrangedAt,
        insuredAt: orders.insuredAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!row) throw notFound('Order not found')
    if (update.appointmentArranged !== undefined) {
      if (!row.appointmentRequest) throw conflict('The shopper did not ask for an appointment')
      if (update.appointmentArranged !== (row.appointmentArrangedAt !== null)) {
        await tx
          .update(orders)
          .set({
            appointmentArrangedAt: update.appointmentArranged ? sql`now()` : null,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, orderId))
        const [done, undone] = TRAIL.appointment
        await recordEvent(tx, orderId, 'request', update.appointmentArranged ? done : undone, context.actor)
      }
    }
    if (update.insured !== undefined && update.insured !== (row.insuredAt !== null)) {
      await tx
        .update(orders)
        .set({ insuredAt: update.insured ? sql`now()` : null, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
      const [done, undone] = TRAIL.insurance
      await recordEvent(tx, orderId, 'request', update.insured ? done : undone, context.actor)
    }
  })
  return getAdminOrder(db, orderId, context.today)
}
