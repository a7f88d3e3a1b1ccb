import { type SQL, sql } from 'drizzle-orm'

// A refund in the ledger. A returned piece's sale rows leave the ledger (ledger/ledger.ts), so what
// was paid back for it is already out of the figures; the rest of a refund (money only: a price
// adjustment, a goodwill gesture, more than the returned pieces' prices) is a line of its own,
// dated when it was paid back, that takes its amount off the period's sales and profit, as a
// credit note does. Only a refund that is done counts, on the day the money went back (a card
// refund waits for its provider, docs/decisions/011). It counts while the order still has sales in the ledger: a cancelled or fully
// returned order's sales are gone already, and an order not yet paid in full never had any.

/** One refund line per refund that takes money off the ledger: `amount` > 0 is what it takes off. */
export const REFUND_LINES: SQL = sql`(
  select r.id, r.order_id, r.completed_at as created_at, r.method, r.reason, o.customer_name, o.customer_email,
    -- The sales tax given back was never the shop's revenue (issue 34): it leaves no line here.
    greatest(r.amount - r.tax - coalesce((
      select sum(i.price * i.quantity) from order_items i
      where i.order_id = r.order_id and i.product_id = any(r.restocked_product_ids)), 0), 0)::int as amount
  from refunds r join orders o on o.id = r.order_id
  where r.status = 'done' and exists (select from sales s where s.order_id = r.order_id)
)`

/**
 * The refunds every figure counts (the Sales page's cards, the dashboard): an order's money that
 * went back, on the day it did (`completed_at`). A card payment refunded before it became an order
 * was never a sale, so it is not one of them.
 */
export const DONE_ORDER_REFUNDS: SQL = sql`status = 'done' and order_id is not null`
