import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import { adminCookie, cardOrderBody, checkoutForm, insertProduct, postCheckout } from '../../test/factories'
import { cookieHeader, createTestApp, type TestApp } from '../../test/helpers'
import { STAND_IN_SECRET_KEY, type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in'
import { products } from '../catalog/schema'
import { refunds } from './schema'

// A card order refunded in part through the real `stripe` SDK, against the local stand-in of
// Stripe's API: the refund reaches Stripe with the amount, and a refusal there leaves it on record.

let standIn: StripeStandIn
let t: TestApp
let admin: string

beforeAll(async () => {
  standIn = await startStripeStandIn()
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_refunds',
      STRIPE_API_URL: standIn.url,
    },
  })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(async () => {
  await t?.close()
  await standIn?.close()
})

async function paidCardOrder(price: number) {
  const piece = await insertProduct(t.handle.db, { price, cost: 10_000 })
  const items = [{ productId: piece.id, quantity: 1, price }]
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { amount: price, currency: 'usd', form: checkoutForm, items },
  })
  const { paymentIntentId } = intent.json() as { paymentIntentId: string }
  standIn.succeed(paymentIntentId)
  const placed = await postCheckout(t.app, cardOrderBody([piece], paymentIntentId), {
    cookie: cookieHeader(intent),
  })
  expect(placed.statusCode).toBe(200)
  return { orderId: (placed.json() as { id: number }).id, piece, intentId: paymentIntentId }
}

const refund = (orderId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload, headers: { cookie: admin } })

describe('a card refund through Stripe', () => {
  it('refunds the amount at Stripe, then the rest with the piece back on sale', async () => {
    const { orderId, piece, intentId } = await paidCardOrder(40_000)
    expect((await refund(orderId, { amount: 5_000, reason: 'Price match' })).statusCode).toBe(201)
    const rest = await refund(orderId, { amount: 35_000, reason: 'Returned', restock: [piece.id] })
    expect(rest.statusCode).toBe(201)
    const atStripe = standIn.refundList.filter((row) => row.payment_intent === intentId)
    expect(atStripe.map((row) => row.amount)).toEqual([5_000, 35_000])
    const stored = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(stored.map((row) => row.providerReference)).toEqual(atStripe.map((row) => row.id))
    const [shelf] = await t.handle.db.select().from(products).where(eq(products.id, piece.id))
    expect(shelf!.status).toBe('available')
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders?search=%23${orderId}`,
      headers: { cookie: admin },
    })
    expect((order.json() as { items: AdminOrder[] }).items[0]).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: 40_000,
    })
  })

  it("keeps the refund on record with Stripe's refusal for the owner, the return decided", async () => {
    const { orderId, piece, intentId } = await paidCardOrder(30_000)
    // Refunded in Stripe's dashboard already: the shop does not know, Stripe refuses.
    standIn.refundList.push({
      id: 're_dashboard',
      object: 'refund',
      amount: 30_000,
      currency: 'usd',
      payment_intent: intentId,
      charge: null,
      status: 'succeeded',
      metadata: {},
      created: 0,
    })
    const response = await refund(orderId, { amount: 10_000, reason: 'Scratch', restock: [piece.id] })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/^Stripe refused the refund: /),
    })
    expect(await t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { status: 'pending', attempts: 1 },
    ])
    const [shelf] = await t.handle.db.select().from(products).where(eq(products.id, piece.id))
    expect(shelf!.status).toBe('available')
  })

  it('keeps the refund on record, to retry, when Stripe cannot be reached', async () => {
    const { orderId } = await paidCardOrder(30_000)
    await standIn.close()
    try {
      const response = await refund(orderId, { amount: 10_000, reason: 'Scratch' })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toMatchObject({ status: 'pending', lastError: 'Stripe could not be reached.' })
      const [stored] = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
      expect(stored).toMatchObject({ status: 'pending', idempotencyKey: expect.stringMatching(/^refund-/) })
    } finally {
      standIn = await startStripeStandIn()
    }
  }, 120_000)
})
