import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import type { Sweep } from '../../jobs/sweeps'
import { enqueueMail } from '../mail/outbox'
import { installmentReminderMail } from '../mail/templates/order-status-mails'
import { recordEvent } from '../orders/events'
import { type MailContext, orderMailData } from '../orders/order-notices'

/** How many days before an instalment falls due its reminder goes out. */
export const REMINDER_DAYS_BEFORE = 3

const Due = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  amount: z.number().int(),
  dueDate: z.string(),
  overdue: z.boolean(),
})

/**
 * Reminds shoppers of their instalments: once a few days before the due day, once more when the
 * day has passed unpaid. It runs in the job runner's round (one instance at a time, under its
 * advisory lock); each reminder is claimed (`for update skip locked`) and marked sent in the same
 * transaction as its e-mail is queued, so no instalment is reminded twice even if two rounds met.
 */
export function installmentReminders(mail: MailContext, timeZone: string): Sweep {
  return {
    name: 'installment reminders',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`
      // Due dates are stored at noon UTC of their day; "today" is the shop's.
      const today = sql`(${at} at time zone ${timeZone})::date`
      const due = await queryRows(
        db,
        Due,
        sql`with candidates as (
              select step.id, (step.due_date at time zone 'UTC')::date < ${today} as overdue
              from payment_installments step
              join payment_plans plan on plan.id = step.plan_id
              join orders o on o.id = plan.order_id
              where not step.paid and o.status <> 'cancelled' and o.payment_status <> 'paid'
                and (
                  (step.reminded_at is null and (step.due_date at time zone 'UTC')::date between ${today} and ${today} + ${REMINDER_DAYS_BEFORE}::int)
                  or (step.overdue_reminded_at is null and (step.due_date at time zone 'UTC')::date < ${today})
                )
              order by step.due_date
              limit ${limit}
              for update of step skip locked
            )
            update payment_installments step set
              reminded_at = coalesce(step.reminded_at, ${at}),
              overdue_reminded_at = case when candidates.overdue then ${at} else step.overdue_reminded_at end
            from candidates, payment_plans plan
            where step.id = candidates.id and plan.id = step.plan_id
            returning step.id, plan.order_id as "orderId", step.amount,
              to_char(step.due_date at time zone 'UTC', 'YYYY-MM-DD') as "dueDate", candidates.overdue`,
      )
      for (const installment of due) {
        const order = await orderMailData(db, installment.orderId, mail.orderLinks)
        if (!order?.customerEmail) continue
        await enqueueMail(db, installmentReminderMail(order, installment, mail.store, mail.publicUrl))
        await recordEvent(
          db,
          installment.orderId,
          'email',
          `${installment.overdue ? 'Overdue' : 'Upcoming'} instalment reminder e-mailed to ${order.customerEmail}`,
          null,
        )
      }
      return due.length
    },
  }
}
