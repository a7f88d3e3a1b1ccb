import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import type { Refund } from '../../../shared/orders/refunds'
import type { SalesPage } from '../../../shared/sales/schema'
import {
  adminCookie,
  checkoutForm,
  insertProduct,
  placeCardOrder,
  placeZelleOrder,
} from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { emailOutbox } from '../mail/schema'
import { orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { refunds, sales } from './schema'

// Refunds and returns (issue 23): money paid back beside the payments, pieces back on sale, their
// sales out of the ledger, in one transaction that never pays back more than came in.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

// The buyer the refund notices are sent to.
const form = { ...checkoutForm, firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com' }

/** A Zelle order for two new pieces ($200 and $300, costs $80 and $100), paid in full by the owner. */
async function paidZelleOrder() {
  const first = await insertProduct(t.handle.db, { price: 20_000, cost: 8_000, name: 'Imperial Bangle' })
  const second = await insertProduct(t.handle.db, { price: 30_000, cost: 10_000, name: 'Lavender Pendant' })
  const placed = await placeZelleOrder(t.app, [first, second], { fields: form })
  expect(placed.statusCode).toBe(200)
  const orderId = (placed.json() as { id: number }).id
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/payment`,
    payload: { paymentStatus: 'paid' },
    headers: { cookie: admin },
  })
  expect(paid.statusCode).toBe(200)
  return { orderId, first, second }
}

const refund = (orderId: number, payload: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload, headers: { cookie } })
const adminOrder = async (orderId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders?search=%23${orderId}`,
    headers: { cookie: admin },
  })
  return (response.json() as { items: AdminOrder[] }).items[0]!
}
const piece = async (id: number) => (await t.handle.db.select().from(products).where(eq(products.id, id)))[0]!
const salesOf = (orderId: number) => t.handle.db.select().from(sales).where(eq(sales.orderId, orderId))
const refundRows = (orderId: number) => t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
const ledger = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/sales?period=all',
    headers: { cookie: admin },
  })
  return (response.json() as SalesPage).summary
}
const refundMails = (orderId: number) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'order-refunded'), sql`${emailOutbox.textBody} like ${`%#${orderId}%`}`))

