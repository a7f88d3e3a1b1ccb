import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  awaitsFirstPayment,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../shared/orders/rules'
import type { DbOrTx } from '../../db/client'
import { giftCardPaymentsOf } from '../gift-cards/checkout-payments'
import { refundsOf } from '../ledger/refunds'
import { paymentPlans } from '../ledger/schema'
import { shopperPayments } from '../ledger/shopper-plan'
import { hashAccessKey } from '../orders/access-key'
import type { OrderLinkTokens } from '../orders/order-link-token'
import { orderItems, orders } from '../orders/schema'

type OrderRow = typeof orders.$inferSelect

function summary(row: OrderRow, itemCount: number): OrderSummary {
  return {
    id: row.id,
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    total: row.total,
    itemCount,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The signed-in shopper's orders, newest first. */
export async function listUserOrders(db: DbOrTx, userId: number): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt))
  if (rows.length === 0) return []
  const counts = await db
    .select({ orderId: orderItems.orderId, n: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(orderItems.orderId)
  const byOrder = new Map(counts.map((count) => [count.orderId, count.n]))
  return rows.map((row) => summary(row, byOrder.get(row.id) ?? 0))
}

/** One order, only for its owner: anybody else gets nothing, as if it did not exist. */
export async function getUserOrder(
  db: DbOrTx,
  userId: number,
  orderId: number,
  today: string,
): Promise<OrderDetail | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  return row && orderDetail(db, row, today)
}

/**
 * Whether `key` opens the order: the access key of its confirmation e-mail (kept only hashed), or
 * a later e-mail's signed token that has not expired (order-link-token.ts).
 */
function opensOrder(orderId: number, key: string, orderLinks: OrderLinkTokens) {
  return orderLinks.opens(orderId, key)
    ? eq(orders.id, orderId)
    : and(eq(orders.id, orderId), eq(orders.accessKeyHash, hashAccessKey(key)))
}

/**
 * One order, for whoever holds its e-mailed link: a wrong or expired key, an order without one,
 * and a missing order all answer nothing alike.
 */
export async function getOrderByAccessKey(
  db: DbOrTx,
  orderId: number,
  key: string,
  orderLinks: OrderLinkTokens,
  today: string,
): Promise<OrderDetail | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(opensOrder(orderId, key, orderLinks))
  return row && orderDetail(db, row, today)
}

/** Whether the e-mailed link's key opens the order (for its papers: documents/routes.ts). */
export async function accessKeyOpens(
  db: DbOrTx,
  orderId: number,
  key: string,
  orderLinks: OrderLinkTokens,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(opensOrder(orderId, key, orderLinks))
  return !!row
}

/** `today` is the shop's date ('yyyy-MM-dd'): it decides which instalments are overdue. */
async function orderDetail(db: DbOrTx, row: OrderRow, today: string): Promise<OrderDetail> {
  const items = await db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      productImage: orderItems.productImage,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id))
  return {
    ...summary(
      row,
      items.reduce((sum, item) => sum + item.quantity, 0),
    ),
    subtotal: row.subtotal,
    discountCode: row.discountCode,
    discount: row.discount,
    shippingCost: row.shippingCost,
    tax: row.tax,
    taxLines: row.taxLines,
    taxNote: row.taxNote,
    paymentMethod: row.paymentMethod as PaymentMethod,
    trackingNumber: row.trackingNumber,
    customerName: row.customerName,
    shipping: {
      address: row.shippingAddress,
      city: row.shippingCity,
      state: row.shippingState,
      zip: row.shippingZip,
      country: row.shippingCountry,
    },
    items,
    reservedUntil: row.reservedUntil && (await holdsPieces(db, row)) ? row.reservedUntil.toISOString() : null,
    ...(await shopperPayments(db, row, today)),
    // The money that went back; a card refund still with its provider shows once it is done.
    refunds: ((await refundsOf(db, [row.id])).get(row.id) ?? [])
      .filter((refund) => refund.status === 'done')
      .map(({ id, amount, method, createdAt }) => ({ id, amount, method, createdAt })),
    refundedAmount: row.refundedAmount,
    ...(await giftCardAnswer(db, row)),
  }
}

/** What gift cards paid on the order, and what was left for the card or Zelle (issue 36). */
async function giftCardAnswer(db: DbOrTx, order: { id: number; total: number }) {
  const giftCardPayments = (await giftCardPaymentsOf(db, [order.id])).get(order.id) ?? []
  const paid = giftCardPayments.reduce((sum, payment) => sum + payment.amount, 0)
  return { giftCardPayments, amountDue: order.total - paid }
}

/** Whether the order's pieces wait for its first payment, and would go back at its reservation's end. */
async function holdsPieces(db: DbOrTx, row: OrderRow): Promise<boolean> {
  const [plan] = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(eq(paymentPlans.orderId, row.id))
  return awaitsFirstPayment({
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    hasPlan: !!plan,
  })
}
