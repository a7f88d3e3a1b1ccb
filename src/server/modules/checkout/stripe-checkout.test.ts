import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardOrderBody, checkoutForm, insertProduct, postCheckout } from '../../test/factories'
import { cookieHeader, type TestApp } from '../../test/helpers'
import { type StripeShop, startStripeShop } from '../../test/stripe-shop'
import { type StripeStandIn, stripeIntentEvent } from '../../test/stripe-stand-in'
import { products } from '../catalog/schema'
import { orders } from '../orders/schema'

// The whole card path with the real `stripe` SDK, talking to a local server that speaks Stripe's
// REST API, and webhooks signed the way Stripe signs them.
let standIn: StripeStandIn
let t: TestApp
let deliverWebhook: StripeShop['deliverWebhook']
let shop: StripeShop | undefined

beforeAll(async () => {
  shop = await startStripeShop()
  ;({ standIn, t, deliverWebhook } = shop)
})
afterAll(() => shop?.close())

const form = checkoutForm

async function startPayment(piece: { id: number; price: number }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: {
      amount: piece.price,
      currency: 'usd',
      form,
      items: [{ productId: piece.id, quantity: 1, price: piece.price }],
    },
  })
  expect(response.statusCode).toBe(200)
  return {
    ...(response.json() as {
      paymentIntentId: string
      clientSecret: string
      provider: string
      publishableKey: string
    }),
    cookie: cookieHeader(response),
  }
}

// The browser's word that it paid is sent, and must count for nothing.
const submitCard = (piece: { id: number; price: number }, paymentIntentId: string, cookie: string) =>
  postCheckout(t.app, cardOrderBody([piece], paymentIntentId, { fields: { paymentStatus: 'paid' } }), {
    cookie,
  })

describe('card checkout through Stripe', () => {
  it('creates the intent at Stripe for the amount in the database, and the order once Stripe says paid', async () => {
    const piece = await insertProduct(t.handle.db, { price: 64_000 })
    const intent = await startPayment(piece)
    expect(intent.provider).toBe('stripe')
    expect(intent.publishableKey).toBe('pk_test_stand_in')
    expect(standIn.intents.get(intent.paymentIntentId)).toMatchObject({ amount: 64_000, currency: 'usd' })

    // Not paid yet at Stripe: no order, whatever the browser says.
    expect((await submitCard(piece, intent.paymentIntentId, intent.cookie)).statusCode).toBe(402)

    standIn.succeed(intent.paymentIntentId)
    const response = await submitCard(piece, intent.paymentIntentId, intent.cookie)
    expect(response.statusCode).toBe(200)
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, response.json().id))
    expect(order).toMatchObject({ paymentStatus: 'paid', paymentId: intent.paymentIntentId, total: 64_000 })
  })

  it('accepts a signed webhook, ignores its replay, and refuses a forged one', async () => {
    const piece = await insertProduct(t.handle.db, { price: 51_000 })
    const intent = await startPayment(piece)
    standIn.succeed(intent.paymentIntentId)
    const body = stripeIntentEvent(standIn.intents.get(intent.paymentIntentId)!)
    expect((await deliverWebhook(body, 't=1,v1=forged')).statusCode).toBe(400)
    expect(
      await t.handle.db.select().from(orders).where(eq(orders.paymentId, intent.paymentIntentId)),
    ).toHaveLength(0)
    expect((await deliverWebhook(body)).statusCode).toBe(200)
    expect((await deliverWebhook(body)).statusCode).toBe(200)
    expect(
      await t.handle.db.select().from(orders).where(eq(orders.paymentId, intent.paymentIntentId)),
    ).toHaveLength(1)
  })

  it('refunds at Stripe when the piece sold before the payment landed', async () => {
    const piece = await insertProduct(t.handle.db, { price: 70_000 })
    const intent = await startPayment(piece)
    standIn.succeed(intent.paymentIntentId)
    await t.handle.db
      .update(products)
      .set({ status: 'sold', stockQuantity: 0 })
      .where(eq(products.id, piece.id))
    const response = await submitCard(piece, intent.paymentIntentId, intent.cookie)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toContain('Your payment has been refunded.')
    const refunds = [...standIn.refunds.values()].filter(
      (refund) => refund.payment_intent === intent.paymentIntentId,
    )
    expect(refunds).toHaveLength(1)
    // Asking again neither refunds twice nor creates an order.
    expect((await submitCard(piece, intent.paymentIntentId, intent.cookie)).statusCode).toBe(409)
    expect(
      [...standIn.refunds.values()].filter((r) => r.payment_intent === intent.paymentIntentId),
    ).toHaveLength(1)
  })
})
