import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { MoneyOverview } from '../../../shared/dashboard/admin-contract'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { WEBHOOK_HEARD_KEY } from '../checkout/reconcile'
import { OUTSTANDING_GIFT_CARD_BALANCE } from '../gift-cards/service'
import { owedOrder } from '../ledger/owed'
import { DONE_ORDER_REFUNDS, REFUND_LINES } from '../sales/refund-lines'

const int = z.number().int()
const Row = z.object({
  awaiting_orders: int,
  awaiting_balance: int,
  reserved: int,
  today_amount: int,
  today_count: int,
  month_amount: int,
  month_count: int,
  refunds_amount: int,
  refunds_count: int,
  refunds_failed: int,
  refunds_failed_order: int.nullable(),
  webhook_silent: z.boolean(),
  gift_cards_outstanding: int,
})

/** One round trip: every figure is a SQL aggregate, never a sum over fetched rows. */
export async function moneyOverview(
  db: DbOrTx,
  timeZone: string,
  /** cardWebhooks: the provider sends webhooks (Stripe), so their silence means something. */
  options: { cardWebhooks: boolean } = { cardWebhooks: false },
): Promise<MoneyOverview> {
  const [row] = await queryRows(
    db,
    Row,
    sql`
    with bounds as (
      select date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone} as today,
        date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone} as month
    ), open_orders as (
      select o.total - coalesce((select sum(p.amount) from payments p where p.order_id = o.id), 0) as due
      from orders o
      where ${owedOrder('o')}
    )
    select
      (select count(*)::int from open_orders) as awaiting_orders,
      (select coalesce(sum(greatest(due, 0)), 0)::int from open_orders) as awaiting_balance,
      (select count(*)::int from products where status = 'reserved') as reserved,
      -- Net of the money-only refunds, as the Sales page's cards and CSV (sales/refund-lines.ts).
      coalesce(sum(s.sale_price) filter (where s.sale_date >= bounds.today), 0)::int
        - (select coalesce(sum(l.amount), 0)::int from ${REFUND_LINES} l where l.created_at >= bounds.today) as today_amount,
      (count(*) filter (where s.sale_date >= bounds.today))::int as today_count,
      coalesce(sum(s.sale_price), 0)::int
        - (select coalesce(sum(l.amount), 0)::int from ${REFUND_LINES} l where l.created_at >= bounds.month) as month_amount,
      count(s.id)::int as month_count,
      (select coalesce(sum(r.amount), 0)::int from refunds r where ${DONE_ORDER_REFUNDS} and r.completed_at >= bounds.month) as refunds_amount,
      (select count(*)::int from refunds r where ${DONE_ORDER_REFUNDS} and r.completed_at >= bounds.month) as refunds_count,
      (select count(*)::int from refunds r where r.status = 'failed') as refunds_failed,
      (select min(r.order_id) from refunds r where r.status = 'failed') as refunds_failed_order,
      -- Card payments in the last day, and no webhook heard in it (checkout/reconcile.ts).
      ${options.cardWebhooks} and exists (select from payments p where p.method = 'stripe'
          and p.provider_reference is not null and p.created_at > now() - interval '24 hours')
        and not exists (select from shop_settings k where k.key = ${WEBHOOK_HEARD_KEY}
          and k.updated_at > now() - interval '24 hours') as webhook_silent,
      ${OUTSTANDING_GIFT_CARD_BALANCE} as gift_cards_outstanding
    from bounds left join sales s on s.sale_date >= bounds.month
    group by bounds.today, bounds.month`,
  )
  if (!row) throw new Error('the overview query returned no row')
  return {
    awaitingPayment: { orders: row.awaiting_orders, balance: row.awaiting_balance },
    reservedPieces: row.reserved,
    salesToday: { amount: row.today_amount, count: row.today_count },
    salesThisMonth: { amount: row.month_amount, count: row.month_count },
    refundsThisMonth: { amount: row.refunds_amount, count: row.refunds_count },
    failedRefunds: { count: row.refunds_failed, orderId: row.refunds_failed_order },
    webhookSilent: row.webhook_silent,
    giftCardsOutstanding: row.gift_cards_outstanding,
  }
}
