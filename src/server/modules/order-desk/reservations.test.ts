import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tooManyUnpaidOrders } from '../../../shared/checkout/schema'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import { SweepRunner } from '../../jobs/runner'
import {
  adminCookie,
  checkoutForm,
  insertProduct,
  placeCardOrder,
  placeZelleOrder,
  postCheckout,
  zelleOrderBody,
} from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { products } from '../catalog/schema'
import { unpaidHolds } from '../checkout/schema'
import { emailOutbox } from '../mail/schema'
import { OrderLinkTokens } from '../orders/order-link-token'
import { orderEvents, orders } from '../orders/schema'
import { expiredReservations, reservationReminders } from './reservations'

// An unpaid Zelle order holds its pieces for RESERVATION_HOURS (72 here, the default): the shopper
// is reminded a day before the end, the order is cancelled at the end, and the owner can extend it.

let t: TestApp
let admin: string
let released = 0
beforeAll(async () => {
  t = await createTestApp({ env: { STORE_TIMEZONE: 'America/Chicago' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

const mail = {
  store: {
    name: 'Jade Shop',
    email: 'shop@example.com',
    phone: '713-555-0000',
    freeShippingThresholdCents: 0,
    flatShippingCents: 0,
  },
  publicUrl: 'https://shop.example',
  orderLinks: new OrderLinkTokens('a-test-secret-of-at-least-32-characters'),
}
const HOUR = 3600_000

/** The reservation jobs as the app runs them, on a clock the test sets. */
function jobsAt(now: Date) {
  return new SweepRunner({
    db: t.handle.db,
    sweeps: [
      reservationReminders(mail, 'America/Chicago'),
      expiredReservations(mail, 'America/Chicago', () => void released++),
    ],
    log: { info: () => {}, warn: () => {} },
    now: () => now,
  }).runOnce()
}

/** A Zelle order for one new piece. */
async function orderNewPiece(email: string, options: { remoteAddress?: string } = {}) {
  const piece = await insertProduct(t.handle.db, { price: 52_000 })
  const response = await placeZelleOrder(t.app, [piece], { email, ...options })
  return { response, piece, orderId: (response.json() as { id: number }).id }
}

async function reservedUntil(orderId: number): Promise<Date> {
  const [row] = await t.handle.db
    .select({ reservedUntil: orders.reservedUntil })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row!.reservedUntil!
}

const mailsTo = (email: string, kind: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))

const pieceOf = async (id: number) =>
  (await t.handle.db.select().from(products).where(eq(products.id, id)))[0]!

const orderOf = async (id: number) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!

const adminPatch = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: { cookie } })

describe('the reservation of an unpaid Zelle order', () => {
  it('lasts RESERVATION_HOURS from checkout, and the back office shows its end', async () => {
    const before = Date.now()
    const { orderId } = await orderNewPiece('ada.window@example.com')
    const until = (await reservedUntil(orderId)).getTime()
    expect(until).toBeGreaterThanOrEqual(before + 72 * HOUR - 5_000)
    expect(until).toBeLessThanOrEqual(Date.now() + 72 * HOUR + 5_000)

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?search=ada.window',
      headers: { cookie: admin },
    })
    const [order] = (list.json() as { items: AdminOrder[] }).items
    expect(order!.reservedUntil).toBe(new Date(until).toISOString())
  })

  it('reminds the shopper once, a day before it ends', async () => {
    const email = 'ada.reminder@example.com'
    const { orderId } = await orderNewPiece(email)
    const until = (await reservedUntil(orderId)).getTime()

    await jobsAt(new Date(until - 25 * HOUR))
    expect(await mailsTo(email, 'reservation-reminder')).toHaveLength(0)
    await jobsAt(new Date(until - 23 * HOUR))
    await jobsAt(new Date(until - 22 * HOUR))
    const reminders = await mailsTo(email, 'reservation-reminder')
    expect(reminders).toHaveLength(1)
    expect(reminders[0]!.subject).toBe(`Reminder: complete your Zelle payment for order #${orderId}`)
    expect(reminders[0]!.textBody).toContain('$520.00')
    expect(reminders[0]!.textBody).toContain('Please send it by Zelle to 713-555-0000')
    expect((await orderOf(orderId)).status).toBe('pending')
  })

  it('ends in a cancelled order, its piece back on sale and the shopper told', async () => {
    const email = 'ada.expired@example.com'
    const { orderId, piece } = await orderNewPiece(email)
    expect((await pieceOf(piece.id)).status).toBe('reserved')
    const until = (await reservedUntil(orderId)).getTime()

    await jobsAt(new Date(until - 60_000))
    expect((await orderOf(orderId)).status).toBe('pending')
    const releasedBefore = released
    const counts = await jobsAt(new Date(until + 30_000))
    expect(counts?.['expired reservations']).toBeGreaterThanOrEqual(1)
    expect(released).toBe(releasedBefore + 1)

    expect((await orderOf(orderId)).status).toBe('cancelled')
    expect(await pieceOf(piece.id)).toMatchObject({ status: 'available', stockQuantity: 1, soldAt: null })
    expect(await t.handle.db.select().from(unpaidHolds).where(eq(unpaidHolds.orderId, orderId))).toEqual([])
    const [notice] = await mailsTo(email, 'reservation-expired')
    expect(notice!.subject).toBe(`Your order #${orderId} has been cancelled`)
    expect(notice!.textBody).toContain('did not receive your payment')
    const trail = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
    const expiry = trail.find((event) => event.kind === 'reservation')
    expect(expiry).toMatchObject({ actor: null })
    expect(expiry!.message).toMatch(
      /^Reservation ended .* without payment: order cancelled, pieces back on sale$/,
    )
    expect(trail.some((event) => event.message === `Reservation expiry notice e-mailed to ${email}`)).toBe(
      true,
    )

    // Once: a second pass finds nothing more to do for it.
    await jobsAt(new Date(until + 90_000))
    expect(await mailsTo(email, 'reservation-expired')).toHaveLength(1)
  })

  it('holds on once the owner confirmed the order, took a payment or agreed a plan', async () => {
    // Nothing paid and no plan: Confirm is refused (recording the payment confirms it instead).
    const unpaid = await orderNewPiece('ada.confirmed@example.com')
    expect(
      (await adminPatch(`/api/orders/${unpaid.orderId}/status`, { status: 'confirmed' })).statusCode,
    ).toBe(409)
    const deposit = await orderNewPiece('ada.deposit@example.com')
    expect(
      (
        await adminPatch(`/api/orders/${deposit.orderId}/payment`, {
          paymentStatus: 'partial',
          amount: 10_000,
        })
      ).statusCode,
    ).toBe(200)
    const planned = await orderNewPiece('ada.plan@example.com')
    const plan = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${planned.orderId}/plan`,
      payload: { depositAmount: 12_000, installments: [{ amount: 40_000, dueDate: '2099-01-01' }] },
      headers: { cookie: admin },
    })
    expect(plan.statusCode).toBe(200)

    await jobsAt(new Date(Date.now() + 200 * HOUR))
    for (const { orderId, piece } of [deposit, planned]) {
      expect((await orderOf(orderId)).status).not.toBe('cancelled')
      expect((await pieceOf(piece.id)).status).toBe('reserved')
    }
  })

  it('leaves alone an order the owner is changing at that very moment', async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('needs two connections at once')
    const { orderId, piece } = await orderNewPiece('ada.race@example.com')
    const until = (await reservedUntil(orderId)).getTime()
    let lockTaken!: () => void
    let finish!: () => void
    const taken = new Promise<void>((resolve) => (lockTaken = resolve))
    const done = new Promise<void>((resolve) => (finish = resolve))
    const owner = t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${orderId} for update`)
      lockTaken()
      await done
      await tx.execute(sql`update orders set status = 'confirmed' where id = ${orderId}`)
    })
    await taken
    const sweep = expiredReservations(mail, 'America/Chicago', () => {})
    await t.handle.db.transaction((tx) => sweep.run(tx, new Date(until + HOUR), 1000))
    finish()
    await owner
    expect((await orderOf(orderId)).status).toBe('confirmed')
    expect((await pieceOf(piece.id)).status).toBe('reserved')
  })

  it('can be extended by the owner, which also re-arms the reminder', async () => {
    const email = 'ada.extend@example.com'
    const { orderId } = await orderNewPiece(email)
    const until = (await reservedUntil(orderId)).getTime()
    await jobsAt(new Date(until - 23 * HOUR))
    expect(await mailsTo(email, 'reservation-reminder')).toHaveLength(1)

    const extended = await adminPatch(`/api/orders/${orderId}/reservation`, { hours: 48 })
    expect(extended.statusCode).toBe(200)
    const newUntil = (await reservedUntil(orderId)).getTime()
    expect(newUntil).toBe(until + 48 * HOUR)
    expect((extended.json() as AdminOrder).reservedUntil).toBe(new Date(newUntil).toISOString())
    const trail = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
    expect(trail.find((event) => event.message.startsWith('Reservation extended to'))).toMatchObject({
      actor: 'owner',
      kind: 'reservation',
    })

    await jobsAt(new Date(until + HOUR)) // the old end has passed: still held
    expect((await orderOf(orderId)).status).toBe('pending')
    await jobsAt(new Date(newUntil - 23 * HOUR))
    expect(await mailsTo(email, 'reservation-reminder')).toHaveLength(2)
  })

  it('refuses an extension that is not the owner’s, not a number of hours, or of no reservation', async () => {
    const { orderId } = await orderNewPiece('ada.refused@example.com')
    const url = `/api/orders/${orderId}/reservation`
    expect((await t.app.inject({ method: 'PATCH', url, payload: { hours: 24 } })).statusCode).toBe(401)
    for (const hours of [0, -5, 'soon', 24 * 31]) {
      const refused = await adminPatch(url, { hours })
      expect(refused.statusCode).toBe(400)
    }
    expect((await adminPatch(url, {})).json()).toMatchObject({
      message: expect.stringContaining('Choose how long to extend the reservation'),
    })
    expect((await adminPatch(url, { hours: 24, extra: 1 })).statusCode).toBe(400)
    expect((await adminPatch('/api/orders/999999/reservation', { hours: 24 })).statusCode).toBe(404)

    await adminPatch(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
    const paid = await adminPatch(url, { hours: 24 })
    expect(paid.statusCode).toBe(409)
    expect(paid.json()).toMatchObject({
      message:
        'Only an order awaiting its first payment, without a payment plan, holds a reservation to extend',
    })
  })

  it('gives way to a plan, and starts afresh when the plan is removed', async () => {
    const { orderId } = await orderNewPiece('ada.replan@example.com')
    const firstEnd = (await reservedUntil(orderId)).getTime()
    const plan = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/plan`,
      payload: { depositAmount: 12_000, installments: [{ amount: 40_000, dueDate: '2099-01-01' }] },
      headers: { cookie: admin },
    })
    expect(plan.statusCode).toBe(200)
    expect((await orderOf(orderId)).reservedUntil).toBeNull()
    expect((plan.json() as AdminOrder).reservedUntil).toBeNull()

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}/plan`,
      headers: { cookie: admin },
    })
    expect(removed.statusCode).toBe(200)
    const restarted = (await reservedUntil(orderId)).getTime()
    expect(restarted).toBeGreaterThanOrEqual(firstEnd)
    expect(restarted).toBeLessThanOrEqual(Date.now() + 72 * HOUR + 5_000)
    const trail = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
    expect(trail.at(-1)).toMatchObject({ kind: 'reservation', actor: 'owner' })
    expect(trail.at(-1)!.message).toMatch(/^Pieces held until /)
    await jobsAt(new Date(restarted - HOUR))
    expect((await orderOf(orderId)).status).toBe('pending')
  })

  it('sends no reminder when the whole hold is a day or less (the confirmation said it all)', async () => {
    const email = 'ada.short@example.com'
    const { orderId } = await orderNewPiece(email)
    const placedAt = (await orderOf(orderId)).createdAt.getTime()
    const end = new Date(placedAt + 20 * HOUR)
    await t.handle.db.update(orders).set({ reservedUntil: end }).where(eq(orders.id, orderId))
    await jobsAt(new Date(end.getTime() - 10 * HOUR))
    expect(await mailsTo(email, 'reservation-reminder')).toHaveLength(0)
  })

  it('ends orders sharing pieces with a checkout at the same moment without a deadlock', async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('needs two connections at once')
    const first = await insertProduct(t.handle.db, { price: 21_000, stockQuantity: 2 })
    const second = await insertProduct(t.handle.db, { price: 22_000, stockQuantity: 2 })
    const place = async (email: string, piece: typeof first) => {
      const placed = await placeZelleOrder(t.app, [piece], { email })
      return (placed.json() as { id: number }).id
    }
    // The job takes the earlier order first: the one holding the higher-numbered piece.
    const early = await place('ada.lock1@example.com', second)
    const late = await place('ada.lock2@example.com', first)
    const past = Date.now() - HOUR
    await t.handle.db
      .update(orders)
      .set({ reservedUntil: new Date(past) })
      .where(eq(orders.id, early))
    await t.handle.db
      .update(orders)
      .set({ reservedUntil: new Date(past + 1000) })
      .where(eq(orders.id, late))

    // Another transaction takes the pieces in id order, as checkout does, with the job between.
    let firstLocked!: () => void
    const locked = new Promise<void>((resolve) => (firstLocked = resolve))
    const checkout = t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${first.id} for update`)
      firstLocked()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await tx.execute(sql`select id from products where id = ${second.id} for update`)
    })
    await locked
    const sweep = expiredReservations(mail, 'America/Chicago', () => {})
    const job = t.handle.db.transaction((tx) => sweep.run(tx, new Date(), 1000))
    await expect(Promise.all([checkout, job])).resolves.toBeDefined()
    expect((await orderOf(early)).status).toBe('cancelled')
    expect((await orderOf(late)).status).toBe('cancelled')
    expect(await pieceOf(first.id)).toMatchObject({ stockQuantity: 2, status: 'available' })
  })

  it('lets go of its holders when the order is deleted outright', async () => {
    const { orderId } = await orderNewPiece('ada.deleted@example.com')
    const holders = () => t.handle.db.select().from(unpaidHolds).where(eq(unpaidHolds.orderId, orderId))
    expect(await holders()).toHaveLength(2)
    await t.handle.db.delete(orders).where(eq(orders.id, orderId))
    expect(await holders()).toEqual([])
  })

  it('is not taken by a card order, which is paid', async () => {
    const piece = await insertProduct(t.handle.db, { price: 30_000 })
    const card = await placeCardOrder(t.app, piece, { ...checkoutForm, email: 'ada.card@example.com' })
    expect(card.statusCode).toBe(200)
    const placed = await orderOf((card.json() as { id: number }).id)
    expect(placed).toMatchObject({ paymentStatus: 'paid', reservedUntil: null })
    expect(await t.handle.db.select().from(unpaidHolds).where(eq(unpaidHolds.orderId, placed.id))).toEqual([])
  })
})

describe('the reservation jobs of the running shop', () => {
  let quick: TestApp
  beforeAll(async () => {
    quick = await createTestApp({ env: { RESERVATION_HOURS: '0.0002' } }) // 0.72 s
  })
  afterAll(() => quick.close())

  it('end a reservation on the real clock and show the piece for sale again', async () => {
    const piece = await insertProduct(quick.handle.db, { price: 18_000 })
    const listed = async () => {
      const listing = await quick.app.inject({ method: 'GET', url: '/api/products?limit=100' })
      const items = listing.json() as
        | { id: number; status: string }[]
        | { products: { id: number; status: string }[] }
      const list = Array.isArray(items) ? items : items.products
      return list.find((item) => item.id === piece.id)?.status
    }
    expect(await listed()).toBe('available')
    const placed = await placeZelleOrder(quick.app, [piece])
    expect(placed.statusCode).toBe(200)
    expect(await listed()).toBe('reserved') // and now cached as such

    await new Promise((resolve) => setTimeout(resolve, 900))
    const counts = await quick.app.reservationJobs.runOnce()
    expect(counts).toMatchObject({ 'expired reservations': 1 })
    expect(await listed()).toBe('available')
  })
})

describe('the limit on orders awaiting payment', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ env: { MAX_OPEN_UNPAID_ORDERS: '2' } })
  })
  afterAll(() => limited.close())

  async function order(email: string, remoteAddress: string) {
    const piece = await insertProduct(limited.handle.db, { price: 9_000 })
    const response = await placeZelleOrder(limited.app, [piece], { email, shippingCost: 695, remoteAddress })
    return { response, piece }
  }

  it('refuses a third by the same e-mail address or from the same client, writing nothing', async () => {
    expect((await order('lim@example.com', '10.1.0.1')).response.statusCode).toBe(200)
    expect((await order('LIM@example.com', '10.1.0.2')).response.statusCode).toBe(200)

    const byEmail = await order('lim@example.com', '10.1.0.3')
    expect(byEmail.response.statusCode).toBe(429)
    expect(byEmail.response.json()).toMatchObject({ message: tooManyUnpaidOrders(2) })
    const [untouched] = await limited.handle.db
      .select()
      .from(products)
      .where(eq(products.id, byEmail.piece.id))
    expect(untouched).toMatchObject({ status: 'available', stockQuantity: 1 })
    // The two accepted orders, whatever the case of the address; the refused one wrote nothing.
    const written = await limited.handle.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'lim@example.com'))
    expect(written).toHaveLength(2)

    expect((await order('other@example.com', '10.1.0.9')).response.statusCode).toBe(200)
    expect((await order('another@example.com', '10.1.0.9')).response.statusCode).toBe(200)
    const byClient = await order('third@example.com', '10.1.0.9')
    expect(byClient.response.statusCode).toBe(429)

    // A stranger elsewhere is not held back by either.
    expect((await order('stranger@example.com', '10.1.0.77')).response.statusCode).toBe(200)
  })

  it('gives a retried submission its order back rather than refusing it', async () => {
    const piece = await insertProduct(limited.handle.db, { price: 9_500 })
    const submission = zelleOrderBody([piece], {
      email: 'retry@example.com',
      shippingCost: 695,
      fields: { idempotencyKey: 'retry-at-the-limit' },
    })
    await order('retry@example.com', '10.3.0.1')
    const send = () => postCheckout(limited.app, submission, { remoteAddress: '10.3.0.2' })
    const placed = await send()
    expect(placed.statusCode).toBe(200)
    const again = await send() // the limit is reached now, but this is the same order
    expect(again.statusCode).toBe(200)
    // The same order; its status link is signed afresh (its expiry counts from this answer, so
    // two answers a second apart carry different keys, both good).
    const { statusKey: placedKey, ...placedOrder } = placed.json() as { statusKey: string }
    const { statusKey: againKey, ...againOrder } = again.json() as { statusKey: string }
    expect(againOrder).toEqual(placedOrder)
    expect(againKey.split('.')[0]! >= placedKey.split('.')[0]!).toBe(true)
    // …and holds nothing more: one order, its two holders.
    const held = await limited.handle.db
      .select()
      .from(unpaidHolds)
      .where(eq(unpaidHolds.orderId, (placed.json() as { id: number }).id))
    expect(held.map((row) => row.holder).sort()).toEqual(['address:10.3.0.2', 'email:retry@example.com'])
  })

  it("releases an order's holders, client address included, once it is paid or moved on", async () => {
    const cookie = await adminCookie(limited.app, limited.handle.db)
    const holdersOf = async (orderId: number) =>
      (await limited.handle.db.select().from(unpaidHolds).where(eq(unpaidHolds.orderId, orderId)))
        .map((row) => row.holder)
        .sort()
    const paying = (await order('Forget@Example.com', '10.4.0.1')).response.json() as { id: number }
    const handled = (await order('handled@example.com', '10.4.0.2')).response.json() as { id: number }
    expect(await holdersOf(paying.id)).toEqual(['address:10.4.0.1', 'email:forget@example.com'])

    const payment = await limited.app.inject({
      method: 'PATCH',
      url: `/api/orders/${paying.id}/payment`,
      payload: { paymentStatus: 'partial', amount: 1_000 },
      headers: { cookie },
    })
    expect(payment.statusCode).toBe(200)
    expect(await holdersOf(paying.id)).toEqual([])
    const cancelled = await limited.app.inject({
      method: 'PATCH',
      url: `/api/orders/${handled.id}/status`,
      payload: { status: 'cancelled' },
      headers: { cookie },
    })
    expect(cancelled.statusCode).toBe(200)
    expect(await holdersOf(handled.id)).toEqual([])
  })

  it('counts only orders still awaiting payment', async () => {
    const cookie = await adminCookie(limited.app, limited.handle.db)
    const first = await order('pays@example.com', '10.2.0.1')
    await order('pays@example.com', '10.2.0.2')
    expect((await order('pays@example.com', '10.2.0.3')).response.statusCode).toBe(429)
    const paid = await limited.app.inject({
      method: 'PATCH',
      url: `/api/orders/${(first.response.json() as { id: number }).id}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie },
    })
    expect(paid.statusCode).toBe(200)
    expect((await order('pays@example.com', '10.2.0.3')).response.statusCode).toBe(200)
  })
})
