import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config'
import { SweepRunner } from '../../jobs/runner'
import { dataSweeps } from '../../jobs/sweeps'
import {
  adminCookie,
  cardOrderBody,
  checkoutForm,
  insertProduct,
  type NewProduct,
  placeZelleOrder,
  postCheckout,
} from '../../test/factories'
import { cookieHeader, createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { cartItems } from '../cart/schema'
import { products } from '../catalog/schema'
import { reconcileCheckouts } from '../checkout/reconcile'
import { checkoutAttempts } from '../checkout/schema'
import { emailOutbox } from '../mail/schema'
import { orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { checkoutReminders as reminderJob } from './reminder-job'
import { ReminderLinks } from './reminder-links'
import { checkoutReminders } from './schema'
import { reminderRecordSweeps } from './service'

// Every rule of the unfinished-checkout reminder (issue 25), on a fixed clock: each test dates its
// checkouts from a moment of its own (T0), years ahead of the real clock, and runs the job at
// chosen moments after it.

let t: TestApp
let links: ReminderLinks
beforeAll(async () => {
  t = await createTestApp()
  links = new ReminderLinks(t.config.sessionSecret)
})
afterAll(() => t.close())

const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const MINUTE = 60_000
const publicUrl = 'https://shop.example'
const store = { name: 'Jade Shop', email: 'hello@jadeshop.example', phone: '(713) 555-0123' }
const silent = { info: () => {}, warn: () => {} }

let nextDay = 0
/** A moment of this test's own, far from every other test's. */
const freshT0 = () => new Date(Date.UTC(2031, 0, 1) + 40 * DAY * nextDay++)
const later = (t0: Date, ms: number) => new Date(t0.getTime() + ms)

const jobFor = (hours: number) => reminderJob({ store: store as never, publicUrl, links, hours })
const run = (at: Date, hours = 4) => t.handle.db.transaction((tx) => jobFor(hours).run(tx, at, 100))

let shopper = 0
const uniqueEmail = (name: string) => `${name}.${++shopper}@example.com`

type Piece = { id: number; price: number; name: string }

/** A card checkout started and left: the payment intent exists, nothing was paid. */
async function startCheckout(email: string, pieces: Piece[], at: Date, cookie?: string) {
  const items = pieces.map((piece) => ({ productId: piece.id, quantity: 1, price: piece.price }))
  const total = pieces.reduce((sum, piece) => sum + piece.price, 0)
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { amount: total, currency: 'usd', form: { ...checkoutForm, email }, items },
    headers: cookie ? { cookie } : {},
  })
  expect(response.statusCode, response.body).toBe(200)
  const { paymentIntentId } = response.json() as { paymentIntentId: string }
  const [attempt] = await t.handle.db
    .update(checkoutAttempts)
    .set({ createdAt: at })
    .where(eq(checkoutAttempts.paymentIntentId, paymentIntentId))
    .returning({ id: checkoutAttempts.id })
  return { attemptId: attempt!.id, paymentIntentId, cookie: cookie ?? cookieHeader(response) }
}

/** Pieces costing at least the free-shipping threshold: the totals carry no shipping. */
const piece = (fields: Partial<NewProduct> = {}) => insertProduct(t.handle.db, { price: 80_000, ...fields })

const remindersTo = (email: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'checkout-reminder')))

const outcomeOf = async (attemptId: number) =>
  (await t.handle.db.select().from(checkoutReminders).where(eq(checkoutReminders.attemptId, attemptId)))[0]
    ?.outcome

/** A Zelle order for the piece, dated `at`. */
async function orderDated(email: string, item: Piece, at: Date) {
  const response = await placeZelleOrder(t.app, [item], { email })
  expect(response.statusCode, response.body).toBe(200)
  const id = (response.json() as { id: number }).id
  await t.handle.db.update(orders).set({ createdAt: at }).where(eq(orders.id, id))
  return id
}

