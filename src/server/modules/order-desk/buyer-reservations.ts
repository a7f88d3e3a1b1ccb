import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type BuyerReservations, HOLDING_STATUSES } from '../../../shared/orders/admin-schema'
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../shared/orders/rules'
import type { Database, DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { conflict, notFound } from '../../errors'
import { lockPieces, releaseOrder } from '../ledger/ledger'
import type { ActionContext } from '../orders/action-context'
import { recordEvent } from '../orders/events'
import { tellShopper } from '../orders/order-notices'
import { orders } from '../orders/schema'

// "Release all of this buyer's reservations" (issue 18): one shopper (or a script) may hold many
// pieces in orders it never means to pay. From any of those orders the owner ends every one that
// shares its e-mail address, in one transaction: all of them end and their pieces are back on sale,
// or none does.

/** An order that holds its pieces without any payment: the SQL twin of holdsPiecesUnpaid(). */
const HOLDS_UNPAID = sql`o.payment_status = 'unpaid' and o.status in (${sql.join(
  HOLDING_STATUSES.map((status) => sql.raw(`'${status}'`)),
  sql`, `,
)})`

async function buyerOf(db: DbOrTx, orderId: number): Promise<string> {
  const [order] = await db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, orderId))
  if (!order) throw notFound('Order not found')
  if (!order.email) throw conflict('This order has no e-mail address to find its buyer by')
  return order.email
}

const sameBuyer = (email: string) => sql`lower(o.customer_email) = lower(${email})`

const PreviewBuyerReleaseRow = z.object({ orders: z.number().int(), pieces: z.number().int() })

/** What releasing would end: the buyer's orders holding pieces unpaid, and those pieces. */
export async function previewBuyerRelease(db: Database, orderId: number): Promise<BuyerReservations> {
  const email = await buyerOf(db, orderId)
  const [counts] = await queryRows(
    db,
    PreviewBuyerReleaseRow,
    sql`select count(distinct o.id)::int as orders, coalesce(sum(i.quantity), 0)::int as pieces
        from orders o join order_items i on i.order_id = o.id
        where ${sameBuyer(email)} and ${HOLDS_UNPAID}`,
  )
  return { email, ...counts! }
}

const HeldRow = z.object({ id: z.number().int(), status: z.enum(ORDER_STATUSES), pieces: z.number().int() })

/**
 * Cancels every order of the buyer that holds pieces unpaid: the pieces return to stock and sale,
 * each order's trail names the owner, and the shopper hears of each cancellation as they would of
 * one. Orders are locked in id order, then all their pieces in id order, as checkout and the
 * reservation job lock them.
 */
export async function releaseBuyerReservations(
  db: Database,
  orderId: number,
  context: ActionContext,
): Promise<BuyerReservations> {
  return db.transaction(async (tx) => {
    const email = await buyerOf(tx, orderId)
    const held = await queryRows(
      tx,
      HeldRow,
      sql`select o.id, o.status,
            (select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = o.id) as pieces
          from orders o where ${sameBuyer(email)} and ${HOLDS_UNPAID}
          order by o.id for update of o`,
    )
    if (held.length === 0) return { email, orders: 0, pieces: 0 }
    await lockPieces(
      tx,
      held.map((order) => order.id),
    )
    for (const order of held) {
      await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
      await releaseOrder(tx, order.id)
      await recordEvent(
        tx,
        order.id,
        'status',
        `${ORDER_STATUS_LABELS[order.status]} → ${ORDER_STATUS_LABELS.cancelled}: all of this buyer's reservations released`,
        context.actor,
      )
      await tellShopper(tx, order.id, 'order-cancelled', context.mail)
    }
    return { email, orders: held.length, pieces: held.reduce((sum, order) => sum + order.pieces, 0) }
  })
}
