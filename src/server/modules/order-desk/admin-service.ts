import { eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { formatCents } from '../../../shared/money'
import {
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrderSort,
  type PaymentPlanInput,
  type PaymentUpdate,
  TRACKING_REQUIRED,
} from '../../../shared/orders/admin-schema'
import { paymentMethodLabel } from '../../../shared/orders/labels'
import {
  CONFIRM_NEEDS_PAYMENT,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderStatus,
  type OrderTab,
  orderTabs,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  transitionRefusal,
} from '../../../shared/orders/rules'
import { crashPoint } from '../../crash-points'
import type { Database, DbOrTx } from '../../db/client'
import { pageWindow, searchMatches, withCustomPlans } from '../../db/paging'
import { queryRows } from '../../db/query-rows'
import { conflict, invalid, notFound } from '../../errors'
import { returnGiftCardPayments } from '../ledger/gift-card-returns'
import {
  amountPaid,
  cardRefundDue,
  lockOrder,
  recordPayment,
  recordRefund,
  releaseOrder,
  SHIPPED,
  settleInstallments,
} from '../ledger/ledger'
import { owedOrder } from '../ledger/owed'
import { processRefund, type RefundDeps } from '../ledger/refund-worker'
import { paymentPlans } from '../ledger/schema'
import type { ActionContext } from '../orders/action-context'
import { recordEvent } from '../orders/events'
import { tellShopper } from '../orders/order-notices'
import { orders } from '../orders/schema'
import { OrderRow, toAdminOrders } from './admin-orders'
import { restartReservation } from './reservations'

// The owner's side of orders: the list with its tabs, and every change made from the back office.
// Each change locks the order first, so a payment and a cancel on one order happen one after the
// other, never interleaved.

/**
 * The shopper asked to see pieces first and the owner has not arranged it yet, while it can still
 * happen: not for an order cancelled, shipped or delivered. orderTabs() holds the same rule.
 */
const NEEDS_APPOINTMENT = sql`o.appointment_request and o.appointment_arranged_at is null
  and o.status not in ('cancelled', 'shipped', 'delivered')`

/** The SQL twin of orderTabs() in shared/orders/rules.ts, to filter a tab's page; a test holds them together. */
const TAB_CONDITIONS: Record<OrderTab, SQL> = {
  all: sql`true`,
  // `not exists`, not `plan.id is null`: the planner counts the anti-join's rows right and walks
  // the newest orders by index until the page is full, rather than sorting every unpaid order.
  'pending-payment': sql`${owedOrder('o')} and not exists (select from payment_plans p where p.order_id = o.id)`,
  'payment-plans': sql`${owedOrder('o')} and plan.id is not null`,
  'ready-to-ship': sql`o.status in ('confirmed', 'preparing') and o.payment_status = 'paid'`,
  completed: sql`o.status in ('shipped', 'delivered')`,
  appointments: NEEDS_APPOINTMENT,
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

const NEXT_DUE = sql`left join lateral (
    select min(due_date) as due_date from payment_installments i where i.plan_id = plan.id and not i.paid
  ) next_due on true`

const FROM_ORDERS = sql`
  from orders o
  left join payment_plans plan on plan.order_id = o.id
  ${NEXT_DUE}`

/**
 * Every plan with its order, looked up by the order's key. Plans are few; left to itself the
 * planner hash-joins them to every owed order instead, reading 20,000 rows for a few hundred plans
 * (`offset 0` keeps it from flattening the lookup into that join).
 */
const PLANS_WITH_ORDERS = sql`payment_plans plan
  cross join lateral (select * from orders where orders.id = plan.order_id offset 0) o`

/**
 * The Payment Plans tab starts from the plans rather than walking every order for the ones that
 * have one (sorted by due date that read the whole table: p99 64 ms at 20,000 orders), and takes
 * the next due dates from one pass over the unpaid installments rather than a lookup per plan:
 * 3.7 ms instead of 11.8 at 20,000 orders and 666 plans (docs/bench-comparisons.md).
 */
const FROM_PLANS = sql`
  from ${PLANS_WITH_ORDERS}
  left join (
    select plan_id, min(due_date) as due_date from payment_installments where not paid group by plan_id
  ) next_due on next_due.plan_id = plan.id`

/** One page of orders for a tab, and how many orders every tab holds under the same search. */
export async function listAdminOrders(
  db: Database,
  query: AdminOrderQuery,
  today: string,
): Promise<AdminOrderPage> {
  const { limit, offset } = pageWindow(query)
  const search = searchCondition(query.search)
  return withCustomPlans(db, async (tx) => {
    const rows = await queryRows(
      tx,
      OrderRow,
      sql`select o.*, plan.id as plan_id ${query.tab === 'payment-plans' ? FROM_PLANS : FROM_ORDERS}
          where ${search} and ${TAB_CONDITIONS[query.tab]}
          order by ${ORDERINGS[query.sort]} limit ${limit} offset ${offset}`,
    )
    const tabCounts = await countTabs(tx, search)
    return {
      items: await toAdminOrders(tx, rows, today),
      total: tabCounts[query.tab],
      tabCounts,
    }
  })
}

const StateCount = z.object({
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  n: z.number().int(),
})
type StateCount = z.input<typeof StateCount>

const CountTabsRow = z.object({ n: z.number().int() })

/**
 * How many orders each tab holds: orders counted by (status, payment status) — an index-only scan
 * — and those with a plan counted apart (plans are few), then sorted into tabs by orderTabs(), the
 * same rule the back office and the tests use.
 */
async function countTabs(tx: DbOrTx, search: SQL): Promise<Record<OrderTab, number>> {
  const everyOrder = await queryRows(
    tx,
    StateCount,
    sql`select o.status, o.payment_status, count(*)::int as n from orders o where ${search} group by 1, 2`,
  )
  const onPlans = await queryRows(
    tx,
    StateCount,
    sql`select o.status, o.payment_status, count(*)::int as n
        from ${PLANS_WITH_ORDERS} where ${search} group by 1, 2`,
  )
  const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, 0])) as Record<OrderTab, number>
  const add = (row: StateCount, hasPlan: boolean, n: number) => {
    for (const tab of orderTabs({ status: row.status, paymentStatus: row.payment_status, hasPlan }))
      counts[tab] += n
  }
  for (const row of onPlans) add(row, true, row.n)
  for (const row of everyOrder) {
    const planned = onPlans.find(
      (plan) => plan.status === row.status && plan.payment_status === row.payment_status,
    )
    add(row, false, row.n - (planned?.n ?? 0))
  }
  // Appointments cut across the states above; the open ones are few and have their own index.
  const [appointments] = await queryRows(
    tx,
    CountTabsRow,
    sql`select count(*)::int as n from orders o where ${search} and ${NEEDS_APPOINTMENT}`,
  )
  counts.appointments = appointments?.n ?? 0
  return counts
}

