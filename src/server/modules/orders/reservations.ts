import { sql } from 'drizzle-orm'
import { formatDeadline } from '../../../shared/orders'
import type { Database, DbOrTx, Tx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { conflict, notFound } from '../../errors'
import type { Sweep } from '../../jobs/sweeps'
import { getAdminOrder, type Who } from './admin-service'
import { recordEvent } from './events'
import { lockOrder, releaseOrder } from './ledger'
import { type MailContext, tellShopper } from './order-notices'

// A Zelle order holds one-of-a-kind pieces while the shop waits for the money. The hold has an end
// (orders.reserved_until, RESERVATION_HOURS after checkout): a day before it the shopper is
// reminded, and when it passes with no payment and no plan, the order is cancelled and its pieces
// go back on sale. The owner can give one order more time. Both jobs run every minute in the
// reservation runner (app.ts), one instance at a time; each order is claimed `for update skip
// locked`, so an owner recording a payment at that moment is never overridden by the job.

/** How long before the end of a reservation the shopper is reminded. */
export const RESERVATION_REMINDER_HOURS = 24

/** The SQL twin of awaitsFirstPayment() in shared/orders.ts, over `orders o`. */
const AWAITS_FIRST_PAYMENT = sql`o.status = 'pending' and o.payment_status = 'unpaid'
  and not exists (select from payment_plans plan where plan.order_id = o.id)`

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

type Claimed = { id: number; reservedUntil: Date | string }

/** Reminds the shopper of an order whose reservation ends within a day, once per reservation. */
export function reservationReminders(mail: MailContext, timeZone: string): Sweep {
  return {
    name: 'reservation reminders',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const at = timestamp(now)
      const claimed = await queryRows<Claimed>(
        db,
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
          reservedUntil: formatDeadline(new Date(order.reservedUntil).toISOString(), timeZone),
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
      const claimed = await queryRows<Claimed>(
        db,
        sql`select o.id, o.reserved_until as "reservedUntil" from orders o
            where ${AWAITS_FIRST_PAYMENT} and o.reserved_until <= ${timestamp(now)}
            order by o.reserved_until, o.id
            limit ${limit}
            for update of o skip locked`,
      )
      for (const order of claimed) {
        const tx = db as Tx
        await tx.execute(
          sql`update orders set status = 'cancelled', updated_at = now() where id = ${order.id}`,
        )
        await releaseOrder(tx, order.id)
        const until = formatDeadline(new Date(order.reservedUntil).toISOString(), timeZone)
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
 * would have (or than now, if it already has), and the shopper is reminded again before the new end.
 */
export async function extendReservation(
  db: Database,
  orderId: number,
  hours: number,
  who: Who & { timeZone: string },
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const [extended] = await queryRows<{ reservedUntil: Date | string }>(
      tx,
      sql`update orders o set
            reserved_until = greatest(o.reserved_until, now()) + make_interval(secs => ${hours * 3600}::float8),
            reservation_reminded_at = null, updated_at = now()
          where o.id = ${orderId} and o.reserved_until is not null and ${AWAITS_FIRST_PAYMENT}
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
      `Reservation extended to ${formatDeadline(new Date(extended.reservedUntil).toISOString(), who.timeZone)}`,
      who.actor,
    )
  })
  return getAdminOrder(db, orderId, who.today)
}