const sell = (item: Piece) =>
  t.handle.db.update(products).set({ status: 'sold', stockQuantity: 0 }).where(eq(products.id, item.id))

const tokenIn = (url: string) => new URL(url).searchParams.get('token')!
const linkIn = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)![1]!

describe("the reminder's signed links", () => {
  it('carry the pieces for a month and the address for good, and refuse any change', () => {
    const lines = [
      { productId: 12, quantity: 1 },
      { productId: 7, quantity: 2 },
    ]
    const now = Date.UTC(2031, 0, 1)
    const token = links.resumeToken(lines, now)
    expect(links.readResume(token, now + 29 * DAY)).toEqual(lines)
    expect(links.readResume(token, now + 31 * DAY)).toBeUndefined()
    expect(links.readResume(token.replace('12x1', '13x1'), now)).toBeUndefined()
    expect(
      new ReminderLinks('another-secret-of-at-least-32-characters!').readResume(token, now),
    ).toBeUndefined()
    const unsubscribe = links.unsubscribeToken('Mei@Example.com')
    expect(links.readUnsubscribe(unsubscribe)).toBe('mei@example.com')
    expect(
      links.readUnsubscribe(
        `${Buffer.from('lin@example.com').toString('base64url')}.${unsubscribe.split('.')[1]}`,
      ),
    ).toBeUndefined()
    // Each kind of link is signed for its purpose only.
    expect(links.readUnsubscribe(token)).toBeUndefined()
  })
})

