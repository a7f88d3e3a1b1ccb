import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MoneyOverview } from '../../../shared/dashboard/admin-contract'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import type { SalesPage } from '../../../shared/sales/schema'
import {
  adminCookie,
  cardOrderBody,
  checkoutForm,
  insertProduct,
  placeCardOrder,
  postCheckout,
} from '../../test/factories'
import { cookieHeader, shopForFile } from '../../test/helpers'
import { checkoutAttempts } from '../checkout/schema'
import { orders } from '../orders/schema'
import { createTestProvider, type TestPaymentProvider } from '../payments/test-provider'
import { REFUND_MAX_ATTEMPTS, RefundWorker } from './refund-worker'
import { refunds } from './schema'

// Every refund is a row written where it is decided, and the provider is called after
// (docs/decisions/011): an outage leaves a row that the worker retries and, in the end, the
// owner's retry completes; each refund reaches the provider once, and every figure counts it.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const provider = () => t.app.paymentProvider as TestPaymentProvider
const OUTAGE = 'Stripe could not be reached.'

async function paidCardOrder(price = 30_000) {
  const piece = await insertProduct(t.handle.db, { price, cost: 10_000 })
  const placed = await placeCardOrder(t.app, piece)
  expect(placed.statusCode).toBe(200)
  const orderId = (placed.json() as { id: number }).id
  const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, orderId))
  return { orderId, piece, intentId: row!.paymentId! }
}

const get = async <T>(url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { cookie: admin } })).json() as T
const adminOrder = async (orderId: number) =>
  (await get<{ items: AdminOrder[] }>(`/api/admin/orders?search=%23${orderId}`)).items[0]!
const overview = () => get<MoneyOverview>('/api/admin/overview')
const ledger = async () => (await get<SalesPage>('/api/sales?period=all')).summary
const refundRows = (orderId: number) => t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
const cancel = (orderId: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/status`,
    payload: { status: 'cancelled' },
    headers: { cookie: admin },
  })
const retry = (orderId: number, refundId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds/${refundId}/retry`,
    headers: { cookie: admin },
  })
/** As if each backoff had run its course: every pending refund is due now. */
const timePasses = () =>
  t.handle.db.execute(sql`update refunds set next_attempt_at = now() where status = 'pending'`)

describe('a provider error during a refund', () => {
  it('leaves a row the worker retries with backoff, then failed on the order and the dashboard; the owner retry completes it', async () => {
    const { orderId, intentId } = await paidCardOrder()
    provider().failNextRefund(OUTAGE, REFUND_MAX_ATTEMPTS)
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      payload: { amount: 10_000, reason: 'Price adjustment' },
      headers: { cookie: admin },
    })
    expect(response.statusCode).toBe(201)
    const [pending] = await refundRows(orderId)
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: OUTAGE })
    // The next try waits for its backoff: a round now leaves it alone.
    expect(pending!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000)
    expect(await t.app.refundWorker.runOnce()).toBe(0)

    for (let attempt = 2; attempt <= REFUND_MAX_ATTEMPTS; attempt++) {
      await timePasses()
      expect(await t.app.refundWorker.runOnce()).toBe(1)
    }
    const [failed] = await refundRows(orderId)
    expect(failed).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS, lastError: OUTAGE })
    expect(await provider().refundsOf(intentId)).toEqual([])
    const order = await adminOrder(orderId)
    expect(order.refunds).toMatchObject([{ id: failed!.id, status: 'failed', lastError: OUTAGE }])
    expect(order).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 })
    expect(order.events.at(-1)?.message).toBe(
      `Card refund of $100.00 failed after ${REFUND_MAX_ATTEMPTS} attempts (${OUTAGE}): retry it from the order`,
    )
    expect((await overview()).failedRefunds).toMatchObject({ count: 1, orderId })
    // A failed refund waits for the owner: the worker leaves it.
    await timePasses()
    expect(await t.app.refundWorker.runOnce()).toBe(0)

    const retried = await retry(orderId, failed!.id)
    expect(retried.statusCode).toBe(200)
    expect((retried.json() as AdminOrder).refunds).toMatchObject([{ status: 'done', lastError: null }])
    expect((retried.json() as AdminOrder).refundedAmount).toBe(10_000)
    expect(await provider().refundsOf(intentId)).toEqual([10_000])
    expect((await overview()).failedRefunds).toMatchObject({ count: 0, orderId: null })
    expect((await retry(orderId, failed!.id)).statusCode).toBe(409)
    expect((await retry(orderId, 999_999)).statusCode).toBe(404)
  })

  it('of a cancellation leaves the order cancelled and the refund owed, which the worker makes once', async () => {
    const { orderId, intentId } = await paidCardOrder()
    provider().failNextRefund(OUTAGE)
    expect((await cancel(orderId)).statusCode).toBe(200)
    expect(await refundRows(orderId)).toMatchObject([
      { status: 'pending', amount: 30_000, idempotencyKey: `cancel-order-${orderId}` },
    ])
    expect(await adminOrder(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' })
    await timePasses()
    // Two workers at once (two instances): the row is claimed by one of them.
    const rounds = await Promise.all([t.app.refundWorker.runOnce(), t.app.refundWorker.runOnce()])
    expect(rounds.reduce((sum, n) => sum + n, 0)).toBe(1)
    expect(await provider().refundsOf(intentId)).toEqual([30_000])
    expect(await provider().refundCount(`cancel-order-${orderId}`)).toBe(1)
    expect(await adminOrder(orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 30_000 })
  })

  it('while paying back a card payment whose piece sold meanwhile leaves a row the worker completes', async () => {
    const piece = await insertProduct(t.handle.db, { price: 25_000 })
    const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: piece.price, currency: 'usd', form: checkoutForm, items },
    })
    const { paymentIntentId } = intent.json() as { paymentIntentId: string }
    await provider().confirm(paymentIntentId, '4242424242424242')
    await t.handle.db.execute(
      sql`update products set status = 'sold', stock_quantity = 0 where id = ${piece.id}`,
    )
    provider().failNextRefund(OUTAGE)
    const submit = () =>
      postCheckout(t.app, cardOrderBody([piece], paymentIntentId), { cookie: cookieHeader(intent) })
    expect((await submit()).statusCode).toBe(409)
    const [owed] = await t.handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentIntentId, paymentIntentId))
    expect(owed).toMatchObject({ orderId: null, status: 'pending', amount: 25_000, lastError: OUTAGE })
    // The browser tries again: still one refund on record.
    expect((await submit()).statusCode).toBe(409)
    await timePasses()
    expect(await t.app.refundWorker.runOnce()).toBe(1)
    const rows = await t.handle.db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId))
    expect(rows).toMatchObject([{ status: 'done', providerReference: expect.stringMatching(/^re_test_/) }])
    expect(await provider().refundCount(`refund-${paymentIntentId}`)).toBe(1)
    expect(await provider().isRefunded(paymentIntentId)).toBe(true)
    const [attempt] = await t.handle.db
      .select()
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.paymentIntentId, paymentIntentId))
    expect(attempt!.status).toBe('refunded')
  })
})

