import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GIFT_CARD_CHECKOUT_MESSAGES as MESSAGES } from '../../../shared/checkout/schema'
import { GIFT_CARD_MESSAGES } from '../../../shared/gift-cards/rules'
import { SweepRunner } from '../../jobs/runner'
import {
  adminCookie,
  cardOrderBody,
  type OrderPiece,
  placedOrderId,
  postCheckout,
  zelleOrderBody,
} from '../../test/factories'
import { cookieHeader, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { payments, refunds } from '../ledger/schema'
import { expiredReservations } from '../order-desk/reservations'
import { OrderLinkTokens } from '../orders/order-link-token'
import { orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { giftCardTestKit } from './gift-card-test-kit'
import { giftCards } from './schema'

// Paying with gift cards at checkout (issue 36), through HTTP: after tax, in the order given, each
// as much as it holds; the rest by Zelle or card; all or nothing.

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'

const { nextAddress, piece, issueCard, balanceOf, cartWith, apply, refund } = giftCardTestKit(
  () => ({ t, owner }),
  '10.36',
)

const statusOf = async (pieceId: number) =>
  (await t.handle.db.select().from(products).where(eq(products.id, pieceId)))[0]!.status

async function orderOf(response: { statusCode: number; body: string; json: () => unknown }) {
  const id = placedOrderId(response)
  const { statusKey } = response.json() as { statusKey: string }
  return (await t.app.inject({ url: `/api/order-status/${id}?key=${statusKey}` })).json()
}

const withCards = (
  pieceOf: OrderPiece,
  codes: string[],
  fields: Record<string, unknown> = {},
  method: 'zelle' | 'gift_card' = 'zelle',
) => {
  const remoteAddress = nextAddress()
  return postCheckout(
    t.app,
    zelleOrderBody([pieceOf], {
      email: `shopper-${remoteAddress.replaceAll('.', '-')}@example.com`,
      fields: { paymentMethod: method, giftCardCodes: codes, ...fields },
    }),
    { remoteAddress },
  )
}

describe('gift cards at checkout', () => {
  it('pay part of a Zelle order to the cent; Zelle pays the amount due later', async () => {
    const card = await issueCard(5_037)
    const ring = await piece(20_000)
    const response = await withCards(ring, [card.code.toLowerCase()], { amountDue: 14_963 })
    const order = await orderOf(response)
    expect(order).toMatchObject({
      total: 20_000,
      paymentMethod: 'zelle',
      paymentStatus: 'partial',
      giftCardPayments: [{ last4: card.last4, amount: 5_037 }],
      amountDue: 14_963,
    })
    expect(await balanceOf(card)).toBe(0)
    const rows = await t.handle.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(rows).toMatchObject([{ method: 'gift_card', amount: 5_037, note: `Gift card ••••${card.last4}` }])
    // The Zelle part is still owed: the piece is held for it, not sold.
    expect(await statusOf(ring.id)).toBe('reserved')
  })

  it('answer a retried submission with its order, spending the card once', async () => {
    const card = await issueCard(20_000)
    const ring = await piece(20_000)
    const body = zelleOrderBody([ring], {
      email: 'retry@example.com',
      fields: {
        paymentMethod: 'gift_card',
        giftCardCodes: [card.code],
        amountDue: 0,
        idempotencyKey: `gift-retry-${ring.id}`,
      },
    })
    const first = placedOrderId(await postCheckout(t.app, body, { remoteAddress: '10.36.250.1' }))
    const again = placedOrderId(await postCheckout(t.app, body, { remoteAddress: '10.36.250.1' }))
    expect(again).toBe(first)
    expect(await balanceOf(card)).toBe(0)
  })

  it('pay part of a card order: the card payment charges the amount due', async () => {
    const card = await issueCard(2_550)
    const ring = await piece(20_000)
    const items = [{ productId: ring.id, quantity: 1, price: ring.price }]
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 20_000, items, giftCardCodes: [card.code] },
    })
    expect(refused.statusCode).toBe(409)
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 17_450, items, giftCardCodes: [card.code] },
    })
    expect(intent.statusCode).toBe(200)
    const { paymentIntentId } = intent.json() as { paymentIntentId: string }
    const provider = t.app.paymentProvider as TestPaymentProvider
    expect((await provider.retrieveIntent(paymentIntentId)).amount).toBe(17_450)
    await provider.confirm(paymentIntentId, '4242424242424242')
    const response = await postCheckout(t.app, cardOrderBody([ring], paymentIntentId), {
      cookie: cookieHeader(intent),
    })
    const order = await orderOf(response)
    expect(order).toMatchObject({
      paymentMethod: 'stripe',
      paymentStatus: 'paid',
      giftCardPayments: [{ last4: card.last4, amount: 2_550 }],
      amountDue: 17_450,
    })
    const rows = await t.handle.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(rows.map((row) => [row.method, row.amount]).sort()).toEqual([
      ['gift_card', 2_550],
      ['stripe', 17_450],
    ])
    expect(await balanceOf(card)).toBe(0)
    expect(await statusOf(ring.id)).toBe('sold')
  })

  it('pay a whole order with paymentMethod gift_card, which is paid at once', async () => {
    const card = await issueCard(30_000)
    const ring = await piece(20_000)
    const order = await orderOf(await withCards(ring, [card.code], { amountDue: 0 }, 'gift_card'))
    expect(order).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'gift_card',
      paymentStatus: 'paid',
      giftCardPayments: [{ last4: card.last4, amount: 20_000 }],
      amountDue: 0,
    })
    expect(await balanceOf(card)).toBe(10_000)
    expect(await statusOf(ring.id)).toBe('sold')
  })

  it('refuse gift_card when the cards do not cover the total, and Zelle when they do', async () => {
    const small = await issueCard(1_000)
    const ring = await piece(20_000)
    const short = await withCards(ring, [small.code], {}, 'gift_card')
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe(MESSAGES.notCovered)
    const big = await issueCard(25_000)
    const covered = await withCards(ring, [big.code], {}, 'zelle')
    expect(covered.statusCode).toBe(400)
    expect(covered.json().message).toBe(MESSAGES.coveredAlready)
    expect(await balanceOf(small)).toBe(1_000)
    expect(await balanceOf(big)).toBe(25_000)
  })

  it('take three cards in the order given, each as much as it holds; a fourth is refused', async () => {
    const cards = [await issueCard(1_001), await issueCard(2_002), await issueCard(50_000)]
    const ring = await piece(20_000)
    const order = await orderOf(
      await withCards(
        ring,
        cards.map((card) => card.code),
        { amountDue: 0 },
        'gift_card',
      ),
    )
    expect(order.giftCardPayments).toEqual([
      { last4: cards[0]!.last4, kind: 'gift_card', amount: 1_001 },
      { last4: cards[1]!.last4, kind: 'gift_card', amount: 2_002 },
      { last4: cards[2]!.last4, kind: 'gift_card', amount: 16_997 },
    ])
    expect(await balanceOf(cards[2]!)).toBe(33_003)

    const four = [...cards, await issueCard(100)].map((card) => card.code)
    const refused = await withCards(await piece(), four)
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('At most 3 gift cards')
  })

  it('refuse the same card twice, however it is spelled', async () => {
    const card = await issueCard(1_000)
    const refused = await withCards(await piece(), [card.code, card.code.replaceAll('-', ' ').toLowerCase()])
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(MESSAGES.sameCardTwice)
    expect(await balanceOf(card)).toBe(1_000)
  })

  it('refuse an amount due the shopper did not see, writing nothing', async () => {
    const card = await issueCard(1_000)
    const ring = await piece(20_000)
    const refused = await withCards(ring, [card.code], { amountDue: 20_000 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.amountDueChanged)
    expect(await balanceOf(card)).toBe(1_000)
    expect(await statusOf(ring.id)).toBe('available')
  })

  it('refuse a disabled, expired or unknown card with a clear message, writing nothing', async () => {
    const ring = await piece(20_000)
    const disabled = await issueCard(1_000)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/gift-cards/${disabled.id}`,
      payload: { active: false, reason: 'Reported lost' },
      headers: { cookie: owner },
    })
    const first = await withCards(ring, [disabled.code])
    expect(first.statusCode).toBe(409)
    expect(first.json().message).toBe(`Gift card ••••${disabled.last4} is disabled and cannot be used`)

    const expired = await issueCard(1_000)
    await t.handle.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(giftCards.id, expired.id))
    const second = await withCards(ring, [expired.code])
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(`Gift card ••••${expired.last4} is expired and cannot be used`)

    const unknown = await withCards(ring, ['ABCD-EFGH-JKMN-PQRS'])
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(GIFT_CARD_MESSAGES.notFound)

    expect(await balanceOf(disabled)).toBe(1_000)
    expect(await balanceOf(expired)).toBe(1_000)
    expect(await statusOf(ring.id)).toBe('available')
    const rows = await t.handle.db.select().from(payments).where(eq(payments.method, 'gift_card'))
    expect(rows.every((row) => row.amount !== 1_000)).toBe(true)
  })

  it('refuse the whole checkout when a debit finds the balance changed, naming the card', async () => {
    // A card payment planned against the balance then: the card was spent meanwhile.
    const card = await issueCard(3_000)
    const ring = await piece(20_000)
    const items = [{ productId: ring.id, quantity: 1, price: ring.price }]
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 17_000, items, giftCardCodes: [card.code] },
    })
    const { paymentIntentId } = intent.json() as { paymentIntentId: string }
    await (t.app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
    await t.handle.db.update(giftCards).set({ balance: 2_999 }).where(eq(giftCards.id, card.id))
    const refused = await postCheckout(t.app, cardOrderBody([ring], paymentIntentId), {
      cookie: cookieHeader(intent),
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toContain(MESSAGES.balanceChanged(card.last4))
    expect(refused.json().message).toContain('Your payment has been refunded')
    expect(await balanceOf(card)).toBe(2_999)
    expect(await statusOf(ring.id)).toBe('available')
  })

  it('show on the invoice as "Gift card ••••AB12"', async () => {
    const card = await issueCard(30_000)
    const ring = await piece(20_000)
    const response = await withCards(ring, [card.code], { amountDue: 0 }, 'gift_card')
    const id = placedOrderId(response)
    const pdf = await t.app.inject({ url: `/api/orders/${id}/invoice.pdf`, headers: { cookie: owner } })
    expect(pdf.statusCode).toBe(200)
    const dir = mkdtempSync(path.join(tmpdir(), 'gift-invoice-'))
    try {
      const file = path.join(dir, 'invoice.pdf')
      writeFileSync(file, pdf.rawPayload)
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      expect(text).toMatch(new RegExp(`Paid by Gift card ••••${card.last4}, .+\\s+\\$200\\.00`))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('show in the sales CSV as "Gift card ••••AB12" for the pieces they paid', async () => {
    const card = await issueCard(30_000)
    const ring = await piece(20_000)
    const id = placedOrderId(await withCards(ring, [card.code], { amountDue: 0 }, 'gift_card'))
    const csv = await t.app.inject({ url: '/api/sales/export?period=all', headers: { cookie: owner } })
    expect(csv.statusCode).toBe(200)
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[]
    expect(rows.find((row) => row.Order === `#${id}`)).toMatchObject({
      'Payment Method': `Gift card ••••${card.last4}`,
      'Sale Price': '200.00',
    })
  })

  it('leave an order without gift cards as it was', async () => {
    const ring = await piece(20_000)
    const order = await orderOf(
      await postCheckout(t.app, zelleOrderBody([ring], { fields: { amountDue: 20_000 } }), {
        remoteAddress: nextAddress(),
      }),
    )
    expect(order).toMatchObject({ paymentStatus: 'unpaid', giftCardPayments: [], amountDue: 20_000 })
  })
})

