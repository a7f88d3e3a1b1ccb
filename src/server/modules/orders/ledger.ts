import { sql } from 'drizzle-orm'
import { derivePaymentStatus, type PaymentMethod, type PaymentStatus } from '../../../shared/orders'
import type { Tx } from '../../db/client'
import { queryRows } from '../../db/query-rows'

// The rules that move stock, sale rows and payment status after an order exists, in one place, each
// called inside the caller's transaction with the order row already locked (lockOrder). Checkout's
// single statement (checkout/place-order.ts) applies the same rules at the moment of purchase —
// take the stock, reserve or sell the last unit, book a card payment and its sale rows — and a test
// (ledger.test.ts) holds the two to the same outcome.

export interface LockedOrder {
  id: number
  status: string
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  total: number
  customerName: string | null
  customerEmail: string | null
  trackingNumber: string | null
}

/** Locks the order for the rest of the transaction: payments, cancels and steps on it queue up. */
export async function lockOrder(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await queryRows<LockedOrder>(
    tx,
    sql`select id, status, payment_status as "paymentStatus", payment_method as "paymentMethod", total,
          customer_name as "customerName", customer_email as "customerEmail", tracking_number as "trackingNumber"
        from orders where id = ${orderId} for update`,
  )
  return row
}

/** The sum of the order's payment rows. */
export async function amountPaid(tx: Tx, orderId: number): Promise<number> {
  const [row] = await queryRows<{ paid: number }>(
    tx,
    sql`select coalesce(sum(amount), 0)::int as paid from payments where order_id = ${orderId}`,
  )
  return row!.paid
}

/**
 * Books a payment row and sets the order's payment status from all of its rows; the status is
 * never taken from a request. Returns the status before and after.
 */
export async function recordPayment(
  tx: Tx,
  order: LockedOrder,
  payment: { amount: number; method: PaymentMethod; note: string | null },
): Promise<{ before: PaymentStatus; after: PaymentStatus; paid: number }> {
  await tx.execute(
    sql`insert into payments (order_id, amount, method, note) values (${order.id}, ${payment.amount}, ${payment.method}, ${payment.note})`,
  )
  const paid = await amountPaid(tx, order.id)
  const after = derivePaymentStatus(paid, order.total)
  await tx.execute(
    sql`update orders set payment_status = ${after}, updated_at = now() where id = ${order.id}`,
  )
  await settleInstallments(tx, order.id)
  if (after === 'paid' && order.paymentStatus !== 'paid') await settleOrder(tx, order, payment.method)
  return { before: order.paymentStatus, after, paid }
}

/**
 * Locks the order's pieces in id order, as checkout does, so that two back-office changes on
 * orders sharing pieces wait for each other instead of deadlocking.
 */
async function lockPieces(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    select id from products
    where id in (select product_id from order_items where order_id = ${orderId})
    order by id for update`)
}

/**
 * An order paid in full: the pieces it reserved are sold (at the price on the order line), and one
 * sale row per line joins the ledger with the product's cost as it is now, so later edits of the
 * cost never change this sale's profit, under the method of the payment that settled it.
 */
async function settleOrder(tx: Tx, order: LockedOrder, method: PaymentMethod): Promise<void> {
  await lockPieces(tx, order.id)
  await tx.execute(sql`
    update products set status = 'sold', sold_at = now(), sold_price = line.price, updated_at = now()
    from order_items line
    where line.order_id = ${order.id} and products.id = line.product_id
      and products.status = 'reserved' and products.stock_quantity = 0`)
  await tx.execute(sql`
    insert into sales (product_id, sale_price, cost, profit, payment_method, customer_name, customer_email,
      source, order_id)
    select line.product_id, line.price * line.quantity, products.cost * line.quantity,
      (line.price - products.cost) * line.quantity, ${method}, ${order.customerName},
      ${order.customerEmail}, 'order', ${order.id}
    from order_items line join products on products.id = line.product_id
    where line.order_id = ${order.id}
      and not exists (select from sales where sales.order_id = ${order.id})`)
}

/**
 * A cancelled order gives its pieces back: the stock returns, and a piece that was reserved or
 * sold is available again, since it has a unit to sell. Its sale rows leave the ledger.
 */
export async function releaseOrder(tx: Tx, orderId: number): Promise<void> {
  await lockPieces(tx, orderId)
  await tx.execute(sql`
    update products set
      stock_quantity = products.stock_quantity + line.quantity,
      status = case when products.status in ('reserved', 'sold') then 'available' else products.status end,
      sold_at = case when products.status in ('reserved', 'sold') then null else products.sold_at end,
      sold_price = case when products.status in ('reserved', 'sold') then null else products.sold_price end,
      updated_at = now()
    from (select product_id, sum(quantity)::int as quantity from order_items where order_id = ${orderId}
          group by product_id) line
    where products.id = line.product_id`)
  await tx.execute(sql`delete from sales where order_id = ${orderId}`)
}

/**
 * A payment plan is paid in its order: the deposit first, then each instalment by due date. An
 * instalment counts as paid once the payments received cover the deposit and every instalment up
 * to and including it.
 */
export async function settleInstallments(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    update payment_installments set paid = true, paid_date = now()
    from (
      select step.id, plan.deposit_amount + sum(step.amount) over (order by step.due_date, step.id) as covered
      from payment_installments step join payment_plans plan on plan.id = step.plan_id
      where plan.order_id = ${orderId}
    ) steps
    where payment_installments.id = steps.id and not payment_installments.paid
      and steps.covered <= (select coalesce(sum(amount), 0) from payments where order_id = ${orderId})`)
}
