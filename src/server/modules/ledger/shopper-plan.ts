import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ShopperPaymentPlan } from '../../../shared/orders/rules'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'

// The shopper's side of an order's money: what was received and, for an agreed plan, the schedule
// (back-office.md §4's overdue rule: a due day of the shop's calendar that has ended unpaid).

const PlanRow = z.object({
  paid: z.number().int(),
  depositAmount: z.number().int().nullable(),
  installments: z
    .array(z.object({ amount: z.number().int(), dueDate: z.string(), paid: z.boolean() }))
    .nullable(),
})

/** `today` is the shop's date ('yyyy-MM-dd'), which decides what is overdue. */
export async function shopperPayments(
  db: DbOrTx,
  order: { id: number; total: number; refundedAmount: number },
  today: string,
): Promise<{ amountPaid: number; plan: ShopperPaymentPlan | null }> {
  // Due dates are stored at noon UTC of their day, so the UTC date is the day.
  const [row] = await queryRows(
    db,
    PlanRow,
    sql`select (select coalesce(sum(amount), 0)::int from payments where order_id = ${order.id}) as paid,
          plan.deposit_amount as "depositAmount",
          (select json_agg(json_build_object('amount', i.amount,
              'dueDate', to_char(i.due_date at time zone 'UTC', 'YYYY-MM-DD'), 'paid', i.paid)
            order by i.due_date, i.id)
           from payment_installments i where i.plan_id = plan.id) as installments
        from (select 1) one left join payment_plans plan on plan.order_id = ${order.id}`,
  )
  const received = row?.paid ?? 0
  // What the shopper paid and kept, as the payment status counts it (derivePaymentStatus): a
  // refund is money given back, not money still owed.
  const amountPaid = received - order.refundedAmount
  if (row?.depositAmount == null) return { amountPaid, plan: null }
  return {
    amountPaid,
    plan: {
      depositAmount: row.depositAmount,
      // The instalments are settled against the payments received (ledger.ts), the deposit too.
      depositDue: Math.max(0, row.depositAmount - received),
      balance: Math.max(0, order.total - order.refundedAmount - amountPaid),
      installments: (row.installments ?? []).map((step) => ({
        ...step,
        overdue: !step.paid && step.dueDate < today,
      })),
    },
  }
}