describe('who may refund', () => {
  it('answers 401 to anonymous and 403 to a customer, and 404 for an unknown order', async () => {
    const { orderId } = await paidZelleOrder()
    const payload = { amount: 1_000, reason: 'Goodwill' }
    expect((await refund(orderId, payload, '')).statusCode).toBe(401)
    const customer = await registerCustomer(t.app)
    expect((await refund(orderId, payload, customer.cookie)).statusCode).toBe(403)
    expect((await refund(999_999, payload)).statusCode).toBe(404)
    expect(await refundRows(orderId)).toEqual([])
  })

  it('needs a positive amount in cents and a reason', async () => {
    const { orderId } = await paidZelleOrder()
    const noReason = await refund(orderId, { amount: 1_000, reason: '  ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().message).toBe('Please give a reason for the refund')
    expect((await refund(orderId, { amount: 0, reason: 'x' })).statusCode).toBe(400)
    expect((await refund(orderId, { amount: 10.5, reason: 'x' })).statusCode).toBe(400)
  })
})

describe('a partial refund', () => {
  it('books a row, keeps the order paid, writes the trail and e-mails the shopper where the money goes', async () => {
    const { orderId, first, second } = await paidZelleOrder()
    const before = await ledger()
    const response = await refund(orderId, { amount: 2_500, reason: 'Scratch on the clasp' })
    expect(response.statusCode).toBe(201)
    const created = response.json() as Refund
    expect(created).toMatchObject({
      amount: 2_500,
      method: 'zelle',
      reason: 'Scratch on the clasp',
      restockedProductIds: [],
    })

    const order = await adminOrder(orderId)
    expect(order).toMatchObject({ refundedAmount: 2_500, paymentStatus: 'paid', amountPaid: 50_000 })
    expect(order.refunds).toEqual([created])
    expect(order.events.map((line) => line.message)).toContain(
      '$25.00 refunded by zelle: Scratch on the clasp. Paid in Full',
    )
    expect(order.events.find((line) => line.kind === 'refund')!.actor).toBe('owner')
    // No piece came back: both stay sold and the ledger keeps both sales, less the money paid
    // back (a refund line: sales/refund-lines.test.ts).
    expect((await piece(first.id)).status).toBe('sold')
    expect((await piece(second.id)).status).toBe('sold')
    expect(await salesOf(orderId)).toHaveLength(2)
    const after = await ledger()
    expect(after.totalSales).toBe(before.totalSales - 2_500)
    expect(after.transactions).toBe(before.transactions)
    expect(after.refunds).toEqual({
      amount: before.refunds.amount + 2_500,
      count: before.refunds.count + 1,
    })

    const [mail] = await refundMails(orderId)
    expect(mail).toMatchObject({
      toAddress: 'mei@example.com',
      subject: `Refund of $25.00 for your order #${orderId}`,
    })
    expect(mail!.textBody).toContain('by Zelle, to the same phone number or e-mail you paid from')
  })
})

describe('a return', () => {
  it('puts the returned piece back on sale and takes exactly its sale out of the ledger', async () => {
    const { orderId, first, second } = await paidZelleOrder()
    const before = await ledger()
    const response = await refund(orderId, { amount: 20_000, reason: 'Too small', restock: [first.id] })
    expect(response.statusCode).toBe(201)

    expect(await piece(first.id)).toMatchObject({
      status: 'available',
      stockQuantity: 1,
      soldAt: null,
      soldPrice: null,
    })
    expect((await piece(second.id)).status).toBe('sold')
    expect((await salesOf(orderId)).map((sale) => sale.productId)).toEqual([second.id])
    const after = await ledger()
    // The bangle's line: $200 sale, $120 profit.
    expect(after.totalSales).toBe(before.totalSales - 20_000)
    expect(after.totalProfit).toBe(before.totalProfit - 12_000)
    expect(after.transactions).toBe(before.transactions - 1)

    // Back on the storefront.
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${first.id}` })
    expect(shown.json()).toMatchObject({ status: 'available' })

    const order = await adminOrder(orderId)
    expect(order).toMatchObject({ refundedAmount: 20_000, paymentStatus: 'paid' })
    expect(order.refunds.map((row) => row.restockedProductIds)).toEqual([[first.id]])
    expect(order.events.map((line) => line.message)).toContain(
      '$200.00 refunded by zelle: Too small. Back on sale: Imperial Bangle. Paid in Full',
    )
    const [mail] = await refundMails(orderId)
    expect(mail!.textBody).toContain('Returned: Imperial Bangle')

    // A piece comes back once; a product that is not on the order is no piece to return.
    const twice = await refund(orderId, { amount: 100, reason: 'Again', restock: [first.id] })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('Imperial Bangle was already returned')
    const stranger = await insertProduct(t.handle.db)
    expect((await refund(orderId, { amount: 100, reason: 'x', restock: [stranger.id] })).statusCode).toBe(400)
    expect(await refundRows(orderId)).toHaveLength(1)
    expect((await piece(first.id)).stockQuantity).toBe(1)
  })

  it('a cancel after a return gives back only the pieces still out', async () => {
    const { orderId, first, second } = await paidZelleOrder()
    await refund(orderId, { amount: 20_000, reason: 'Returned', restock: [first.id] })
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      payload: { status: 'cancelled' },
      headers: { cookie: admin },
    })
    expect(cancelled.statusCode).toBe(200)
    expect((await piece(first.id)).stockQuantity).toBe(1)
    expect(await piece(second.id)).toMatchObject({ status: 'available', stockQuantity: 1 })
  })
})

describe('a full refund', () => {
  it('shows Refunded, and nothing more can be refunded', async () => {
    const { orderId, first, second } = await paidZelleOrder()
    expect((await refund(orderId, { amount: 30_000, reason: 'Part one' })).statusCode).toBe(201)
    const rest = await refund(orderId, {
      amount: 20_000,
      reason: 'Returned both',
      restock: [first.id, second.id],
    })
    expect(rest.statusCode).toBe(201)
    const order = await adminOrder(orderId)
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 50_000 })
    expect(order.refunds.map((row) => row.amount)).toEqual([30_000, 20_000])
    expect(await salesOf(orderId)).toEqual([])

    const more = await refund(orderId, { amount: 1, reason: 'One more cent' })
    expect(more.statusCode).toBe(409)
    expect(more.json().message).toBe('Nothing paid on this order is left to refund')
  })
})

describe('a return from a discounted order (issue 32)', () => {
  it("refunds each piece's paid share, not its price, and no more than was paid for it and the shipping", async () => {
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      payload: { code: 'WALK10', kind: 'percent', value: 10 },
      headers: { cookie: admin },
    })
    expect(code.statusCode).toBe(201)
    const studs = await insertProduct(t.handle.db, { price: 36_000, name: 'Celadon Studs' })
    const bangle = await insertProduct(t.handle.db, { price: 162_900, name: 'Icy Bangle' })
    // $1,989.00 less 10%, as the shopper saw it.
    const placed = await placeZelleOrder(t.app, [studs, bangle], {
      fields: form,
      discountCode: 'WALK10',
      total: 179_010,
    })
    expect(placed.statusCode, placed.body).toBe(200)
    const orderId = (placed.json() as { id: number }).id
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie: admin },
    })
    const order = await adminOrder(orderId)
    // 10 % off each line: the studs were paid $324.00, not $360.00.
    expect(order.items.find((item) => item.productId === studs.id)).toMatchObject({
      price: 36_000,
      discount: 3_600,
    })

    const over = await refund(orderId, { amount: 36_000, reason: 'Returned unworn.', restock: [studs.id] })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      message: 'The refund exceeds the $324.00 paid for the returned pieces',
    })
    expect(await refundRows(orderId)).toHaveLength(0)

    const right = await refund(orderId, { amount: 32_400, reason: 'Returned unworn.', restock: [studs.id] })
    expect(right.statusCode).toBe(201)
    const after = await adminOrder(orderId)
    expect(after.refundedAmount).toBe(32_400)
    const line = after.events.find((event) => event.kind === 'refund')!.message
    expect(line).toContain('Returned unworn. Back on sale: Celadon Studs')
    expect(line).not.toContain('..')
    // The ledger books what the shop kept: $1,790.10 paid less $324.00 back, the bangle's net sale.
    const sold = await salesOf(orderId)
    expect(sold.reduce((sum, row) => sum + row.salePrice, 0)).toBe(179_010 - 32_400)
  })
})

describe('two returns from one order', () => {
  it('refund the shipping once', async () => {
    const ring = await insertProduct(t.handle.db, { price: 5_000, name: 'Jade Ring' })
    const charm = await insertProduct(t.handle.db, { price: 6_000, name: 'Jade Charm' })
    // Kept by the shopper: what is left to refund overall would allow the shipping twice.
    const bead = await insertProduct(t.handle.db, { price: 3_000, name: 'Jade Bead' })
    const placed = await placeZelleOrder(t.app, [ring, charm, bead], { fields: form, shippingCost: 695 })
    expect(placed.statusCode, placed.body).toBe(200)
    const orderId = (placed.json() as { id: number }).id
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie: admin },
    })
    expect(
      (await refund(orderId, { amount: 5_695, reason: 'Too small', restock: [ring.id] })).statusCode,
    ).toBe(201)
    const again = await refund(orderId, { amount: 6_695, reason: 'Not for me', restock: [charm.id] })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      message:
        'The refund exceeds the $110.00 paid for the returned pieces and $6.95 shipping, less the $56.95 already refunded on returns',
    })
    expect(
      (await refund(orderId, { amount: 6_000, reason: 'Not for me', restock: [charm.id] })).statusCode,
    ).toBe(201)
  })
})

describe('an over-refund', () => {
  it('is refused with 409 and writes nothing', async () => {
    const { orderId, first } = await paidZelleOrder()
    await refund(orderId, { amount: 10_000, reason: 'First' })
    const before = { order: await adminOrder(orderId), sales: await salesOf(orderId) }
    const response = await refund(orderId, { amount: 40_001, reason: 'Too much', restock: [first.id] })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('The refund exceeds the $400.00 paid and not yet refunded')
    expect(await adminOrder(orderId)).toEqual(before.order)
    expect(await salesOf(orderId)).toEqual(before.sales)
    expect((await piece(first.id)).status).toBe('sold')
    expect(await refundRows(orderId)).toHaveLength(1)
    expect(await refundMails(orderId)).toHaveLength(1)
  })

  it('refuses a refund on an order with no payment', async () => {
    const unpaid = await insertProduct(t.handle.db, { price: 20_000 })
    const placed = await placeZelleOrder(t.app, [unpaid], { fields: form })
    const orderId = (placed.json() as { id: number }).id
    expect((await refund(orderId, { amount: 100, reason: 'x' })).statusCode).toBe(409)
  })
})

describe('concurrent refunds', () => {
  it('never pay back more than came in', async () => {
    const { orderId } = await paidZelleOrder()
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => refund(orderId, { amount: 30_000, reason: `Race ${index}` })),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409])
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order!.refundedAmount).toBe(30_000)
    expect(await refundRows(orderId)).toHaveLength(1)
  })
})

describe('a card refund', () => {
  const provider = () => t.app.paymentProvider as TestPaymentProvider

  it('goes through the provider for the amount, and is recorded with its reference', async () => {
    const pieceOnCard = await insertProduct(t.handle.db, { price: 30_000, cost: 10_000 })
    const placed = await placeCardOrder(t.app, pieceOnCard, form)
    const orderId = (placed.json() as { id: number }).id
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, orderId))

    const response = await refund(orderId, { amount: 7_500, reason: 'Price adjustment' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ amount: 7_500, method: 'stripe' })
    expect(await provider().refundsOf(row!.paymentId!)).toEqual([7_500])
    const [stored] = await refundRows(orderId)
    expect(stored!.providerReference).toMatch(/^re_test_/)
    const [mail] = await refundMails(orderId)
    expect(mail!.textBody).toContain('to the card you paid with')
  })

  it('is on record before the provider answers: a refusal leaves it pending, the return decided', async () => {
    const pieceOnCard = await insertProduct(t.handle.db, { price: 30_000, cost: 10_000 })
    const placed = await placeCardOrder(t.app, pieceOnCard, form)
    const orderId = (placed.json() as { id: number }).id
    provider().failNextRefund('Stripe refused the refund: Your account has insufficient funds.')
    const response = await refund(orderId, { amount: 30_000, reason: 'Returned', restock: [pieceOnCard.id] })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'pending',
      lastError: 'Stripe refused the refund: Your account has insufficient funds.',
    })
    expect(await refundRows(orderId)).toMatchObject([{ status: 'pending', attempts: 1 }])
    // The piece came back when the owner said so; the money counts once the provider made it.
    expect((await piece(pieceOnCard.id)).status).toBe('available')
    expect((await adminOrder(orderId)).paymentStatus).toBe('paid')
  })

  it('may be paid back by another method, recorded by hand', async () => {
    const pieceOnCard = await insertProduct(t.handle.db, { price: 30_000 })
    const placed = await placeCardOrder(t.app, pieceOnCard, form)
    const orderId = (placed.json() as { id: number }).id
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, orderId))
    const response = await refund(orderId, { amount: 1_000, reason: 'Cash at the fair', method: 'cash' })
    expect(response.statusCode).toBe(201)
    expect(await provider().refundsOf(row!.paymentId!)).toEqual([])
  })
})

describe('the return window', () => {
  it('the admin order says when it was delivered', async () => {
    const { orderId } = await paidZelleOrder()
    const step = (status: string, extra: object = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}/status`,
        payload: { status, ...extra },
        headers: { cookie: admin },
      })
    expect((await adminOrder(orderId)).deliveredAt).toBeNull()
    await step('preparing')
    await step('shipped', { trackingNumber: '1Z999AA10123456784' })
    await step('delivered')
    const order = await adminOrder(orderId)
    expect(order.status).toBe('delivered')
    expect(Date.now() - new Date(order.deliveredAt!).getTime()).toBeLessThan(60_000)
  })
})
