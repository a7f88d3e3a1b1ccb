import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { refundTaxPart } from '../../../shared/orders/refunds'
import {
  derivePaymentStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  type RefundMethod,
} from '../../../shared/orders/rules'
import type { Tx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { returnStock, SELL_RESERVED, saleRow } from '../inventory/stock-rules'
import { orders } from '../orders/schema'
import { payments, refunds } from './schema'

// What happens to an order's pieces, sale rows and payment status after it exists, each step
// called inside the caller's transaction with the order row already locked (lockOrder). The SQL
// that moves stock and books sales is the same fragments (inventory/stock-rules.ts) checkout's single
// statement is built from, and a test (ledger.test.ts) holds the two paths to the same outcome.

const LockedOrder = z.object({
  id: z.number().int(),
  status: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  total: z.number().int(),
  /** The sales tax within the total (issue 34), and what it was levied on. */
  tax: z.number().int(),
  taxable: z.number().int(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  refundedAmount: z.number().int(),
})
export type LockedOrder = z.input<typeof LockedOrder>

/** Locks the order for the rest of the transaction: payments, cancels and steps on it queue up. */
export async function lockOrder(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await queryRows(
    tx,
    LockedOrder,
    sql`select id, status, payment_status as "paymentStatus", payment_method as "paymentMethod", total, tax,
          coalesce((tax_lines->0->>'taxable')::int, total - tax) as taxable,
          customer_name as "customerName", customer_email as "customerEmail", tracking_number as "trackingNumber",
          refunded_amount as "refundedAmount"
        from orders where id = ${orderId} for update`,
  )
  return row
}

const AmountPaidRow = z.object({ paid: z.number() })

/** The sum of the order's payment rows. */
export async function amountPaid(tx: Tx, orderId: number): Promise<number> {
  const [row] = await queryRows(
    tx,
    AmountPaidRow,
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
  await tx
    .insert(payments)
    .values({ orderId: order.id, amount: payment.amount, method: payment.method, note: payment.note })
  const paid = await amountPaid(tx, order.id)
  const after = derivePaymentStatus(paid, order.total, order.refundedAmount)
  await tx.update(orders).set({ paymentStatus: after, updatedAt: sql`now()` }).where(eq(orders.id, order.id))
  await settleInstallments(tx, order.id)
  if (after === 'paid' && order.paymentStatus !== 'paid') await settleOrder(tx, order, payment.method)
  return { before: order.paymentStatus, after, paid }
}

/**
 * Locks the pieces of these orders, all of them, in id order, as checkout does, so that two
 * back-office changes or a sweep on orders sharing pieces wait for each other instead of
 * deadlocking.
 */
export async function lockPieces(tx: Tx, orderIds: readonly number[]): Promise<void> {
  await tx.execute(sql`
    select id from products
    where id in (select product_id from order_items where order_id = any(${`{${orderIds.join(',')}}`}::int[]))
    order by id for update`)
}

/**
 * An order paid in full: the pieces it reserved are sold (at the price on the order line), and one
 * sale row per line joins the ledger with the product's cost as it is now, so later edits of the
 * cost never change this sale's profit, under the method of the payment that settled it.
 */
async function settleOrder(tx: Tx, order: LockedOrder, method: PaymentMethod): Promise<void> {
  await lockPieces(tx, [order.id])
  await tx.execute(sql`
    update products set ${SELL_RESERVED.set('line.price')}
    from order_items line
    where line.order_id = ${order.id} and products.id = line.product_id and ${SELL_RESERVED.when}`)
  const sale = saleRow({
    productId: 'line.product_id',
    quantity: 'line.quantity',
    price: 'line.price',
    cost: 'products.cost',
    method: sql`${method}::text`,
    customerName: 'o.customer_name',
    customerEmail: 'o.customer_email',
    source: "'order'",
    orderId: 'o.id',
    discount: 'line.discount',
  })
  await tx.execute(sql`
    insert into sales ${sale}
    from orders o join order_items line on line.order_id = o.id join products on products.id = line.product_id
    where o.id = ${order.id} and not exists (select from sales where sales.order_id = ${order.id})`)
}

/** Statuses an order reaches only once it left the shop; the order's steps never go back. */
export const SHIPPED: ReadonlySet<string> = new Set(['shipped', 'delivered'])

/**
 * The use an order holds of its discount code goes back to the code, once: the order lets go of
 * the code. Called before the pieces are locked, as checkout locks the code before the pieces.
 */
async function giveBackDiscountUse(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    update discount_codes set uses = greatest(discount_codes.uses - 1, 0), updated_at = now()
    from orders o where o.id = ${orderId} and discount_codes.id = o.discount_code_id`)
  await tx
    .update(orders)
    .set({ discountCodeId: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.discountCodeId)))
}

/** The pieces of an order a refund already put back on sale (a return), which no later step gives back again. */
const RETURNED_PIECES = (orderId: number) =>
  sql`select unnest(restocked_product_ids) from refunds where order_id = ${orderId}`

/**
 * A cancelled order gives its pieces back: the stock returns, and a piece that was reserved or
 * sold is available again, since it has a unit to sell. Its sale rows leave the ledger. An order
 * that never shipped gives its discount code's use back (issue 25).
 */
export async function releaseOrder(
  tx: Tx,
  orderId: number,
  options: { shipped?: boolean } = {},
): Promise<void> {
  if (!options.shipped) await giveBackDiscountUse(tx, orderId)
  await lockPieces(tx, [orderId])
  await tx.execute(sql`
    update products set ${returnStock('line.quantity')}
    from (select product_id, sum(quantity)::int as quantity from order_items where order_id = ${orderId}
            and product_id not in (${RETURNED_PIECES(orderId)})
          group by product_id) line
    where products.id = line.product_id`)
  await tx.execute(sql`delete from sales where order_id = ${orderId}`)
}

export interface RefundRecord {
  amount: number
  method: RefundMethod
  reason: string
  /** Pieces of the order to put back on sale; checked against the order by the caller. */
  restock: number[]
  /**
   * A card refund: the intent it goes back through and the key the provider sees. The row is
   * written pending and the refund worker (refund-worker.ts) completes it; without one the money
   * went back by hand and the refund is done at once.
   */
  card?: { intentId: string; idempotencyKey: string }
  actor: string | null
  /** A store-credit refund's new card (issue 36). */
  giftCardId?: number
}

/**
 * Books a refund row beside the payments, in the transaction that decides it (docs/decisions/011),
 * with the order locked, once the caller checked the amount. The restocked pieces come back on
 * sale and their sale rows leave the ledger at once. A refund by hand is done: the order's
 * refunded amount and payment status follow now; a card refund's follow when the provider made it.
 */
export async function recordRefund(
  tx: Tx,
  order: LockedOrder,
  refund: RefundRecord,
): Promise<{ id: number; after: PaymentStatus }> {
  const taxPart = await refundTax(tx, order, refund.amount)
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amount: refund.amount,
      tax: taxPart,
      method: refund.method,
      reason: refund.reason,
      restockedProductIds: refund.restock,
      actor: refund.actor,
      status: refund.card ? 'pending' : 'done',
      paymentIntentId: refund.card?.intentId ?? null,
      idempotencyKey: refund.card?.idempotencyKey ?? null,
      nextAttemptAt: refund.card ? sql`now()` : null,
      completedAt: refund.card ? null : sql`now()`,
      giftCardId: refund.giftCardId ?? null,
    })
    .returning({ id: refunds.id })
  if (refund.restock.length > 0) await returnPieces(tx, order.id, refund.restock)
  const after = refund.card ? order.paymentStatus : await applyRefunds(tx, order)
  return { id: row!.id, after }
}

const RefundTaxRow = z.object({ refunded: z.number(), taxRefunded: z.number() })

/** The sales tax a refund of `amount` gives back, against the order's refunds so far (shared/orders/refunds.ts). */
async function refundTax(tx: Tx, order: LockedOrder, amount: number): Promise<number> {
  if (order.tax === 0) return 0
  const [so] = await queryRows(
    tx,
    RefundTaxRow,
    sql`select coalesce(sum(amount), 0)::int as refunded, coalesce(sum(tax), 0)::int as "taxRefunded"
        from refunds where order_id = ${order.id}`,
  )
  const paid = await amountPaid(tx, order.id)
  return refundTaxPart(amount, { tax: order.tax, total: order.total, taxable: order.taxable, paid, ...so! })
}

const RefundsHeldRow = z.object({ done: z.number(), all: z.number() })

/**
 * What refunds rows bind on an order: paid back (done) and still to pay back (pending, failed).
 * A new refund may take only what neither holds.
 */
export async function refundsHeld(tx: Tx, orderId: number): Promise<{ done: number; all: number }> {
  const [row] = await queryRows(
    tx,
    RefundsHeldRow,
    sql`select coalesce(sum(amount) filter (where status = 'done'), 0)::int as done,
          coalesce(sum(amount), 0)::int as all from refunds where order_id = ${orderId}`,
  )
  return row!
}

/**
 * Sets the order's refunded amount from its done refunds and its payment status from payments
 * less those (decision record 003): the only way an order becomes 'refunded'. An order whose
 * money all went back before it shipped gives its discount code's use back.
 */
export async function applyRefunds(tx: Tx, order: LockedOrder): Promise<PaymentStatus> {
  const { done } = await refundsHeld(tx, order.id)
  const after = derivePaymentStatus(await amountPaid(tx, order.id), order.total, done)
  await tx
    .update(orders)
    .set({ refundedAmount: done, paymentStatus: after, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
  if (after === 'refunded' && order.paymentStatus !== 'refunded' && !SHIPPED.has(order.status))
    await giveBackDiscountUse(tx, order.id)
  return after
}

const CardRefundDueRow = z.object({
  intentId: z.string().nullable(),
  amount: z.number(),
  refunded: z.number(),
  paid: z.number(),
  held: z.number(),
})

/**
 * What of the order's card payment is still to go back: the card payment less the card refunds
 * already on record (done or not), and never more than was paid less every refund.
 */
export async function cardRefundDue(
  tx: Tx,
  orderId: number,
): Promise<{ intentId: string; amount: number } | undefined> {
  const [card] = await queryRows(
    tx,
    CardRefundDueRow,
    sql`select
          (select provider_reference from payments where order_id = ${orderId} and method = 'stripe'
            and provider_reference is not null order by id limit 1) as "intentId",
          (select coalesce(sum(amount), 0)::int from payments where order_id = ${orderId} and method = 'stripe'
            and provider_reference is not null) as amount,
          (select coalesce(sum(amount), 0)::int from refunds where order_id = ${orderId} and method = 'stripe') as refunded,
          (select coalesce(sum(amount), 0)::int from payments where order_id = ${orderId}) as paid,
          (select coalesce(sum(amount), 0)::int from refunds where order_id = ${orderId}) as held`,
  )
  if (!card?.intentId) return undefined
  const amount = Math.min(card.amount - card.refunded, card.paid - card.held)
  return amount > 0 ? { intentId: card.intentId, amount } : undefined
}

/**
 * Pieces of an order that come back (a return): their units return to stock, a piece that was
 * reserved or sold is available again, and their sale rows leave the ledger, so the period's
 * sales and profit drop by exactly those lines.
 */
async function returnPieces(tx: Tx, orderId: number, productIds: number[]): Promise<void> {
  const ids = `{${productIds.join(',')}}`
  await tx.execute(sql`
    select id from products where id = any(${ids}::int[]) order by id for update`)
  await tx.execute(sql`
    update products set ${returnStock('line.quantity')}
    from (select product_id, sum(quantity)::int as quantity from order_items
          where order_id = ${orderId} and product_id = any(${ids}::int[]) group by product_id) line
    where products.id = line.product_id`)
  await tx.execute(sql`delete from sales where order_id = ${orderId} and product_id = any(${ids}::int[])`)
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
