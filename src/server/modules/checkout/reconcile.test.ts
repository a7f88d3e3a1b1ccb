import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SweepRunner } from '../../jobs/runner'
import { SWEEPS } from '../../jobs/sweeps'
import { checkoutForm, insertProduct } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { moneyOverview } from '../dashboard/service'
import { payments, refunds } from '../ledger/schema'
import { orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { noteWebhookHeard } from './reconcile'
import { checkoutAttempts } from './schema'

// A card payment whose browser never came back and whose webhook never came (issue 30): the
// reconciliation asks the provider about every attempt older than half an hour and places the
// order, refunds a piece sold meanwhile, keeps what is still processing, and lets the data sweep
// delete only what the provider said was never paid.

const t = shopForFile()

const provider = () => t.app.paymentProvider as TestPaymentProvider
const silent = { info() {}, warn() {} }

/** A card checkout started by a shopper who never comes back: the intent and its attempt. */
async function startedCheckout(price = 26_000) {
  const piece = await insertProduct(t.handle.db, { price })
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: {
      amount: price,
      currency: 'usd',
      form: checkoutForm,
      items: [{ productId: piece.id, quantity: 1, price }],
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  const { paymentIntentId } = response.json() as { paymentIntentId: string }
  return { piece, intentId: paymentIntentId }
}

const age = (intentId: string, interval: string) =>
  t.handle.db.execute(sql`update checkout_attempts set created_at = now() - ${interval}::interval,
    provider_checked_at = null where payment_intent_id = ${intentId}`)
const attemptOf = async (intentId: string) =>
  (await t.handle.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.paymentIntentId, intentId)))[0]
const reconcile = () => t.app.checkoutReconciler.runOnce()
const sweep = () => new SweepRunner({ db: t.handle.db, sweeps: SWEEPS, log: silent }).runOnce()

describe('a paid checkout with no browser and no webhook', () => {
  it('becomes its order once it is half an hour old, exactly once', async () => {
    const { piece, intentId } = await startedCheckout()
    // Paid at the provider: no confirmation call from the browser, no checkout, no webhook.
    await provider().confirm(intentId, '4242424242424242')
    await age(intentId, '10 minutes')
    expect(await reconcile()).toMatchObject({ placed: 0 })
    expect((await attemptOf(intentId))!.orderId).toBeNull()

    await age(intentId, '31 minutes')
    expect(await reconcile()).toMatchObject({ placed: 1 })
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.paymentId, intentId))
    expect(order).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'stripe', total: piece.price })
    const paid = await t.handle.db.select().from(payments).where(eq(payments.orderId, order!.id))
    expect(paid).toMatchObject([{ amount: piece.price, method: 'stripe', providerReference: intentId }])
    expect(await attemptOf(intentId)).toMatchObject({ status: 'completed', orderId: order!.id })
    // Found again: no second order.
    await age(intentId, '2 hours')
    expect(await reconcile()).toMatchObject({ placed: 0 })
    expect(await t.handle.db.select().from(orders).where(eq(orders.paymentId, intentId))).toHaveLength(1)
  })

  it('whose piece sold meanwhile is refunded through the refund path, once', async () => {
    const { piece, intentId } = await startedCheckout(31_000)
    await provider().confirm(intentId, '4242424242424242')
    await t.handle.db.execute(
      sql`update products set status = 'sold', stock_quantity = 0 where id = ${piece.id}`,
    )
    await age(intentId, '40 minutes')
    expect(await reconcile()).toMatchObject({ refunded: 1 })
    expect(await t.handle.db.select().from(orders).where(eq(orders.paymentId, intentId))).toEqual([])
    const rows = await t.handle.db.select().from(refunds).where(eq(refunds.paymentIntentId, intentId))
    expect(rows).toMatchObject([{ orderId: null, amount: 31_000, status: 'done' }])
    expect(await provider().refundCount(`refund-${intentId}`)).toBe(1)
    expect(await provider().isRefunded(intentId)).toBe(true)
    expect((await attemptOf(intentId))!.status).toBe('refunded')
    // Refunded attempts stay, the record of money sent back.
    await age(intentId, '3 days')
    await sweep()
    expect(await attemptOf(intentId)).toBeDefined()
  })
})

describe('an unfinished checkout', () => {
  it('still processing at the provider is kept, and never swept', async () => {
    const { intentId } = await startedCheckout()
    await t.handle.db.execute(
      sql`update test_provider_intents set status = 'processing' where id = ${intentId}`,
    )
    await age(intentId, '2 days')
    expect(await reconcile()).toMatchObject({ kept: 1 })
    await sweep()
    expect(await attemptOf(intentId)).toMatchObject({ status: 'pending' })
  })

  it('never confirmed is kept through its day (reminders, a late payment), then failed and swept', async () => {
    const { intentId } = await startedCheckout()
    await age(intentId, '5 hours')
    expect(await reconcile()).toMatchObject({ kept: 1 })
    expect(await attemptOf(intentId)).toMatchObject({ status: 'pending' })
    // A day old but still due its unfinished-checkout reminder (ABANDONED_CHECKOUT_HOURS, 4 by
    // default, may send it up to a day late): kept for it.
    await age(intentId, '25 hours')
    expect(await reconcile()).toMatchObject({ kept: 1 })
    await age(intentId, '29 hours')
    expect(await reconcile()).toMatchObject({ failed: 1 })
    expect(await attemptOf(intentId)).toMatchObject({ status: 'failed' })
    await sweep()
    expect(await attemptOf(intentId)).toBeUndefined()
  })

  it('cancelled at the provider is failed at once', async () => {
    const { intentId } = await startedCheckout()
    await t.handle.db.execute(
      sql`update test_provider_intents set status = 'canceled' where id = ${intentId}`,
    )
    await age(intentId, '45 minutes')
    expect(await reconcile()).toMatchObject({ failed: 1 })
    expect(await attemptOf(intentId)).toMatchObject({ status: 'failed' })
  })

  it('is not swept by the data sweep before the provider was asked', async () => {
    const { intentId } = await startedCheckout()
    await provider().confirm(intentId, '4242424242424242')
    await age(intentId, '2 days')
    await sweep()
    expect(await attemptOf(intentId)).toMatchObject({ status: 'pending' })
    expect(await reconcile()).toMatchObject({ placed: 1 })
  })
})

describe("the dashboard's webhook warning", () => {
  it('shows when card payments were made and the webhook was not heard from in a day', async () => {
    const { intentId } = await startedCheckout()
    await provider().confirm(intentId, '4242424242424242')
    await age(intentId, '31 minutes')
    await reconcile()
    const overview = () => moneyOverview(t.handle.db, 'America/Chicago', { cardWebhooks: true })
    expect((await overview()).webhookSilent).toBe(true)
    // The test provider sends no webhooks: nothing to warn about.
    expect((await moneyOverview(t.handle.db, 'America/Chicago')).webhookSilent).toBe(false)
    await noteWebhookHeard(t.handle.db)
    expect((await overview()).webhookSilent).toBe(false)
    await t.handle.db.execute(
      sql`update shop_settings set updated_at = now() - interval '25 hours' where key = 'payments.webhook-heard'`,
    )
    expect((await overview()).webhookSilent).toBe(true)
  })
})
