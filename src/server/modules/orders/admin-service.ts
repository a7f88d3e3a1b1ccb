import { type SQL, sql } from 'drizzle-orm'
import { formatCents } from '../../../shared/money'
import {
  ORDER_STATUS_LABELS,
  ORDER_TABS,
  type OrderStatus,
  type OrderTab,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  transitionRefusal,
} from '../../../shared/orders'
import {
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrderSort,
  type PaymentUpdate,
  TRACKING_REQUIRED,
} from '../../../shared/orders-admin'
import type { Database } from '../../db/client'
import { pageWindow, searchMatches, withCustomPlans } from '../../db/paging'
import { queryRows } from '../../db/query-rows'
import { conflict, invalid, notFound } from '../../errors'
import { type OrderRow, toAdminOrders } from './admin-orders'
import { recordEvent } from './events'
import { amountPaid, lockOrder, recordPayment, releaseOrder } from './ledger'

// The owner's side of orders: the list with its tabs, and every change made from the back office.
// Each change locks the order first, so a payment and a cancel on one order happen one after the
// other, never interleaved.

/** The SQL twin of orderTabs() in shared/orders.ts; a test holds them together. */
const TAB_CONDITIONS: Record<OrderTab, SQL> = {
  all: sql`true`,
  'pending-payment': sql`o.status <> 'cancelled' and o.payment_status in ('unpaid', 'partial') and plan.id is null`,
  'payment-plans': sql`o.status <> 'cancelled' and plan.id is not null and o.payment_status <> 'paid'`,
  'ready-to-ship': sql`o.status in ('confirmed', 'preparing') and o.payment_status = 'paid'`,
  completed: sql`o.status in ('shipped', 'delivered')`,
}

const ORDERINGS: Record<AdminOrderSort, SQL> = {
  newest: sql`o.created_at desc, o.id desc`,
  'due-date': sql`next_due.due_date asc nulls last, o.created_at desc, o.id desc`,
  buyer: sql`lower(o.customer_name) asc nulls last, o.id desc`,
}

/** What the owner's search looks in; `orders_search_trgm_idx` is built on exactly this expression. */
const ORDER_SEARCH_TEXT = sql`lower(coalesce(o.customer_name, '') || ' ' || coalesce(o.customer_email, ''))`

function searchCondition(search: string | undefined): SQL {
  if (!search) return sql`true`
  const orderNumber = /^#?\s*(\d{1,9})$/.exec(search.trim())?.[1]
  const byText = searchMatches(ORDER_SEARCH_TEXT, search)
  return orderNumber ? sql`(o.id = ${Number(orderNumber)} or ${byText})` : byText
}

const FROM_ORDERS = sql`
  from orders o
  left join payment_plans plan on plan.order_id = o.id
  left join lateral (
    select min(due_date) as due_date from payment_installments i where i.plan_id = plan.id and not i.paid
  ) next_due on true`

/** One page of orders for a tab, and how many orders every tab holds under the same search. */
export async function listAdminOrders(db: Database, query: AdminOrderQuery): Promise<AdminOrderPage> {
  const { limit, offset } = pageWindow(query)
  const search = searchCondition(query.search)
  return withCustomPlans(db, async (tx) => {
    const rows = await queryRows<OrderRow>(
      tx,
      sql`select o.*, plan.id as plan_id ${FROM_ORDERS}
          where ${search} and ${TAB_CONDITIONS[query.tab]}
          order by ${ORDERINGS[query.sort]} limit ${limit} offset ${offset}`,
    )
    const counts = sql.join(
      ORDER_TABS.map(
        (tab) => sql`count(*) filter (where ${TAB_CONDITIONS[tab]})::int as ${sql.identifier(tab)}`,
      ),
      sql`, `,
    )
    const [tabCounts] = await queryRows<Record<OrderTab, number>>(
      tx,
      sql`select ${counts} from orders o left join payment_plans plan on plan.order_id = o.id where ${search}`,
    )
    return {
      items: await toAdminOrders(tx, rows),
      total: tabCounts![query.tab],
      tabCounts: tabCounts!,
    }
  })
}

export async function getAdminOrder(db: Database, orderId: number) {
  const rows = await queryRows<OrderRow>(
    db,
    sql`select o.*, plan.id as plan_id from orders o left join payment_plans plan on plan.order_id = o.id
        where o.id = ${orderId}`,
  )
  if (rows.length === 0) throw notFound('Order not found')
  return (await toAdminOrders(db, rows))[0]!
}

export type CardRefund = (intentId: string, idempotencyKey: string) => Promise<void>