describe.skipIf(!onPostgres)('gift cards under concurrency (PostgreSQL; PGlite runs one connection)', () => {
  it('ten parallel checkouts spending one card take exactly what it holds', async () => {
    const card = await issueCard(3 * 20_000)
    const rings = await Promise.all(Array.from({ length: 10 }, () => piece(20_000)))
    const answers = await Promise.all(
      rings.map((ring) => withCards(ring, [card.code], { amountDue: 0 }, 'gift_card')),
    )
    const placed = answers.filter((answer) => answer.statusCode === 200)
    const refused = answers.filter((answer) => answer.statusCode !== 200)
    expect(placed).toHaveLength(3)
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409)
      expect([MESSAGES.balanceChanged(card.last4), MESSAGES.unusable(card.last4, 'spent')]).toContain(
        answer.json().message,
      )
    }
    expect(await balanceOf(card)).toBe(0)
    const sold = await Promise.all(rings.map((ring) => statusOf(ring.id)))
    expect(sold.filter((status) => status === 'sold')).toHaveLength(3)
  })
})

describe('gift cards applied to the cart', () => {
  it('apply up to three in order, answer what each pays and the amount due, and remove one by its last four', async () => {
    const ring = await piece(20_000)
    const cookie = await cartWith(ring)
    const cards = [
      await issueCard(1_000),
      await issueCard(25_000),
      await issueCard(500),
      await issueCard(700),
    ]
    expect((await apply(cookie, cards[0]!.code)).json()).toMatchObject({
      giftCards: [{ last4: cards[0]!.last4, applied: 1_000 }],
      amountDue: 19_000,
    })
    const again = await apply(cookie, cards[0]!.code.toLowerCase())
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe('This gift card is already applied')
    await apply(cookie, cards[1]!.code)
    const three = (await apply(cookie, cards[2]!.code)).json()
    expect(three).toMatchObject({
      giftCards: [
        { last4: cards[0]!.last4, applied: 1_000 },
        { last4: cards[1]!.last4, applied: 19_000 },
        { last4: cards[2]!.last4, applied: 0 },
      ],
      amountDue: 0,
    })
    const fourth = await apply(cookie, cards[3]!.code)
    expect(fourth.statusCode).toBe(400)
    expect(fourth.json().message).toBe('At most 3 gift cards can pay one order')

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/gift-card/${cards[1]!.last4}`,
      headers: { cookie },
    })
    expect(removed.json()).toMatchObject({
      giftCards: [
        { last4: cards[0]!.last4, applied: 1_000 },
        { last4: cards[2]!.last4, applied: 500 },
      ],
      amountDue: 18_500,
    })
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie } })).json()
    expect(cart.amountDue).toBe(18_500)
  })

  it('refuse an unknown, disabled or spent card with the reason', async () => {
    const cookie = await cartWith(await piece())
    const unknown = await apply(cookie, 'ABCD-EFGH-JKMN-PQRS')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(GIFT_CARD_MESSAGES.notFound)
    const disabled = await issueCard(1_000)
    await t.handle.db.update(giftCards).set({ active: false }).where(eq(giftCards.id, disabled.id))
    expect((await apply(cookie, disabled.code)).json().message).toBe(
      'This gift card is disabled and cannot be used',
    )
    const spent = await issueCard(1_000)
    await t.handle.db.update(giftCards).set({ balance: 0 }).where(eq(giftCards.id, spent.id))
    expect((await apply(cookie, spent.code)).json().message).toBe('This gift card has no balance left')
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie } })).json()
    expect(cart.giftCards).toEqual([])
  })

  it('pay the order at checkout when it names no codes, then leave the cart', async () => {
    const ring = await piece(20_000)
    const cookie = await cartWith(ring)
    const card = await issueCard(4_321)
    await apply(cookie, card.code)
    const response = await postCheckout(t.app, zelleOrderBody([ring], { fields: { amountDue: 15_679 } }), {
      cookie,
      remoteAddress: nextAddress(),
    })
    const order = await orderOf(response)
    expect(order).toMatchObject({
      giftCardPayments: [{ last4: card.last4, amount: 4_321 }],
      amountDue: 15_679,
    })
    expect(await balanceOf(card)).toBe(0)
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: (await piece()).id, quantity: 1 },
      headers: { cookie },
    })
    expect(next.json()).toMatchObject({ giftCards: [], amountDue: 20_000 })
  })
})

describe('refunds of an order paid partly by gift card', () => {
  /** A $200 card order of which a card holding `held` paid `held`; the card is then disabled. */
  async function paidPartly(held: number) {
    const card = await issueCard(held)
    const ring = await piece(20_000)
    const items = [{ productId: ring.id, quantity: 1, price: ring.price }]
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 20_000 - held, items, giftCardCodes: [card.code] },
    })
    const { paymentIntentId } = intent.json() as { paymentIntentId: string }
    await (t.app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
    const orderId = placedOrderId(
      await postCheckout(t.app, cardOrderBody([ring], paymentIntentId), { cookie: cookieHeader(intent) }),
    )
    await t.handle.db.update(giftCards).set({ active: false }).where(eq(giftCards.id, card.id))
    return { card, orderId }
  }

  it('go back to the card first, restoring its balance and enabling it, then the rest to the card payment', async () => {
    const { card, orderId } = await paidPartly(6_000)
    const response = await refund(orderId, { amount: 20_000, reason: 'Changed her mind' })
    expect(response.statusCode).toBe(201)
    const [row] = await t.handle.db.select().from(giftCards).where(eq(giftCards.id, card.id))
    expect(row).toMatchObject({ balance: 6_000, active: true })
    const rows = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(rows.map((r) => [r.method, r.amount, r.status]).sort()).toEqual([
      ['gift_card', 6_000, 'done'],
      ['stripe', 14_000, 'done'],
    ])
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 20_000 })
  })

  it('cancelling an order gives its gift-card payments back to the cards at once', async () => {
    const card = await issueCard(7_000)
    const ring = await piece(20_000)
    const order = await orderOf(await withCards(ring, [card.code], { amountDue: 13_000 }))
    expect(await balanceOf(card)).toBe(0)
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'cancelled' },
      headers: { cookie: owner },
    })
    expect(cancelled.statusCode).toBe(200)
    expect(await balanceOf(card)).toBe(7_000)
    const rows = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))
    expect(rows).toMatchObject([{ method: 'gift_card', amount: 7_000, status: 'done' }])
    expect(await statusOf(ring.id)).toBe('available')
  })

  it('a refund smaller than the gift-card part goes to the card alone, and the next one takes the rest', async () => {
    const { card, orderId } = await paidPartly(6_000)
    expect((await refund(orderId, { amount: 2_500, reason: 'A scratch' })).statusCode).toBe(201)
    expect(await balanceOf(card)).toBe(2_500)
    expect((await refund(orderId, { amount: 5_000, reason: 'Returned' })).statusCode).toBe(201)
    expect(await balanceOf(card)).toBe(6_000)
    const rows = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(rows.map((r) => [r.method, r.amount]).sort()).toEqual([
      ['gift_card', 2_500],
      ['gift_card', 3_500],
      ['stripe', 1_500],
    ])
  })
})

describe('a Zelle order that gift cards paid a part of', () => {
  it('is released when its hold ends, the cards credited back, like an unpaid one', async () => {
    const card = await issueCard(5_000)
    const ring = await piece(20_000)
    const order = await orderOf(await withCards(ring, [card.code], { amountDue: 15_000 }))
    expect(order).toMatchObject({ paymentStatus: 'partial' })
    expect(await balanceOf(card)).toBe(0)
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, order.id))
    const store = { name: 'Jade Shop', email: 'shop@example.com', phone: '713-555-0000' }
    const mail = {
      store: { ...store, freeShippingThresholdCents: 0, flatShippingCents: 0 },
      publicUrl: 'https://shop.example',
      orderLinks: new OrderLinkTokens('a-test-secret-of-at-least-32-characters'),
    }
    await new SweepRunner({
      db: t.handle.db,
      sweeps: [expiredReservations(mail, 'America/Chicago', () => {})],
      log: { info: () => {}, warn: () => {} },
      now: () => new Date(row!.reservedUntil!.getTime() + 60_000),
    }).runOnce()

    const [after] = await t.handle.db.select().from(orders).where(eq(orders.id, order.id))
    expect(after!.status).toBe('cancelled')
    expect(await statusOf(ring.id)).toBe('available')
    expect(await balanceOf(card)).toBe(5_000)
    const back = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))
    expect(back).toMatchObject([{ method: 'gift_card', amount: 5_000, status: 'done' }])
  })
})
