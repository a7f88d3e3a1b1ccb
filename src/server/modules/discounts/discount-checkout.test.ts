import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRICES_CHANGED } from '../../../shared/checkout/schema'
import { adminCookie, checkoutForm, insertProduct, postCheckout, zelleOrderBody } from '../../test/factories'
import { cookieHeader, registerCustomer, shopForFile } from '../../test/helpers'
import { sales } from '../ledger/schema'
import { orderItems, orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'
import { discountCodes } from './schema'

// Checkout with a discount code (issue 25): the money rules in checkout's single statement.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

let counter = 0
async function createCode(fields: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    payload: { code: `SAVE${++counter}`, kind: 'percent', value: 10, ...fields },
    headers: { cookie: admin },
  })
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json() as { id: number; code: string }
}

type Piece = { id: number; price: number }

/** What the storefront sends: subtotal − discount + shipping, free shipping from $150 after the discount. */
const submission = (pieces: [Piece, number][], code: string | undefined, discount: number, extra = {}) =>
  zelleOrderBody(pieces, { discountCode: code, discount, fields: extra })

const checkout = (payload: Record<string, unknown>, cookie?: string) =>
  postCheckout(t.app, payload, { cookie })
const usesOf = async (id: number) =>
  (await t.handle.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses
const orderRow = async (id: number) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!
const orderCount = async () =>
  (await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n

describe('checkout with a discount code', () => {
  it('takes a percentage rounded to the cent, keeps the code on the order and spreads it over the lines', async () => {
    const code = await createCode({ kind: 'percent', value: 15 })
    const a = await insertProduct(t.handle.db, { price: 33_333 })
    const b = await insertProduct(t.handle.db, { price: 11_111, stockQuantity: 3 })
    const { cookie } = await registerCustomer(t.app)
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: a.id },
      headers: { cookie },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/discount',
      payload: { code: code.code },
      headers: { cookie },
    })
    // 15% of $555.55 = $83.3325 → $83.33.
    const response = await checkout(
      submission(
        [
          [a, 1],
          [b, 2],
        ],
        code.code.toLowerCase(),
        8_333,
      ),
      cookie,
    )
    expect(response.statusCode).toBe(200)
    const order = await orderRow(response.json().id)
    expect(order).toMatchObject({
      subtotal: 55_555,
      discount: 8_333,
      discountCode: code.code,
      shippingCost: 0,
      total: 47_222,
      discountCodeId: code.id,
    })
    const lines = await t.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(lines.reduce((sum, line) => sum + line.discount, 0)).toBe(8_333)
    expect(lines.find((line) => line.productId === a.id)!.discount).toBe(5_000)
    expect(await usesOf(code.id)).toBe(1)
    const seen = { discountCode: code.code, discount: 8_333, total: 47_222 }
    const adminView = await t.app.inject({
      url: `/api/admin/orders?search=${order.id}`,
      headers: { cookie: admin },
    })
    expect(adminView.json().items).toEqual([expect.objectContaining(seen)])
    const shopperView = await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })
    expect(shopperView.json()).toMatchObject(seen)
    const after = await t.app.inject({ url: '/api/cart', headers: { cookie } })
    expect(after.json().discountCode).toBeUndefined()
  })

  it('judges free shipping on the subtotal after the discount', async () => {
    const code = await createCode({ kind: 'fixed', value: 2_000 })
    const piece = await insertProduct(t.handle.db, { price: 16_000 })
    const response = await checkout(submission([[piece, 1]], code.code, 2_000))
    expect(response.statusCode).toBe(200)
    expect(await orderRow(response.json().id)).toMatchObject({
      subtotal: 16_000,
      discount: 2_000,
      shippingCost: 695,
      total: 14_695,
    })
  })

  it('takes a fixed amount at most the subtotal', async () => {
    const code = await createCode({ kind: 'fixed', value: 90_000 })
    const piece = await insertProduct(t.handle.db, { price: 5_000 })
    const response = await checkout(submission([[piece, 1]], code.code, 5_000))
    expect(response.statusCode).toBe(200)
    expect(await orderRow(response.json().id)).toMatchObject({
      discount: 5_000,
      shippingCost: 695,
      total: 695,
    })
  })

  it('refuses a total or a discount that disagrees with 409 and writes nothing', async () => {
    const code = await createCode({ kind: 'percent', value: 10 })
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const before = await orderCount()
    const cases = [
      submission([[piece, 1]], code.code, 1_000),
      { ...submission([[piece, 1]], code.code, 2_000), total: 18_500 },
      submission([[piece, 1]], undefined, 2_000),
    ]
    for (const body of cases) {
      const response = await checkout(body)
      expect(response.statusCode).toBe(409)
      expect(response.json().message).toBe(PRICES_CHANGED)
    }
    expect(await orderCount()).toBe(before)
    expect(await usesOf(code.id)).toBe(0)
  })

  it('prices a code sent without its discount itself, and checks the total only', async () => {
    const code = await createCode({ kind: 'percent', value: 10 })
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const { discount: _omitted, ...withoutDiscount } = submission([[piece, 1]], code.code, 2_000)
    // A wrong total is still refused, and writes nothing.
    const wrong = await checkout({ ...withoutDiscount, total: withoutDiscount.total - 1 })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json().message).toBe(PRICES_CHANGED)
    expect(await usesOf(code.id)).toBe(0)
    const response = await checkout(withoutDiscount)
    expect(response.statusCode).toBe(200)
    expect(await orderRow(response.json().id)).toMatchObject({
      subtotal: 20_000,
      discount: 2_000,
      total: 18_000,
    })
    expect(await usesOf(code.id)).toBe(1)
  })

  it('refuses a code that can no longer be used with its reason, and places nothing', async () => {
    const usedUp = await createCode({ maxUses: 1 })
    await t.handle.db.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, usedUp.id))
    const expired = await createCode({ endsAt: new Date(Date.now() - 60_000).toISOString() })
    const minimum = await createCode({ minSubtotal: 50_000 })
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const before = await orderCount()
    const cases: [string, string][] = [
      [usedUp.code, 'This discount code has been used up'],
      [expired.code, 'This discount code has expired'],
      [minimum.code, 'Spend $500.00 to use this code'],
      ['GONE-CODE', 'This discount code does not exist'],
    ]
    for (const [code, message] of cases) {
      const response = await checkout(submission([[piece, 1]], code, 2_000))
      expect(response.statusCode, code).toBe(409)
      expect(response.json().message).toBe(message)
    }
    expect(await orderCount()).toBe(before)
  })

  it('books sale rows net of each line’s share when a discounted Zelle order is paid', async () => {
    const code = await createCode({ kind: 'fixed', value: 3_001 })
    const a = await insertProduct(t.handle.db, { price: 20_000, cost: 8_000 })
    const b = await insertProduct(t.handle.db, { price: 10_000, cost: 4_000 })
    const placed = await checkout(
      submission(
        [
          [a, 1],
          [b, 1],
        ],
        code.code,
        3_001,
      ),
    )
    const orderId = placed.json().id
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie: admin },
    })
    expect(paid.statusCode).toBe(200)
    const rows = await t.handle.db.select().from(sales).where(eq(sales.orderId, orderId))
    const byProduct = new Map(rows.map((row) => [row.productId, row]))
    // $30.01 over $200 and $100: $20.01 and $10.00, summing to the discount exactly.
    expect(byProduct.get(a.id)).toMatchObject({ salePrice: 17_999, cost: 8_000, profit: 9_999 })
    expect(byProduct.get(b.id)).toMatchObject({ salePrice: 9_000, cost: 4_000, profit: 5_000 })
    expect(rows.reduce((sum, row) => sum + row.salePrice, 0)).toBe(30_000 - 3_001)
  })

  it('books a card order’s sale rows net of the discount, the intent charging the discounted total', async () => {
    const code = await createCode({ kind: 'percent', value: 20 })
    const piece = await insertProduct(t.handle.db, { price: 25_000, cost: 10_000 })
    const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 20_000, currency: 'usd', form: checkoutForm, items, discountCode: code.code },
    })
    expect(intent.statusCode).toBe(200)
    const { paymentIntentId } = intent.json()
    await (t.app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
    const response = await checkout(
      {
        ...submission([[piece, 1]], code.code, 5_000),
        paymentMethod: 'stripe',
        paymentIntentId,
      },
      cookieHeader(intent),
    )
    expect(response.statusCode).toBe(200)
    const orderId = response.json().id
    expect(await orderRow(orderId)).toMatchObject({ discount: 5_000, total: 20_000, paymentStatus: 'paid' })
    const [sale] = await t.handle.db.select().from(sales).where(eq(sales.orderId, orderId))
    expect(sale).toMatchObject({ salePrice: 20_000, cost: 10_000, profit: 10_000 })
    expect(await usesOf(code.id)).toBe(1)
  })

  it('gives the use back when an order that never shipped is cancelled, not after shipping', async () => {
    const code = await createCode({ maxUses: 5 })
    const first = await insertProduct(t.handle.db, { price: 20_000 })
    const second = await insertProduct(t.handle.db, { price: 20_000 })
    const one = (await checkout(submission([[first, 1]], code.code, 2_000))).json().id
    const two = (await checkout(submission([[second, 1]], code.code, 2_000))).json().id
    expect(await usesOf(code.id)).toBe(2)
    const patch = (url: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url, payload, headers: { cookie: admin } })

    expect((await patch(`/api/orders/${one}/status`, { status: 'cancelled' })).statusCode).toBe(200)
    expect(await usesOf(code.id)).toBe(1)

    await patch(`/api/orders/${two}/payment`, { paymentStatus: 'paid' })
    await patch(`/api/orders/${two}/status`, { status: 'preparing' })
    const shipped = await patch(`/api/orders/${two}/status`, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
    })
    expect(shipped.statusCode).toBe(200)
    expect((await patch(`/api/orders/${two}/status`, { status: 'cancelled' })).statusCode).toBe(200)
    expect(await usesOf(code.id)).toBe(1)
    // The order keeps what it was sold with, whatever happened to the use.
    expect(await orderRow(one)).toMatchObject({ discountCode: code.code, discount: 2_000 })
  })

  it('keeps maxUses exact under concurrency: ten checkouts, one discounted order', async () => {
    const code = await createCode({ kind: 'percent', value: 10, maxUses: 1 })
    const pieces = await Promise.all(
      Array.from({ length: 10 }, () => insertProduct(t.handle.db, { price: 20_000 })),
    )
    const before = await orderCount()
    const responses = await Promise.all(
      pieces.map((piece, index) =>
        checkout(submission([[piece, 1]], code.code, 2_000, { email: `racer${index}@example.com` })),
      ),
    )
    const placed = responses.filter((response) => response.statusCode === 200)
    const refused = responses.filter((response) => response.statusCode !== 200)
    expect(placed).toHaveLength(1)
    expect(refused.map((response) => [response.statusCode, response.json().message])).toEqual(
      Array.from({ length: 9 }, () => [409, 'This discount code has been used up']),
    )
    expect(await orderCount()).toBe(before + 1)
    expect(await usesOf(code.id)).toBe(1)
    expect(await orderRow(placed[0]!.json().id)).toMatchObject({ discount: 2_000, total: 18_000 })
  })

  it('gives the use back on a full refund before shipping, not on a partial one', async () => {
    const code = await createCode({ kind: 'fixed', value: 1_000 })
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const orderId = (await checkout(submission([[piece, 1]], code.code, 1_000))).json().id
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie: admin },
    })
    expect(paid.statusCode).toBe(200)
    expect(await usesOf(code.id)).toBe(1)
    const refund = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refunds`,
        payload: { amount, reason: 'Changed their mind' },
        headers: { cookie: admin },
      })
    const first = await refund(5_000)
    expect(first.statusCode, first.body).toBe(201)
    expect(await usesOf(code.id)).toBe(1)
    // The rest of what was paid: $190.00 (free shipping) − $50.00 already back.
    expect((await refund(20_000 - 1_000 - 5_000)).statusCode).toBe(201)
    expect(await usesOf(code.id)).toBe(0)
  })
})
