import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GIFT_CARD_PURCHASE_MESSAGES as MESSAGES } from '../../../shared/gift-cards/purchase'
import { CODE_ALPHABET } from '../../../shared/gift-cards/rules'
import { addDays } from '../../../shared/shop-dates/calendar'
import { dayIn, wallTimeToInstant } from '../../../shared/shop-dates/wall-time'
import { adminCookie, insertProduct, placedOrderId, postCheckout, zelleOrderBody } from '../../test/factories'
import { cookieHeader, registerCustomer, shopForFile } from '../../test/helpers'
import { sales } from '../ledger/schema'
import { emailOutbox } from '../mail/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { giftCardDeliveries } from './delivery'
import { giftCardPurchases, giftCards } from './schema'

// Buying a gift card on the storefront (issue 36), through HTTP on a fresh database: the form's
// rules, card and Zelle payments, the delivery on its date, and the ledger (a liability, then a sale).

const t = shopForFile()
let owner: string
let timeZone: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
  timeZone = t.config.store.timeZone
})

const CODE = new RegExp(`([${CODE_ALPHABET}]{4}-){3}[${CODE_ALPHABET}]{4}`)
const today = () => dayIn(timeZone)
let buyers = 0

const form = (fields: Record<string, unknown> = {}) => {
  buyers += 1
  return {
    amount: 10_000,
    recipientName: 'Mei Lin',
    recipientEmail: `friend${buyers}@example.com`,
    message: 'Happy birthday! For the bangle you loved.',
    deliveryDate: today(),
    buyerName: 'Ana Ruiz',
    buyerEmail: `buyer${buyers}@example.com`,
    paymentMethod: 'card',
    ...fields,
  }
}

const purchase = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/gift-cards/purchases', payload })

