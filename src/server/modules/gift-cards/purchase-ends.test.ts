import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminGiftCardPurchase } from '../../../shared/gift-cards/purchase'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { adminCookie } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { expiredZellePurchases } from './purchase-ends'
import { reconcileGiftCardPurchases } from './purchase-reconcile'
import { completeCardPurchase } from './purchases'
import { giftCardPurchases } from './schema'

// Unpaid gift-card purchases end (issue 36): the owner cancels a Zelle one, a Zelle one unpaid
// past the reservation hold expires with a note to the buyer, a card one never paid is abandoned
// after a day, and one whose payment went through never is. Each job runs at a fixed instant.

const t = shopForFile()
let owner: string
let holdHours: number
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
  holdHours = t.config.reservation.hours
})

const HOUR = 3_600_000
let buyers = 0

async function start(paymentMethod: 'card' | 'zelle') {
  buyers += 1
  const payload = {
    amount: 10_000,
    recipientName: 'Mei Lin',
    recipientEmail: `ends.friend${buyers}@example.com`,
    deliveryDate: dayIn(t.config.store.timeZone),
    buyerName: 'Ana Ruiz',
    buyerEmail: `ends.buyer${buyers}@example.com`,
    paymentMethod,
  }
  const started = await t.app.inject({ method: 'POST', url: '/api/gift-cards/purchases', payload })
  if (started.statusCode !== 201) throw new Error(started.body)
  const answer = started.json() as { id: number; payment?: { paymentIntentId: string } }
  const row = await purchaseRow(answer.id)
  return { id: answer.id, payload, createdAt: row.createdAt, intentId: answer.payment?.paymentIntentId }
}

const purchaseRow = async (id: number) =>
  (await t.handle.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id)))[0]!

const mailsTo = (address: string, kind: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id))

const expireAt = (now: Date) =>
  t.handle.db.transaction((tx) => expiredZellePurchases(t.app.links, holdHours).run(tx, now, 25))

const reconcileAt = (now: Date) =>
  reconcileGiftCardPurchases(t.handle.db, t.app.paymentProvider, t.app.links, t.app.log, now)

const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

describe('cancelling a Zelle purchase', () => {
  it('takes it out of Awaiting Zelle, names who did it, tells the buyer once, and refuses a second time with 409', async () => {
    const { id, payload } = await start('zelle')
    const cancel = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/gift-card-purchases/${id}/cancel`,
        ...(cookie ? { headers: { cookie } } : {}),
      })
    expect((await cancel()).statusCode).toBe(401)
    const cancelled = await cancel(owner)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ id, status: 'cancelled', giftCardId: null })
    const row = await purchaseRow(id)
    expect(row).toMatchObject({ status: 'cancelled', endedBy: expect.any(String), endedByRole: 'owner' })
    expect(row.endedById).toEqual(expect.any(Number))
    expect((await cancel(owner)).statusCode).toBe(409)
    const mails = await mailsTo(payload.buyerEmail, 'gift-card-zelle-cancelled')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your $100.00 gift card purchase has been cancelled')
    expect(mails[0]!.textBody).toContain(`("Gift card GC-${id}") before its Zelle payment arrived`)
    expect(mails[0]!.textBody).toContain('No card was issued.')
    expect(await mailsTo(payload.buyerEmail, 'gift-card-zelle-expired')).toEqual([])
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-card-purchases/${id}/record-zelle`,
      headers: { cookie: owner },
    })
    expect(recorded.statusCode).toBe(409)
    const waiting = await t.app.inject({ url: '/api/admin/gift-card-purchases', headers: { cookie: owner } })
    expect(waiting.json().items.map((item: { id: number }) => item.id)).not.toContain(id)
  })

  it('refuses a purchase already paid', async () => {
    const { id } = await start('zelle')
    const url = `/api/admin/gift-card-purchases/${id}`
    await t.app.inject({ method: 'POST', url: `${url}/record-zelle`, headers: { cookie: owner } })
    const cancelled = await t.app.inject({ method: 'POST', url: `${url}/cancel`, headers: { cookie: owner } })
    expect(cancelled.statusCode).toBe(409)
    expect((await purchaseRow(id)).status).toBe('paid')
  })
})

describe('the Ended list', () => {
  it('holds the expired, cancelled and abandoned purchases, the most recently ended first, and nothing else', async () => {
    const cancelled = await start('zelle')
    const expired = await start('zelle')
    const abandoned = await start('card')
    const lateButPaid = await start('zelle')
    const url = '/api/admin/gift-card-purchases'
    await t.app.inject({ method: 'POST', url: `${url}/${cancelled.id}/cancel`, headers: { cookie: owner } })
    await expireAt(later(expired.createdAt, holdHours * HOUR))
    await expireAt(later(lateButPaid.createdAt, holdHours * HOUR))
    await t.app.inject({
      method: 'POST',
      url: `${url}/${lateButPaid.id}/record-zelle`,
      headers: { cookie: owner },
    })
    await reconcileAt(later(abandoned.createdAt, 24 * HOUR + 60_000))
    // Made after the expiry rounds above, which expire every purchase awaiting Zelle by then.
    const waiting = await start('zelle')

    const list = async (query: string) => {
      const response = await t.app.inject({ url: `${url}?${query}`, headers: { cookie: owner } })
      expect(response.statusCode).toBe(200)
      return response.json() as { items: AdminGiftCardPurchase[]; total: number }
    }
    const ended = await list('status=ended&pageSize=200')
    const mine = ended.items.filter((item) =>
      [cancelled, expired, abandoned, waiting, lateButPaid].some(({ id }) => id === item.id),
    )
    expect(mine).toEqual([
      expect.objectContaining({
        id: expired.id,
        status: 'expired',
        endedAt: expect.any(String),
        endedBy: null,
      }),
      expect.objectContaining({
        id: abandoned.id,
        status: 'abandoned',
        paymentMethod: 'card',
        endedBy: null,
      }),
      expect.objectContaining({ id: cancelled.id, status: 'cancelled', endedBy: expect.any(String) }),
    ])
    const endings = ended.items.map((item) => item.endedAt!)
    expect(endings).toEqual([...endings].sort().reverse())
    expect(ended.items.every((item) => ['expired', 'cancelled', 'abandoned'].includes(item.status))).toBe(
      true,
    )
    expect(ended.total).toBe(ended.items.length)
    // Searched like the other lists; the Awaiting Zelle list is unchanged.
    expect((await list(`status=ended&search=GC-${cancelled.id}`)).items.map((item) => item.id)).toEqual([
      cancelled.id,
    ])
    expect((await list('')).items.map((item) => item.id)).toContain(waiting.id)
    const unknown = await t.app.inject({ url: `${url}?status=finished`, headers: { cookie: owner } })
    expect(unknown.statusCode).toBe(400)
  })
})