describe('the unfinished-checkout reminder', () => {
  it('goes once, ABANDONED_CHECKOUT_HOURS after the checkout, with the pieces, a way back and a one-click unsubscribe', async () => {
    const t0 = freshT0()
    const email = uniqueEmail('ava')
    const bangle = await piece({ name: 'Imperial Green Bangle', price: 125_000 })
    const ring = await piece({ name: 'Lavender Ring', price: 48_000 })
    const { attemptId } = await startCheckout(email, [bangle, ring], t0)

    expect(await run(later(t0, 4 * HOUR - MINUTE))).toBe(0)
    expect(await remindersTo(email)).toEqual([])
    expect(await run(later(t0, 4 * HOUR))).toBe(1)
    await run(later(t0, 4 * HOUR + MINUTE))
    await run(later(t0, 20 * HOUR))
    const mails = await remindersTo(email)
    expect(mails).toHaveLength(1)
    expect(await outcomeOf(attemptId)).toBe('sent')

    const mail = mails[0]!
    expect(mail.subject).toBe('Your 2 pieces are still available')
    expect(mail.textBody).toContain('Imperial Green Bangle: $1,250.00')
    expect(mail.textBody).toContain('Lavender Ring: $480.00')
    expect(mail.textBody).toContain(`${publicUrl}/product/${bangle.id}`)
    // No word the visitor typed: the address may be somebody else's.
    expect(mail.textBody).not.toContain(checkoutForm.firstName)
    expect(mail.htmlBody).not.toContain(checkoutForm.firstName)
    expect(mail.htmlBody).toContain('Return to checkout')
    const oneClick = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!
    expect(oneClick.startsWith(`${publicUrl}/api/checkout-reminders/unsubscribe?token=`)).toBe(true)
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(linkIn(mail.textBody!, 'Return to checkout')).toMatch(
      new RegExp(`^${publicUrl}/api/checkout/resume\\?token=`),
    )
    expect(mail.textBody).toContain(`${publicUrl}/reminders/unsubscribe?token=`)
  })

  it("shows each piece's picture, which a webmail page may load from its own origin", async () => {
    const t0 = freshT0()
    const email = uniqueEmail('pictures')
    await startCheckout(email, [await piece({ imageUrls: ['/uploads/0123abcd-1280.webp'] })], t0)
    await run(later(t0, 5 * HOUR))
    const [mail] = await remindersTo(email)
    // The pipeline's 320 px variant, by its full address.
    expect(mail!.htmlBody).toContain(`src="${publicUrl}/uploads/0123abcd-320.webp"`)
    mkdirSync(path.join(t.config.dataDir, 'uploads'), { recursive: true })
    writeFileSync(path.join(t.config.dataDir, 'uploads', '0123abcd-320.webp'), 'RIFF....WEBP')
    const picture = await t.app.inject({ method: 'GET', url: '/uploads/0123abcd-320.webp' })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin')
    // Pages keep the site-wide rule.
    const page = await t.app.inject({ method: 'GET', url: '/api/store' })
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('is never sent after an order, whichever way it was paid', async () => {
    const t0 = freshT0()
    // Left the card checkout, then ordered by Zelle an hour later.
    const zelleBuyer = uniqueEmail('mei')
    const left = await startCheckout(zelleBuyer, [await piece()], t0)
    await orderDated(zelleBuyer, await piece(), later(t0, HOUR))
    // Paid by card: the attempt became the order.
    const cardBuyer = uniqueEmail('lin')
    const paid = await piece()
    const card = await startCheckout(cardBuyer, [paid], t0)
    await (t.app.paymentProvider as TestPaymentProvider).confirm(card.paymentIntentId, '4242424242424242')
    const completed = await postCheckout(
      t.app,
      cardOrderBody([paid], card.paymentIntentId, { email: cardBuyer }),
      {
        cookie: card.cookie,
      },
    )
    expect(completed.statusCode, completed.body).toBe(200)
    // An order placed before the checkout does not count: this shopper came back for more.
    const returning = uniqueEmail('jo')
    await orderDated(returning, await piece(), later(t0, -DAY))
    await startCheckout(returning, [await piece()], t0)

    await run(later(t0, 5 * HOUR))
    expect(await remindersTo(zelleBuyer)).toEqual([])
    expect(await outcomeOf(left.attemptId)).toBe('ordered')
    expect(await remindersTo(cardBuyer)).toEqual([])
    expect(await outcomeOf(card.attemptId)).toBeUndefined()
    expect(await remindersTo(returning)).toHaveLength(1)
  })

  it('never names a piece sold since, and is not sent when every piece is gone', async () => {
    const t0 = freshT0()
    const someSold = uniqueEmail('ana')
    const [sold, held, kept] = [
      await piece({ name: 'Sold Pendant' }),
      await piece({ name: 'Held Bead' }),
      await piece({ name: 'Kept Bangle' }),
    ]
    await startCheckout(someSold, [sold, held, kept], t0)
    const allSold = uniqueEmail('ben')
    const gone = await piece()
    const { attemptId } = await startCheckout(allSold, [gone], t0)
    await sell(sold)
    await sell(gone)
    // Another shopper's Zelle order holds this one: not for sale either.
    await orderDated(uniqueEmail('other'), held, later(t0, HOUR))

    await run(later(t0, 4 * HOUR + MINUTE))
    const [mail] = await remindersTo(someSold)
    expect(mail!.subject).toBe('Your Kept Bangle is still available')
    expect(mail!.textBody).toContain('Kept Bangle')
    for (const body of [mail!.textBody!, mail!.htmlBody!]) {
      expect(body).not.toContain('Sold Pendant')
      expect(body).not.toContain('Held Bead')
    }
    // The way back puts only the piece still for sale into the cart.
    expect(links.readResume(tokenIn(linkIn(mail!.textBody!, 'Return to checkout')))).toEqual([
      { productId: kept.id, quantity: 1 },
    ])
    expect(await remindersTo(allSold)).toEqual([])
    expect(await outcomeOf(attemptId)).toBe('sold')
  })

  it('counts fractions of an hour', async () => {
    const t0 = freshT0()
    const email = uniqueEmail('quarter')
    await startCheckout(email, [await piece()], t0)
    expect(await run(later(t0, 14 * MINUTE), 0.25)).toBe(0)
    expect(await run(later(t0, 15 * MINUTE), 0.25)).toBe(1)
    expect(await remindersTo(email)).toHaveLength(1)
    expect(
      loadConfig({ SESSION_SECRET: 'x'.repeat(40), ABANDONED_CHECKOUT_HOURS: '0.25' }).abandonedCheckoutHours,
    ).toBe(0.25)
  })

  it('reads ABANDONED_CHECKOUT_HOURS: 4 by default, 0 for off, and refuses nonsense by name', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/jade-reminder-config' }
    expect(loadConfig(base).abandonedCheckoutHours).toBe(4)
    expect(loadConfig({ ...base, ABANDONED_CHECKOUT_HOURS: '0' }).abandonedCheckoutHours).toBe(0)
    for (const bad of ['-1', 'soon', '1000']) {
      expect(() => loadConfig({ ...base, ABANDONED_CHECKOUT_HOURS: bad })).toThrow(ConfigError)
      expect(() => loadConfig({ ...base, ABANDONED_CHECKOUT_HOURS: bad })).toThrow('ABANDONED_CHECKOUT_HOURS')
    }
  })

  it('reaches an address at most once a day, about its latest checkout', async () => {
    const t0 = freshT0()
    const email = uniqueEmail('often')
    const first = await startCheckout(email, [await piece({ name: 'First Choice' })], t0)
    const second = await startCheckout(email, [await piece({ name: 'Second Thought' })], later(t0, HOUR))
    await run(later(t0, 4 * HOUR + MINUTE)) // the first is due, but a later checkout supersedes it
    expect(await outcomeOf(first.attemptId)).toBe('superseded')
    expect(await remindersTo(email)).toEqual([])
    await run(later(t0, 5 * HOUR + MINUTE))
    expect(await outcomeOf(second.attemptId)).toBe('sent')
    expect((await remindersTo(email)).map((mail) => mail.subject)).toEqual([
      'Your Second Thought is still available',
    ])
    // Back the same evening, and gone again: within a day of the last reminder, no other.
    const third = await startCheckout(email, [await piece()], later(t0, 8 * HOUR))
    await run(later(t0, 12 * HOUR + MINUTE))
    expect(await outcomeOf(third.attemptId)).toBe('recent')
    // Two days on, a new checkout is a new reminder.
    const fourth = await startCheckout(email, [await piece()], later(t0, 2 * DAY))
    await run(later(t0, 2 * DAY + 4 * HOUR + MINUTE))
    expect(await outcomeOf(fourth.attemptId)).toBe('sent')
    expect(await remindersTo(email)).toHaveLength(2)
  })

  it('reminds a signed-in shopper of their cart, from its last change, once per change', async () => {
    const t0 = freshT0()
    const email = uniqueEmail('member')
    const { cookie } = await registerCustomer(t.app, { email })
    const pearl = await piece({ name: 'Cart Pendant', stockQuantity: 3 })
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: pearl.id, quantity: 1 },
      headers: { cookie },
    })
    expect(added.statusCode, added.body).toBe(200)
    const lines = await t.handle.db.select().from(cartItems).where(eq(cartItems.productId, pearl.id))
    const sessionId = lines[0]!.sessionId
    const dateCart = (at: Date) =>
      t.handle.db.update(cartItems).set({ changedAt: at }).where(eq(cartItems.sessionId, sessionId))
    await dateCart(t0)

    expect(await run(later(t0, 3 * HOUR))).toBe(0)
    await run(later(t0, 4 * HOUR + MINUTE))
    await run(later(t0, 4 * HOUR + 2 * MINUTE))
    const mails = await remindersTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Cart Pendant is still available'])

    // A change makes a new cart: its reminder waits a day from the last one.
    const line = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })).json() as {
      items: { id: number }[]
    }
    await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/${line.items[0]!.id}`,
      payload: { quantity: 2 },
      headers: { cookie },
    })
    const [changed] = await t.handle.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId))
    expect(Math.abs(changed!.changedAt.getTime() - Date.now())).toBeLessThan(60_000)
    await dateCart(later(t0, 30 * HOUR))
    await run(later(t0, 34 * HOUR + MINUTE))
    const again = await remindersTo(email)
    expect(again).toHaveLength(2)
    expect(again[1]!.textBody).toMatch(/Cart Pendant, 2 × \$[\d,.]+: \$/)

    // An order since the last change: nothing.
    await dateCart(later(t0, 3 * DAY))
    await orderDated(email, await piece(), later(t0, 3 * DAY + HOUR))
    await run(later(t0, 4 * DAY))
    expect(await remindersTo(email)).toHaveLength(2)
  })

  it('counts a removed line as a change of the cart', async () => {
    const { cookie } = await registerCustomer(t.app, { email: uniqueEmail('remover') })
    const [kept, removed] = [await piece(), await piece()]
    for (const item of [kept, removed])
      await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: item.id, quantity: 1 },
        headers: { cookie },
      })
    const [line] = await t.handle.db.select().from(cartItems).where(eq(cartItems.productId, removed.id))
    await t.handle.db
      .update(cartItems)
      .set({ changedAt: new Date('2031-01-01T00:00:00Z') })
      .where(eq(cartItems.sessionId, line!.sessionId))
    await t.app.inject({ method: 'DELETE', url: `/api/cart/${line!.id}`, headers: { cookie } })
    const [left] = await t.handle.db.select().from(cartItems).where(eq(cartItems.sessionId, line!.sessionId))
    expect(left!.productId).toBe(kept.id)
    expect(Math.abs(left!.changedAt.getTime() - Date.now())).toBeLessThan(60_000)
  })

  it("leaves the owner's own cart alone", async () => {
    const t0 = freshT0()
    const cookie = await adminCookie(t.app, t.handle.db, 'reminder-owner')
    await t.handle.db.execute(
      sql`update users set email = 'owner.cart@example.com' where username = 'reminder-owner'`,
    )
    const item = await piece()
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: item.id, quantity: 1 },
      headers: { cookie },
    })
    await t.handle.db.update(cartItems).set({ changedAt: t0 }).where(eq(cartItems.productId, item.id))
    await run(later(t0, 5 * HOUR))
    expect(await remindersTo('owner.cart@example.com')).toEqual([])
  })

  it("puts the pieces back into any browser's cart and opens checkout", async () => {
    const t0 = freshT0()
    const email = uniqueEmail('device')
    const item = await piece({ name: 'Travelling Ring' })
    await startCheckout(email, [item], t0)
    await run(later(t0, 4 * HOUR + MINUTE))
    const [mail] = await remindersTo(email)
    const resume = linkIn(mail!.textBody!, 'Return to checkout').replace(publicUrl, '')

    // Another device: no cookie at all.
    const first = await t.app.inject({ method: 'GET', url: resume })
    expect(first.statusCode).toBe(303)
    expect(first.headers.location).toBe('/checkout')
    const cookie = cookieHeader(first)
    expect(cookie).toContain('sid=')
    const cart = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })).json() as {
          items: { productId: number; quantity: number; available: boolean }[]
        }
      ).items
    expect(await cart()).toEqual([
      expect.objectContaining({ productId: item.id, quantity: 1, available: true }),
    ])
    // Twice (or a mail scanner first): nothing more.
    await t.app.inject({ method: 'GET', url: resume, headers: { cookie } })
    expect((await cart()).map((line) => line.quantity)).toEqual([1])

    // Sold meanwhile: the piece's page says so.
    await sell(item)
    const late = await t.app.inject({ method: 'GET', url: resume })
    expect(late.statusCode).toBe(303)
    expect(late.headers.location).toBe(`/product/${item.id}`)
    expect(late.cookies).toEqual([])
    // A made-up or altered link fills nobody's cart.
    const forged = resume.replace(/x1\./, 'x9.')
    const refused = await t.app.inject({ method: 'GET', url: forged })
    expect(refused.headers.location).toBe('/checkout')
    expect(refused.cookies).toEqual([])
  })

  it('unsubscribes in one click (RFC 8058), from the page too, and writes no more to that address', async () => {
    const t0 = freshT0()
    const email = uniqueEmail('leaving')
    await startCheckout(email, [await piece()], t0)
    await run(later(t0, 4 * HOUR + MINUTE))
    const [mail] = await remindersTo(email)
    const oneClick = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!.replace(publicUrl, '')

    // The mail provider's server posts the form, cross-site, without cookies.
    const left = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(left.statusCode, left.body).toBe(200)
    // Opened in a browser instead: the page with its one button, which posts JSON.
    const page = await t.app.inject({ method: 'GET', url: oneClick })
    expect(page.statusCode).toBe(303)
    expect(page.headers.location).toBe(
      `/reminders/unsubscribe?token=${encodeURIComponent(tokenIn(`${publicUrl}${oneClick}`))}`,
    )
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/unsubscribe',
      payload: { token: tokenIn(`${publicUrl}${oneClick}`) },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().message).toContain('You will not receive reminders about unfinished checkouts')

    // Days later, another checkout left: nothing.
    const nextCheckout = await startCheckout(email, [await piece()], later(t0, 3 * DAY))
    await run(later(t0, 3 * DAY + 5 * HOUR))
    expect(await remindersTo(email)).toHaveLength(1)
    expect(await outcomeOf(nextCheckout.attemptId)).toBe('unsubscribed')

    // Somebody else's address cannot be unsubscribed with a made-up token.
    for (const token of [
      '',
      'abc',
      `${Buffer.from('someone@example.com').toString('base64url')}.${'A'.repeat(43)}`,
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/checkout-reminders/unsubscribe',
        payload: { token },
      })
      expect(refused.statusCode).toBe(404)
      expect(refused.json().message).toContain('This unsubscribe link is not valid')
    }
  })

  it('keeps an attempt until it is reminded, and the sweeps clear everything after', async () => {
    const t0 = freshT0()
    const db = t.handle.db
    const exists = async (id: number) =>
      (await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, id))).length === 1
    // No attempt is swept before the provider said it was never paid (checkout/reconcile.ts).
    const sweep = async (at: Date, hours: number) => {
      await reconcileCheckouts({
        db,
        provider: t.app.paymentProvider,
        context: { ...t.app.links, shipping: t.config.shipping, reservation: t.config.reservation },
        log: silent,
        checkoutReminderHours: hours,
        now: () => at,
      })
      return new SweepRunner({
        db,
        sweeps: [...dataSweeps({ checkoutReminderHours: hours }), ...reminderRecordSweeps],
        log: silent,
        now: () => at,
      }).runOnce()
    }

    // Reminders 30 hours on: the day-old attempt waits for its reminder, then goes.
    const slow = uniqueEmail('slow')
    const waiting = await startCheckout(slow, [await piece()], t0)
    await sweep(later(t0, 25 * HOUR), 30)
    expect(await exists(waiting.attemptId)).toBe(true)
    await run(later(t0, 30 * HOUR + MINUTE), 30)
    expect(await remindersTo(slow)).toHaveLength(1)
    await sweep(later(t0, 31 * HOUR), 30)
    expect(await exists(waiting.attemptId)).toBe(false)

    // Reminded at 4 hours: kept the day a late payment notice may need, then swept.
    const quick = await startCheckout(uniqueEmail('quick'), [await piece()], later(t0, 2 * DAY))
    await run(later(t0, 2 * DAY + 4 * HOUR + MINUTE))
    await sweep(later(t0, 2 * DAY + 23 * HOUR), 4)
    expect(await exists(quick.attemptId)).toBe(true)
    await sweep(later(t0, 3 * DAY + HOUR), 4)
    expect(await exists(quick.attemptId)).toBe(false)

    // Never looked at (the job was down): kept until a reminder would be a day late, not longer.
    const missed = await startCheckout(uniqueEmail('missed'), [await piece()], later(t0, 5 * DAY))
    await sweep(later(t0, 5 * DAY + 53 * HOUR), 30)
    expect(await exists(missed.attemptId)).toBe(true)
    await sweep(later(t0, 5 * DAY + 55 * HOUR), 30)
    expect(await exists(missed.attemptId)).toBe(false)

    // Reminders off: nothing is kept for them.
    const off = await startCheckout(uniqueEmail('off'), [await piece()], later(t0, 10 * DAY))
    await sweep(later(t0, 11 * DAY + HOUR), 0)
    expect(await exists(off.attemptId)).toBe(false)

    // A week on, the record of who was reminded goes; an address that unsubscribed stays so.
    await t.app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/unsubscribe',
      payload: { token: links.unsubscribeToken('gone.for.good@example.com') },
    })
    await sweep(later(t0, 30 * DAY), 4)
    const records = await db.execute(
      sql`select count(*)::int as n from checkout_reminders where created_at < ${later(t0, 23 * DAY)}`,
    )
    expect((records as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    const recipients = await db.execute(
      sql`select email from reminder_recipients where email in (${slow}, 'gone.for.good@example.com')`,
    )
    expect((recipients as unknown as { rows: { email: string }[] }).rows.map((row) => row.email)).toEqual([
      'gone.for.good@example.com',
    ])
  })

  it('runs every minute in the app, and not at all with ABANDONED_CHECKOUT_HOURS=0', async () => {
    // The app's own runner, on the real clock: a checkout left five hours ago.
    const email = uniqueEmail('wired')
    await startCheckout(email, [await piece()], new Date(Date.now() - 5 * HOUR))
    const round = await t.app.reservationJobs.runOnce()
    expect(round?.['checkout reminders']).toBeGreaterThanOrEqual(1)
    expect(await remindersTo(email)).toHaveLength(1)

    const off = await createTestApp({ env: { ABANDONED_CHECKOUT_HOURS: '0' } })
    try {
      const item = await insertProduct(off.handle.db, { price: 80_000 })
      const intent = await off.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: {
          amount: item.price,
          form: { ...checkoutForm, email: 'off@example.com' },
          items: [{ productId: item.id, quantity: 1, price: item.price }],
        },
      })
      expect(intent.statusCode).toBe(200)
      await off.handle.db.update(checkoutAttempts).set({ createdAt: new Date(Date.now() - 5 * HOUR) })
      const offRound = await off.app.reservationJobs.runOnce()
      expect(offRound).not.toHaveProperty('checkout reminders')
      const mails = await off.handle.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'checkout-reminder'))
      expect(mails).toEqual([])
    } finally {
      await off.close()
    }
  })

  it('sends one reminder when two workers run at the same moment', async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('needs two connections at once')
    const t0 = freshT0()
    // A card checkout, two checkouts of one address, and a signed-in cart (no row to lock).
    const single = uniqueEmail('race')
    await startCheckout(single, [await piece()], t0)
    const twice = uniqueEmail('race.twice')
    await startCheckout(twice, [await piece()], t0)
    await startCheckout(twice, [await piece()], t0)
    const member = uniqueEmail('race.member')
    const { cookie } = await registerCustomer(t.app, { email: member })
    const item = await piece()
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: item.id, quantity: 1 },
      headers: { cookie },
    })
    await t.handle.db.update(cartItems).set({ changedAt: t0 }).where(eq(cartItems.productId, item.id))

    const at = later(t0, 4 * HOUR + MINUTE)
    await Promise.all([run(at), run(at), run(at), run(at)])
    expect(await remindersTo(single)).toHaveLength(1)
    expect(await remindersTo(twice)).toHaveLength(1)
    expect(await remindersTo(member)).toHaveLength(1)
  })
})