export async function getAdminOrder(db: Database, orderId: number, today: string) {
  const rows = await queryRows(
    db,
    OrderRow,
    sql`select o.*, plan.id as plan_id from orders o left join payment_plans plan on plan.order_id = o.id
        where o.id = ${orderId}`,
  )
  if (rows.length === 0) throw notFound('Order not found')
  return (await toAdminOrders(db, rows, today))[0]!
}

const ChangeOrderStatusRow = z.object({ amount: z.number(), methods: z.string() })

/**
 * Moves an order along its steps (shared/orders/rules.ts decides which), or cancels it: the pieces come
 * back, its sales leave the ledger and, for a card payment, a refund of what is left of it is
 * written in the same transaction (docs/decisions/011), which the provider is asked for after the
 * commit, here or, after a crash or an outage, by the refund worker.
 */
export async function changeOrderStatus(
  db: Database,
  orderId: number,
  to: OrderStatus,
  options: ActionContext & { trackingNumber?: string; refunds: RefundDeps },
) {
  const refundId = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const from = order.status as OrderStatus
    const refusal = transitionRefusal(from, to)
    if (refusal) throw conflict(refusal)
    if (to === 'confirmed' && order.paymentStatus === 'unpaid') {
      const [plan] = await tx
        .select({ id: paymentPlans.id })
        .from(paymentPlans)
        .where(eq(paymentPlans.orderId, orderId))
      if (!plan) throw conflict(CONFIRM_NEEDS_PAYMENT)
    }
    if (to === 'shipped') {
      const trackingNumber = options.trackingNumber || order.trackingNumber
      if (!trackingNumber) throw invalid(TRACKING_REQUIRED, 'trackingNumber')
      if (trackingNumber !== order.trackingNumber) {
        await tx.update(orders).set({ trackingNumber }).where(eq(orders.id, orderId))
        await recordEvent(tx, orderId, 'tracking', `Tracking number ${trackingNumber}`, options.actor)
      }
    }
    await tx.update(orders).set({ status: to, updatedAt: sql`now()` }).where(eq(orders.id, orderId))
    await recordEvent(
      tx,
      orderId,
      'status',
      `${ORDER_STATUS_LABELS[from]} → ${ORDER_STATUS_LABELS[to]}`,
      options.actor,
    )
    // 'Payment Confirmed' tells the shopper only when the payment is in; an order confirmed ahead
    // of its payment hears when it is paid (recordOrderPayment).
    if (to === 'confirmed' && order.paymentStatus === 'paid')
      await tellShopper(tx, orderId, 'order-confirmed', options.mail)
    if (to === 'shipped')
      await tellShopper(tx, orderId, 'order-shipped', options.mail, {
        trackingNumber: options.trackingNumber || order.trackingNumber,
      })
    if (to !== 'cancelled') return undefined
    await releaseOrder(tx, orderId, { shipped: SHIPPED.has(from) })
    // What gift cards paid goes back on them at once (issue 36): balances restored, cards enabled.
    await returnGiftCardPayments(tx, order.id, options.actor)
    // Money received by other means goes back by hand: the trail says what is owed, never silently.
    const [manual] = await queryRows(
      tx,
      ChangeOrderStatusRow,
      sql`select coalesce(sum(amount), 0)::int as amount, coalesce(string_agg(distinct method, ', '), '') as methods
          from payments where order_id = ${orderId} and provider_reference is null and method <> 'gift_card'`,
    )
    if (manual && manual.amount > 0)
      await recordEvent(
        tx,
        orderId,
        'refund',
        `Refund of ${formatCents(manual.amount)} owed to the customer (received by ${manual.methods.split(', ').map(paymentMethodLabel).join(', ')})`,
        options.actor,
      )
    const card = await cardRefundDue(tx, orderId)
    const refund = card
      ? await recordRefund(tx, order, {
          amount: card.amount,
          method: 'stripe',
          reason: 'Order cancelled',
          restock: [],
          card: { intentId: card.intentId, idempotencyKey: `cancel-order-${orderId}` },
          actor: options.actor.name,
        })
      : undefined
    if (card)
      await recordEvent(
        tx,
        orderId,
        'refund',
        `${formatCents(card.amount)} card refund started: Order cancelled`,
        options.actor,
      )
    await tellShopper(tx, orderId, 'order-cancelled', options.mail, { cardRefund: card?.amount })
    return refund?.id
  })
  if (refundId !== undefined) {
    crashPoint('cancel-after-commit')
    await processRefund(options.refunds, refundId)
  }
  return getAdminOrder(db, orderId, options.today)
}