/** A card purchase paid with the test provider's good card, completed by the session that started it. */
async function buyByCard(fields: Record<string, unknown> = {}) {
  const payload = form(fields)
  const started = await purchase(payload)
  if (started.statusCode !== 201) throw new Error(started.body)
  const { id, payment } = started.json() as { id: number; payment: { paymentIntentId: string } }
  await (t.app.paymentProvider as TestPaymentProvider).confirm(payment.paymentIntentId, '4242424242424242')
  const complete = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/gift-cards/purchases/${id}/complete`,
      payload: { paymentIntentId: payment.paymentIntentId },
      headers: { cookie: cookieHeader(started) },
    })
  const done = await complete()
  if (done.statusCode !== 200) throw new Error(done.body)
  return { id, payload, answer: done.json(), complete, intentId: payment.paymentIntentId }
}

const mailsTo = (address: string, kind: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id))

const purchaseRow = async (id: number) =>
  (await t.handle.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id)))[0]!

const cardOf = async (id: number) => {
  const row = await purchaseRow(id)
  return (await t.handle.db.select().from(giftCards).where(eq(giftCards.id, row.giftCardId!)))[0]!
}

/** The delivery job at a fixed instant, in its own transaction as the runner runs it. */
const deliverAt = (now: Date) =>
  t.handle.db.transaction((tx) => giftCardDeliveries(t.app.links).run(tx, now, 25))

describe('the purchase form', () => {
  it('takes $25.00 to $5,000.00 to the cent and refuses anything outside', async () => {
    for (const amount of [2_500, 12_345, 500_000])
      expect((await purchase(form({ amount, paymentMethod: 'zelle' }))).statusCode).toBe(201)
    const refusals: [number, string][] = [
      [2_499, MESSAGES.amountMin],
      [500_001, MESSAGES.amountMax],
      [10_000.5, MESSAGES.amountCents],
    ]
    for (const [amount, message] of refusals) {
      const response = await purchase(form({ amount }))
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toContainEqual({ field: 'amount', message })
    }
  })

  it('refuses a message over 300 characters, and a link in it', async () => {
    expect((await purchase(form({ message: 'a'.repeat(300), paymentMethod: 'zelle' }))).statusCode).toBe(201)
    const long = await purchase(form({ message: 'a'.repeat(301) }))
    expect(long.statusCode).toBe(400)
    expect(long.json().errors).toContainEqual({
      field: 'message',
      message: 'Message must be at most 300 characters',
    })
    expect((await purchase(form({ message: 'see https://evil.example/x' }))).statusCode).toBe(400)
  })

  it('refuses a delivery date before today in the shop, and more than a year ahead', async () => {
    const past = await purchase(form({ deliveryDate: addDays(today(), -1) }))
    expect(past.statusCode).toBe(400)
    expect(past.json()).toMatchObject({
      message: MESSAGES.deliveryPast,
      errors: [{ field: 'deliveryDate', message: MESSAGES.deliveryPast }],
    })
    expect((await purchase(form({ deliveryDate: addDays(today(), 400) }))).statusCode).toBe(400)
    expect((await purchase(form({ deliveryDate: '2026-02-30' }))).statusCode).toBe(400)
  })

  it('refuses to be paid with a gift card, in words', async () => {
    for (const fields of [{ paymentMethod: 'gift_card' }, { giftCardCodes: ['ABCD-EFGH-JKMN-PQRS'] }]) {
      const response = await purchase(form(fields))
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(MESSAGES.noGiftCardPayment)
    }
    expect(
      await t.handle.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.amount, 4_321)),
    ).toEqual([])
  })
})

describe('paying by card', () => {
  it('creates the card with the payment, to the cent, and the receipt names only its last four', async () => {
    const { id, payload, answer, complete } = await buyByCard({ amount: 12_345 })
    expect(answer).toMatchObject({ status: 'paid', amount: 12_345, last4: expect.stringMatching(/^.{4}$/) })
    const card = await cardOf(id)
    expect(card).toMatchObject({
      source: 'purchased',
      initialAmount: 12_345,
      balance: 12_345,
      expiresAt: null,
    })
    const [receipt] = await mailsTo(payload.buyerEmail, 'gift-card-receipt')
    expect(receipt!.textBody).toContain('$123.45')
    expect(receipt!.textBody).toContain(`••••${card.last4}`)
    expect(receipt!.textBody).not.toMatch(CODE)
    // Today's date: the recipient has the whole code at once, and it works.
    const [gift] = await mailsTo(payload.recipientEmail, 'gift-card')
    const code = CODE.exec(gift!.textBody ?? '')![0]
    expect(code.endsWith(card.last4)).toBe(true)
    expect(gift!.textBody).toContain('Ana Ruiz')
    expect(gift!.textBody).toContain('For the bangle you loved.')
    const balance = await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code } })
    expect(balance.json()).toMatchObject({ balance: 12_345, status: 'active' })
    // Asking again (a reload, the webhook) finds the same card: one card, one receipt.
    expect((await complete()).json()).toMatchObject({ status: 'paid', last4: card.last4 })
    expect(await mailsTo(payload.buyerEmail, 'gift-card-receipt')).toHaveLength(1)
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toHaveLength(1)
  })

  it('issues nothing before the provider says the payment went through, nor for another session', async () => {
    const started = await purchase(form())
    const { id, payment } = started.json() as { id: number; payment: { paymentIntentId: string } }
    const complete = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/gift-cards/purchases/${id}/complete`,
        payload: { paymentIntentId: payment.paymentIntentId },
        headers: { cookie },
      })
    expect((await complete(cookieHeader(started))).statusCode).toBe(402)
    await (t.app.paymentProvider as TestPaymentProvider).confirm(payment.paymentIntentId, '4242424242424242')
    expect((await complete('sid=someone-else')).statusCode).toBe(404)
    expect((await purchaseRow(id)).giftCardId).toBeNull()
  })
})