describe('a Zelle purchase never paid', () => {
  it('expires when a Zelle order’s hold would end, and the buyer hears of it once', async () => {
    const { id, payload, createdAt } = await start('zelle')
    await expireAt(later(createdAt, holdHours * HOUR - 60_000))
    expect((await purchaseRow(id)).status).toBe('awaiting_zelle')
    expect(await mailsTo(payload.buyerEmail, 'gift-card-zelle-expired')).toEqual([])

    const end = later(createdAt, holdHours * HOUR)
    await expireAt(end)
    await expireAt(later(end, HOUR))
    expect(await purchaseRow(id)).toMatchObject({ status: 'expired', endedAt: end, endedById: null })
    const mails = await mailsTo(payload.buyerEmail, 'gift-card-zelle-expired')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.textBody).toContain(`Gift card GC-${id}`)
    expect(mails[0]!.textBody).toContain('did not receive it')
  })

  it('still takes its Zelle payment when the money came after all: the card is issued, its trail says so', async () => {
    const { id, payload, createdAt } = await start('zelle')
    await expireAt(later(createdAt, holdHours * HOUR))
    expect((await purchaseRow(id)).status).toBe('expired')
    const record = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/gift-card-purchases/${id}/record-zelle`,
        headers: { cookie: owner },
      })
    const recorded = await record()
    expect(recorded.statusCode).toBe(200)
    expect(recorded.json()).toMatchObject({ id, status: 'paid', giftCardId: expect.any(Number) })
    const card = await t.app.inject({
      url: `/api/admin/gift-cards/${recorded.json().giftCardId}`,
      headers: { cookie: owner },
    })
    expect(card.json()).toMatchObject({ balance: 10_000 })
    expect(card.json().transactions).toEqual([
      expect.objectContaining({
        kind: 'issue',
        amount: 10_000,
        reason: `Purchase GC-${id}: Zelle payment recorded after the purchase expired`,
        actorRole: 'owner',
      }),
    ])
    expect(await mailsTo(payload.buyerEmail, 'gift-card-receipt')).toHaveLength(1)
    expect(await mailsTo(payload.recipientEmail, 'gift-card')).toHaveLength(1)
    // Once: a second record is a 409, and the card is not issued twice.
    expect((await record()).statusCode).toBe(409)
    expect(await mailsTo(payload.buyerEmail, 'gift-card-receipt')).toHaveLength(1)
  })

  it('is a job of the app’s minute runner', async () => {
    expect(await t.app.reservationJobs.runOnce()).toHaveProperty(['expired gift card purchases'])
  })
})

describe('a card purchase never paid', () => {
  it('is kept for its day, then abandoned once the provider says it was not paid', async () => {
    const { id, createdAt } = await start('card')
    await reconcileAt(later(createdAt, 23 * HOUR))
    expect((await purchaseRow(id)).status).toBe('awaiting_card')
    const dayAfter = later(createdAt, 24 * HOUR + 60_000)
    await reconcileAt(dayAfter)
    expect(await purchaseRow(id)).toMatchObject({ status: 'abandoned', endedAt: dayAfter, giftCardId: null })
  })

  it('is never abandoned when its payment went through: the card is issued instead', async () => {
    const { id, payload, createdAt, intentId } = await start('card')
    await (t.app.paymentProvider as TestPaymentProvider).confirm(intentId!, '4242424242424242')
    await reconcileAt(later(createdAt, 2 * 24 * HOUR))
    expect(await purchaseRow(id)).toMatchObject({ status: 'paid', giftCardId: expect.any(Number) })
    expect(await mailsTo(payload.buyerEmail, 'gift-card-receipt')).toHaveLength(1)
  })

  it('a payment confirmed after it was abandoned still issues its card', async () => {
    const { id, createdAt, intentId } = await start('card')
    await reconcileAt(later(createdAt, 24 * HOUR + 60_000))
    expect((await purchaseRow(id)).status).toBe('abandoned')
    await (t.app.paymentProvider as TestPaymentProvider).confirm(intentId!, '4242424242424242')
    await reconcileAt(later(createdAt, 26 * HOUR))
    // The reconciliation asks only about purchases awaiting their card; the webhook or the
    // browser completes any, whatever its status.
    await completeCardPurchase(t.handle.db, t.app.paymentProvider, t.app.links, { id }, intentId!)
    expect(await purchaseRow(id)).toMatchObject({ status: 'paid', giftCardId: expect.any(Number) })
  })
})