export async function addTracking(
  db: Database,
  orderId: number,
  trackingNumber: string,
  context: ActionContext,
) {
  const { actor } = context
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    if (order.status === 'cancelled') throw conflict('This order is cancelled and can no longer change')
    await tx.update(orders).set({ trackingNumber, updatedAt: sql`now()` }).where(eq(orders.id, orderId))
    await recordEvent(tx, orderId, 'tracking', `Tracking number ${trackingNumber}`, actor)
  })
  return getAdminOrder(db, orderId, context.today)
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
  context: ActionContext,
) {
  const { actor } = context
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    if (order.status === 'cancelled') throw conflict('A cancelled order takes no payment')
    const balance = order.total - (await amountPaid(tx, orderId))
    if (balance <= 0) throw conflict('This order is already paid in full')
    const amount = update.amount ?? (update.paymentStatus === 'paid' ? balance : undefined)
    if (amount === undefined) throw invalid('Enter the amount received', 'amount')
    if (amount > balance)
      throw conflict(
        context.seesMoney
          ? `The payment exceeds the balance of ${formatCents(balance)}`
          : "The payment exceeds the order's balance",
      )
    const method: PaymentMethod =
      update.method ?? (order.paymentMethod === 'stripe' ? 'credit_card' : order.paymentMethod)
    const result = await recordPayment(tx, order, { amount, method, note: update.note || null })
    await recordEvent(
      tx,
      orderId,
      'payment',
      `${formatCents(amount)} received by ${paymentMethodLabel(method)}: ${PAYMENT_STATUS_LABELS[result.after]}`,
      actor,
    )
    // Paid in full, an order waiting for its payment is confirmed: 'Payment Confirmed'.
    if (result.after === 'paid' && order.status === 'pending') {
      await tx
        .update(orders)
        .set({ status: 'confirmed', updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
      await recordEvent(
        tx,
        orderId,
        'status',
        `${ORDER_STATUS_LABELS.pending} → ${ORDER_STATUS_LABELS.confirmed}`,
        actor,
      )
      await tellShopper(tx, orderId, 'order-confirmed', context.mail)
    }
  })
  return getAdminOrder(db, orderId, context.today)
}