describe('a card payment whose browser never came back', () => {
  it('gets its card from the provider reconciliation, once', async () => {
    const payload = form()
    const started = await purchase(payload)
    const { id, payment } = started.json() as { id: number; payment: { paymentIntentId: string } }
    await (t.app.paymentProvider as TestPaymentProvider).confirm(payment.paymentIntentId, '4242424242424242')
    // Too recent: the shopper may still be on the page.
    await t.app.checkoutReconciler.runOnce()
    expect((await purchaseRow(id)).status).toBe('awaiting_card')
    await t.handle.db
      .update(giftCardPurchases)
      .set({ createdAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(giftCardPurchases.id, id))
    await t.app.checkoutReconciler.runOnce()
    await t.app.checkoutReconciler.runOnce()
    expect(await purchaseRow(id)).toMatchObject({ status: 'paid', giftCardId: expect.any(Number) })
    expect(await mailsTo(payload.buyerEmail, 'gift-card-receipt')).toHaveLength(1)
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toHaveLength(1)
  })
})

describe('paying by Zelle', () => {
  it('creates no card until the owner records the payment, then issues it once', async () => {
    const payload = form({ paymentMethod: 'zelle', amount: 7_500 })
    const started = await purchase(payload)
    expect(started.statusCode).toBe(201)
    const { id, zelle } = started.json()
    expect(zelle).toEqual({ phone: t.config.store.phone, memo: `Gift card GC-${id}` })
    expect((await purchaseRow(id)).giftCardId).toBeNull()
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toEqual([])
    // The buyer has the payment steps by e-mail too: the amount, the number, the memo.
    const [steps] = await mailsTo(payload.buyerEmail, 'gift-card-zelle')
    for (const part of ['$75.00', t.config.store.phone, `Gift card GC-${id}`])
      expect(steps!.textBody).toContain(part)

    const waiting = await t.app.inject({ url: '/api/admin/gift-card-purchases', headers: { cookie: owner } })
    expect(waiting.json().items).toContainEqual(
      expect.objectContaining({ id, status: 'awaiting_zelle', amount: 7_500 }),
    )
    const record = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/gift-card-purchases/${id}/record-zelle`,
        headers: { cookie: owner },
      })
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/gift-card-purchases/${id}/record-zelle` }))
        .statusCode,
    ).toBe(401)
    expect((await record()).json()).toMatchObject({ status: 'paid', giftCardId: expect.any(Number) })
    expect((await record()).statusCode).toBe(409)
    expect(await cardOf(id)).toMatchObject({ balance: 7_500, source: 'purchased' })
    expect(await mailsTo(payload.buyerEmail, 'gift-card-receipt')).toHaveLength(1)
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toHaveLength(1)
  })
})

describe('delivery on the date', () => {
  it('sends the recipient’s e-mail on its date in the shop, exactly once', async () => {
    const tomorrow = addDays(today(), 1)
    const friend = await registerCustomer(t.app, { email: 'surprise.friend@example.com' })
    const accountCards = async () =>
      (await t.app.inject({ url: '/api/account/gift-cards', headers: { cookie: friend.cookie } })).json()
        .total
    const { id, payload } = await buyByCard({
      deliveryDate: tomorrow,
      recipientEmail: 'surprise.friend@example.com',
    })
    // A surprise until its date, even in the recipient's own account.
    expect(await accountCards()).toBe(0)
    const card = await cardOf(id)
    // Paid, owed, but no code exists yet: nothing can be looked up or spent.
    expect(card.codeHash).toMatch(/^undelivered:/)
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toEqual([])
    expect((await mailsTo(payload.buyerEmail, 'gift-card-receipt'))[0]!.textBody).toContain(
      'We will e-mail it',
    )

    // The app's own minute runner has the job, and on today's clock it sends nothing yet.
    expect(await t.app.reservationJobs.runOnce()).toMatchObject({ 'gift card deliveries': 0 })
    const lastMinuteToday = wallTimeToInstant({ date: today(), time: '23:59' }, timeZone)
    await deliverAt(lastMinuteToday)
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toEqual([])

    const firstMinuteTomorrow = wallTimeToInstant({ date: tomorrow, time: '00:00' }, timeZone)
    // Two instances at the same minute, then a later round: one e-mail.
    await Promise.all([deliverAt(firstMinuteTomorrow), deliverAt(firstMinuteTomorrow)])
    await deliverAt(new Date(firstMinuteTomorrow.getTime() + 3_600_000))
    const mails = await mailsTo(payload.recipientEmail, 'gift-card')
    expect(mails).toHaveLength(1)
    const code = CODE.exec(mails[0]!.textBody ?? '')![0]
    expect((await purchaseRow(id)).deliveredAt).not.toBeNull()
    const balance = await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code } })
    expect(balance.json()).toMatchObject({ balance: 10_000 })
    expect(await accountCards()).toBe(1)
  })
})

