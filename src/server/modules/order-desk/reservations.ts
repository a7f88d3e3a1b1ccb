import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { formatDeadline } from '../../../shared/shop-dates/date-time'
import type { Database, DbOrTx, Tx } from '../../db/client'
import { queryRows, sqlType } from '../../db/query-rows'
import { conflict, notFound } from '../../errors'
import type { Sweep } from '../../jobs/sweeps'
import { returnGiftCardPayments } from '../ledger/gift-card-returns'
import { lockOrder, lockPieces, releaseOrder } from '../ledger/ledger'
import type { ActionContext } from '../orders/action-context'
import { recordEvent } from '../orders/events'
import { type MailContext, tellShopper } from '../orders/order-notices'
import { orders } from '../orders/schema'

// A Zelle order holds one-of-a-kind pieces while the shop waits for the money. The hold has an end
// (orders.reserved_until, RESERVATION_HOURS after checkout): a day before it the shopper is
// reminded, and when it passes with no payment and no plan, the order is cancelled and its pieces
// go back on sale. The owner can give one order more time. Both jobs run every minute in the
// reservation runner (plugins/jobs.ts), one instance at a time. Each order is claimed `for update skip
// locked`: one the owner is changing at that moment is left for the next round, and every change
// that takes an order out of the reservation (a payment, a step, a plan) updates its row, so a
// claim that read the order before that change committed re-checks it and lets it go.

/** How long before the end of a reservation the shopper is reminded. */
export const RESERVATION_REMINDER_HOURS = 24

/**
 * The SQL twin of awaitsFirstPayment() in shared/orders/rules.ts, over `orders o`: an order that gift
 * cards paid a part of still waits for the shopper's own first payment (issue 36), and its pieces
 * are released like any other's when the hold ends, the cards credited back.
 */
const AWAITS_FIRST_PAYMENT = sql`o.status = 'pending' and (o.payment_status = 'unpaid'
    or (o.payment_status = 'partial'
      and not exists (select from payments pay where pay.order_id = o.id and pay.method <> 'gift_card')))
  and not exists (select from payment_plans plan where plan.order_id = o.id)`

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

const Claimed = z.object({
  id: z.number().int(),
  reservedUntil: sqlType.timestamp,
  paymentStatus: z.string().optional(),
})
const ReservedUntilRow = z.object({ reservedUntil: sqlType.timestamp })

/** Reminds the shopper of an order whose reservation ends within a day, once per reservation. */
export function reservationReminders(mail: MailContext, timeZone: string): Sweep {
  return {
    name: 'reservation reminders',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const at = timestamp(now)
      const claimed = await queryRows(
        db,
        Claimed,
        sql`with due as (
              select o.id from orders o
              where ${AWAITS_FIRST_PAYMENT} and o.reservation_reminded_at is null
                and o.reserved_until > ${at}
                and o.reserved_until <= ${at} + make_interval(hours => ${RESERVATION_REMINDER_HOURS})
                -- A hold shorter than the reminder's lead was announced in full by the confirmation.
                and o.reserved_until - o.created_at > make_interval(hours => ${RESERVATION_REMINDER_HOURS})
              order by o.reserved_until
              limit ${limit}
              for update of o skip locked
            )
            update orders o set reservation_reminded_at = ${at}
            from due where o.id = due.id
            returning o.id, o.reserved_until as "reservedUntil"`,
      )
      for (const order of claimed) {
        await tellShopper(db, order.id, 'reservation-reminder', mail, {
          reservedUntil: formatDeadline(order.reservedUntil, timeZone),
        })
      }
      return claimed.length
    },
  }
}

/**
 * Cancels the orders whose reservation has run out without any payment or plan: the pieces are
 * available again, the shopper is told, and the trail says the shop did it. `onReleased` runs
 * after the batch commits (the storefront's listings must show the pieces again).
 */
export function expiredReservations(mail: MailContext, timeZone: string, onReleased: () => void): Sweep {
  return {
    name: 'expired reservations',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const claimed = await queryRows(
        db,
        Claimed,
        sql`select o.id, o.reserved_until as "reservedUntil", o.payment_status as "paymentStatus" from orders o
            where ${AWAITS_FIRST_PAYMENT} and o.reserved_until <= ${timestamp(now)}
            order by o.reserved_until, o.id
            limit ${limit}
            for update of o skip locked`,
      )
      if (claimed.length === 0) return 0
      // The runner gives every batch a transaction of its own.
      const tx = db as Tx
      // Every piece of the batch, locked in id order as checkout and the back office lock them, so
      // orders sharing pieces never leave this job and a checkout waiting on each other in a circle.
      await lockPieces(
        tx,
        claimed.map((order) => order.id),
      )
      for (const order of claimed) {
        await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(eq(orders.id, order.id))
        await releaseOrder(tx, order.id)
        if (order.paymentStatus === 'partial') await returnGiftCardPayments(tx, order.id, null)
        const until = formatDeadline(order.reservedUntil, timeZone)
        await recordEvent(
          tx,
          order.id,
          'reservation',
          `Reservation ended ${until} without payment: order cancelled, pieces back on sale`,
          null,
        )
        await tellShopper(tx, order.id, 'reservation-expired', mail, { reservedUntil: until })
      }
      return claimed.length
    },
    afterCommit: (count) => {
      if (count > 0) onReleased()
    },
  }
}

/**
 * Gives an order awaiting its first payment more time: its reservation ends `hours` later than it
 * would have (or than now, if it already has or never had an end), and the shopper is reminded
 * again before the new end.
 */
export async function extendReservation(
  db: Database,
  orderId: number,
  hours: number,
  context: ActionContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const [extended] = await queryRows(
      tx,
      ReservedUntilRow,
      sql`update orders o set
            reserved_until = greatest(coalesce(o.reserved_until, now()), now())
              + make_interval(secs => ${hours * 3600}::float8),
            reservation_reminded_at = null, updated_at = now()
          where o.id = ${orderId} and ${AWAITS_FIRST_PAYMENT}
          returning o.reserved_until as "reservedUntil"`,
    )
    if (!extended)
      throw conflict(
        'Only an order awaiting its first payment, without a payment plan, holds a reservation to extend',
      )
    await recordEvent(
      tx,
      orderId,
      'reservation',
      `Reservation extended to ${formatDeadline(extended.reservedUntil, context.timeZone)}`,
      context.actor,
    )
  })
}

/**
 * An order back to awaiting its first payment without a plan (its plan removed) holds its pieces
 * for a whole new reservation window from now, with a reminder before its end.
 */
export async function restartReservation(
  tx: Tx,
  orderId: number,
  context: Pick<ActionContext, 'actor' | 'timeZone' | 'reservationHours'>,
): Promise<void> {
  const [held] = await queryRows(
    tx,
    ReservedUntilRow,
    sql`update orders o set
          reserved_until = now() + make_interval(secs => ${context.reservationHours * 3600}::float8),
          reservation_reminded_at = null, updated_at = now()
        where o.id = ${orderId} and ${AWAITS_FIRST_PAYMENT}
        returning o.reserved_until as "reservedUntil"`,
  )
  if (held)
    await recordEvent(
      tx,
      orderId,
      'reservation',
      `Pieces held until ${formatDeadline(held.reservedUntil, context.timeZone)}`,
      context.actor,
    )
}
