import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { cookieHeader, type TestApp } from '../../test/helpers'
import { type StripeShop, startStripeShop } from '../../test/stripe-shop'
import { type StripeStandIn, stripeIntentEvent } from '../../test/stripe-stand-in'
import { emailOutbox } from '../mail/schema'
import { orders } from '../orders/schema'
import { giftCardPurchases, giftCards } from './schema'

// A gift card bought by card through Stripe (issue 36): the provider's webhook issues it even when
// the browser never comes back, and the browser asking afterwards finds the same card.

let standIn: StripeStandIn
let t: TestApp
let deliverWebhook: StripeShop['deliverWebhook']
let shop: StripeShop | undefined

beforeAll(async () => {
  shop = await startStripeShop()
  ;({ standIn, t, deliverWebhook } = shop)
})
afterAll(() => shop?.close())

describe('a gift card paid through Stripe', () => {
  it('is issued once by the webhook, and the browser finds it', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/gift-cards/purchases',
      payload: {
        amount: 20_000,
        recipientName: 'Mei Lin',
        recipientEmail: 'mei.webhook@example.com',
        deliveryDate: dayIn(t.config.store.timeZone),
        buyerName: 'Ana Ruiz',
        buyerEmail: 'ana.webhook@example.com',
        paymentMethod: 'card',
      },
    })
    expect(started.statusCode).toBe(201)
    const { id, payment } = started.json() as {
      id: number
      payment: { paymentIntentId: string; provider: string; publishableKey: string }
    }
    expect(payment).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_stand_in' })
    expect(standIn.intents.get(payment.paymentIntentId)).toMatchObject({
      amount: 20_000,
      metadata: { giftCardPurchaseId: String(id) },
    })

    standIn.succeed(payment.paymentIntentId)
    const body = stripeIntentEvent(standIn.intents.get(payment.paymentIntentId)!)
    expect((await deliverWebhook(body)).statusCode).toBe(200)
    expect((await deliverWebhook(body)).statusCode).toBe(200)

    const [purchase] = await t.handle.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id))
    expect(purchase).toMatchObject({ status: 'paid', giftCardId: expect.any(Number) })
    const cards = await t.handle.db.select().from(giftCards).where(eq(giftCards.id, purchase!.giftCardId!))
    expect(cards).toMatchObject([{ balance: 20_000, source: 'purchased' }])
    // Selling a card places no order.
    expect(
      await t.handle.db.select().from(orders).where(eq(orders.paymentId, payment.paymentIntentId)),
    ).toEqual([])
    const receipts = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, 'gift-card-receipt'), eq(emailOutbox.toAddress, 'ana.webhook@example.com')),
      )
    expect(receipts).toHaveLength(1)

    const browser = await t.app.inject({
      method: 'POST',
      url: `/api/gift-cards/purchases/${id}/complete`,
      payload: { paymentIntentId: payment.paymentIntentId },
      headers: { cookie: cookieHeader(started) },
    })
    expect(browser.json()).toMatchObject({ status: 'paid', last4: cards[0]!.last4 })
  })
})