describe('an instance that died in the middle of a refund', () => {
  it('after the provider answered: another instance finishes the refund, which the provider made once', async () => {
    const { orderId, intentId } = await paidCardOrder(22_000)
    provider().failNextRefund(OUTAGE)
    expect((await cancel(orderId)).statusCode).toBe(200)
    const [row] = await refundRows(orderId)
    // What the dead instance did: its claim, and the provider's refund with the row's key.
    await t.handle.db.execute(
      sql`update refunds set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes' where id = ${row!.id}`,
    )
    await provider().refundAmount(intentId, row!.amount, row!.idempotencyKey!)
    const other = new RefundWorker({ db: t.handle.db, provider: createTestProvider(t.handle.db) })
    // Its lease holds the row until it runs out.
    expect(await other.runOnce()).toBe(0)
    await timePasses()
    expect(await other.runOnce()).toBe(1)
    expect(await provider().refundCount(row!.idempotencyKey!)).toBe(1)
    expect(await provider().refundsOf(intentId)).toEqual([22_000])
    expect(await adminOrder(orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 22_000 })
  })
})

describe("a cancellation's refund", () => {
  it('is a refunds row the ledger and the dashboard count, and the order is refunded', async () => {
    const { orderId } = await paidCardOrder(40_000)
    const dashboardBefore = await overview()
    const ledgerBefore = await ledger()
    expect((await cancel(orderId)).statusCode).toBe(200)
    expect(await refundRows(orderId)).toMatchObject([
      { amount: 40_000, method: 'stripe', status: 'done', reason: 'Order cancelled' },
    ])
    const dashboard = await overview()
    expect(dashboard.refundsThisMonth).toEqual({
      amount: dashboardBefore.refundsThisMonth.amount + 40_000,
      count: dashboardBefore.refundsThisMonth.count + 1,
    })
    // The cancelled sale left the figures whole; the refund is not taken off them a second time.
    expect(dashboard.salesThisMonth.amount).toBe(dashboardBefore.salesThisMonth.amount - 40_000)
    const after = await ledger()
    expect(after.refunds).toEqual({
      amount: ledgerBefore.refunds.amount + 40_000,
      count: ledgerBefore.refunds.count + 1,
    })
    expect(after.totalSales).toBe(ledgerBefore.totalSales - 40_000)
    expect(await adminOrder(orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 40_000 })
  })

  it('after a partial refund takes back only what is left of the card payment', async () => {
    const { orderId, intentId } = await paidCardOrder(40_000)
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      payload: { amount: 5_000, reason: 'Price match' },
      headers: { cookie: admin },
    })
    expect(partial.statusCode).toBe(201)
    const cancelled = (await cancel(orderId)).json() as AdminOrder
    expect(cancelled.events.map((event) => event.message)).toContain(
      '$350.00 card refund started: Order cancelled',
    )
    expect(await provider().refundsOf(intentId)).toEqual([5_000, 35_000])
    expect(cancelled).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 40_000 })
  })
})