/**
 * Sets (or replaces) an order's payment plan: a deposit and instalments that add up to the order's
 * total, falling due from today on. Payments already received count towards it at once.
 */
export async function setPaymentPlan(
  db: Database,
  orderId: number,
  plan: PaymentPlanInput,
  context: ActionContext,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    if (order.status === 'cancelled') throw conflict('A cancelled order takes no payment plan')
    if (order.paymentStatus === 'paid') throw conflict('This order is already paid in full')
    const planned = plan.depositAmount + plan.installments.reduce((sum, step) => sum + step.amount, 0)
    if (planned !== order.total)
      throw invalid(
        context.seesMoney
          ? `The deposit and instalments must add up to the order total of ${formatCents(order.total)}`
          : "The deposit and instalments must add up to the order's total",
        'installments',
      )
    if (plan.installments[0]!.dueDate < context.today)
      throw invalid('The first instalment cannot fall due in the past', 'installments')
    await tx.delete(paymentPlans).where(eq(paymentPlans.orderId, orderId))
    // Agreed terms replace the reservation's end (and, updating the row, stop a reservation job
    // that read the order before this commit from cancelling it after).
    await tx.update(orders).set({ reservedUntil: null, updatedAt: sql`now()` }).where(eq(orders.id, orderId))
    const [created] = await tx
      .insert(paymentPlans)
      .values({ orderId, depositAmount: plan.depositAmount, totalAmount: order.total })
      .returning({ id: paymentPlans.id })
    const steps = sql.join(
      plan.installments.map(
        (step) =>
          sql`(${created!.id}, ${step.amount}, (${step.dueDate}::date + time '12:00') at time zone 'UTC')`,
      ),
      sql`, `,
    )
    await tx.execute(sql`insert into payment_installments (plan_id, amount, due_date) values ${steps}`)
    await settleInstallments(tx, orderId)
    await recordEvent(
      tx,
      orderId,
      'plan',
      `Payment plan: ${formatCents(plan.depositAmount)} deposit, then ${plan.installments.length} ` +
        `instalment${plan.installments.length === 1 ? '' : 's'} from ${plan.installments[0]!.dueDate}`,
      context.actor,
    )
  })
  return getAdminOrder(db, orderId, context.today)
}

/** Ends an order's plan; the payments received stay. */
export async function removePaymentPlan(db: Database, orderId: number, context: ActionContext) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const removed = await tx
      .delete(paymentPlans)
      .where(eq(paymentPlans.orderId, orderId))
      .returning({ id: paymentPlans.id })
    if (removed.length === 0) throw notFound('This order has no payment plan')
    await recordEvent(tx, orderId, 'plan', 'Payment plan removed', context.actor)
    // Without a plan and still without any payment, the order holds its pieces for a fresh
    // reservation window, never one that ended while the plan stood.
    await restartReservation(tx, orderId, context)
  })
  return getAdminOrder(db, orderId, context.today)
}