describe('the back office', () => {
  it('lists a bought card under its buyer, and a resend before the date sends it once, now', async () => {
    const { id, payload } = await buyByCard({ deliveryDate: addDays(today(), 30) })
    const card = await cardOf(id)
    const before = await t.app.inject({ url: `/api/admin/gift-cards/${card.id}`, headers: { cookie: owner } })
    expect(before.json()).toMatchObject({ undelivered: true })
    const listed = await t.app.inject({
      url: `/api/admin/gift-cards?search=${encodeURIComponent(payload.buyerEmail)}`,
      headers: { cookie: owner },
    })
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: card.id, buyer: payload.buyerEmail }] })
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card.id}/resend`,
      headers: { cookie: owner },
    })
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toMatchObject({ undelivered: false })
    // Never delivered, so this is its delivery: the first code, ending as the buyer's receipt says.
    expect(resent.json().last4).toBe(card.last4)
    expect(resent.json().transactions.at(-1)).toMatchObject({
      kind: 'send',
      reason: `Sent early to ${payload.recipientName} (${payload.recipientEmail})`,
      actorRole: 'owner',
    })
    expect((await purchaseRow(id)).deliveredAt).not.toBeNull()
    const far = wallTimeToInstant({ date: addDays(today(), 31), time: '09:00' }, timeZone)
    await deliverAt(far)
    const mails = await mailsTo(payload.recipientEmail, 'gift-card')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.textBody).not.toContain('replaces the one we sent you before')
    expect(CODE.exec(mails[0]!.textBody ?? '')![0].slice(-4)).toBe(card.last4)
  })
})

describe('the ledger', () => {
  const overview = async () =>
    (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: owner } })).json() as {
      giftCardsOutstanding: number
      salesToday: { amount: number; count: number }
    }

  it('counts a sold card as owed, not as a sale; the goods it pays for later are the sale', async () => {
    const before = await overview()
    const salesBefore = await t.handle.db.select().from(sales)
    const { payload } = await buyByCard({ amount: 30_000 })
    const after = await overview()
    expect(after.giftCardsOutstanding - before.giftCardsOutstanding).toBe(30_000)
    expect(after.salesToday).toEqual(before.salesToday)
    expect(await t.handle.db.select().from(sales)).toHaveLength(salesBefore.length)

    const [gift] = await mailsTo(payload.recipientEmail, 'gift-card')
    const code = CODE.exec(gift!.textBody ?? '')![0]
    const ring = await insertProduct(t.handle.db, { price: 20_000 })
    const order = placedOrderId(
      await postCheckout(
        t.app,
        zelleOrderBody([{ id: ring.id, price: ring.price }], {
          fields: { paymentMethod: 'gift_card', giftCardCodes: [code], amountDue: 0 },
        }),
        { remoteAddress: '10.37.0.1' },
      ),
    )
    const spent = await overview()
    expect(spent.giftCardsOutstanding - before.giftCardsOutstanding).toBe(10_000)
    expect(spent.salesToday.amount - before.salesToday.amount).toBe(20_000)
    const rows = await t.handle.db.select().from(sales).where(eq(sales.orderId, order))
    expect(rows.map((row) => [row.productId, row.salePrice])).toEqual([[ring.id, 20_000]])
  })
})