/**
 * Moves an order along its steps (shared/orders.ts decides which), or cancels it: the pieces come
 * back, its sales leave the ledger and, for a card payment, the money goes back through the
 * provider — after the commit, and written into the trail either way, never silently.
 */
export async function changeOrderStatus(
  db: Database,
  orderId: number,
  to: OrderStatus,
  options: { trackingNumber?: string; actor: string; refund: CardRefund },
) {
  const refundDue = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const from = order.status as OrderStatus
    const refusal = transitionRefusal(from, to)
    if (refusal) throw conflict(refusal)
    if (to === 'shipped') {
      const trackingNumber = options.trackingNumber || order.trackingNumber
      if (!trackingNumber) throw invalid(TRACKING_REQUIRED, 'trackingNumber')
      if (trackingNumber !== order.trackingNumber) {
        await tx.execute(sql`update orders set tracking_number = ${trackingNumber} where id = ${orderId}`)
        await recordEvent(tx, orderId, 'tracking', `Tracking number ${trackingNumber}`, options.actor)
      }
    }
    await tx.execute(sql`update orders set status = ${to}, updated_at = now() where id = ${orderId}`)
    await recordEvent(
      tx,
      orderId,
      'status',
      `${ORDER_STATUS_LABELS[from]} → ${ORDER_STATUS_LABELS[to]}`,
      options.actor,
    )
    if (to !== 'cancelled') return undefined
    await releaseOrder(tx, orderId)
    const [card] = await queryRows<{ reference: string; amount: number }>(
      tx,
      sql`select provider_reference as reference, amount from payments
          where order_id = ${orderId} and method = 'stripe' and provider_reference is not null limit 1`,
    )
    return card
  })
  if (refundDue) await refundCard(db, orderId, refundDue, options)
  return getAdminOrder(db, orderId)
}

async function refundCard(
  db: Database,
  orderId: number,
  card: { reference: string; amount: number },
  options: { actor: string; refund: CardRefund },
) {
  try {
    await options.refund(card.reference, `cancel-order-${orderId}`)
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update orders set payment_status = 'refunded', updated_at = now() where id = ${orderId}`,
      )
      await recordEvent(
        tx,
        orderId,
        'refund',
        `Card payment of ${formatCents(card.amount)} refunded`,
        options.actor,
      )
    })
  } catch (error) {
    await recordEvent(
      db,
      orderId,
      'refund',
      `Refund of ${formatCents(card.amount)} owed: the card provider did not confirm it (${(error as Error).message})`,
      options.actor,
    )
  }
}

export async function addTracking(db: Database, orderId: number, trackingNumber: string, actor: string) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    if (order.status === 'cancelled') throw conflict('This order is cancelled and can no longer change')
    await tx.execute(
      sql`update orders set tracking_number = ${trackingNumber}, updated_at = now() where id = ${orderId}`,
    )
    await recordEvent(tx, orderId, 'tracking', `Tracking number ${trackingNumber}`, actor)
  })
  return getAdminOrder(db, orderId)
}

/**
 * Records money received. Without an amount, 'paid' settles the balance; more than the balance is
 * refused. The order's payment status then follows from its payment rows, whatever the request
 * said: 'paid' with a small amount stays partial.
 */
export async function recordOrderPayment(
  db: Database,
  orderId: number,
  update: PaymentUpdate,
  actor: string,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    if (order.status === 'cancelled') throw conflict('A cancelled order takes no payment')
    const balance = order.total - (await amountPaid(tx, orderId))
    if (balance <= 0) throw conflict('This order is already paid in full')
    const amount = update.amount ?? (update.paymentStatus === 'paid' ? balance : undefined)
    if (amount === undefined) throw invalid('Enter the amount received', 'amount')
    if (amount > balance) throw conflict(`The payment exceeds the balance of ${formatCents(balance)}`)
    const method: PaymentMethod =
      update.method ?? (order.paymentMethod === 'stripe' ? 'credit_card' : order.paymentMethod)
    const result = await recordPayment(tx, order, { amount, method, note: update.note || null })
    await recordEvent(
      tx,
      orderId,
      'payment',
      `${formatCents(amount)} received by ${method.replace('_', ' ')}: ${PAYMENT_STATUS_LABELS[result.after]}`,
      actor,
    )
    // Paid in full, an order waiting for its payment is confirmed: 'Payment Confirmed'.
    if (result.after === 'paid' && order.status === 'pending') {
      await tx.execute(sql`update orders set status = 'confirmed', updated_at = now() where id = ${orderId}`)
      await recordEvent(
        tx,
        orderId,
        'status',
        `${ORDER_STATUS_LABELS.pending} → ${ORDER_STATUS_LABELS.confirmed}`,
        actor,
      )
    }
  })
  return getAdminOrder(db, orderId)
}
