import { beforeAll, describe, expect, it } from 'vitest'
import { CODE_TRIES, tooManyCodeTries } from '../../../shared/discounts/schema'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { cookieHeader, shopForFile } from '../../test/helpers'

// Discount codes cannot be guessed at speed (issue 31): about 10 wrong codes in 10 minutes per
// client address and per session, wrong codes at checkout counted the same, then a 429 naming
// when to try again that refuses a right code too.

const t = shopForFile({ rateLimits: true })
let right: string
beforeAll(async () => {
  const admin = await adminCookie(t.app, t.handle.db)
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    payload: { code: 'JADE20', kind: 'percent', value: 20 },
    headers: { cookie: admin },
  })
  expect(created.statusCode).toBe(201)
  right = created.json().code
})

/** A new visitor from this address with a piece in the cart: their session cookie. */
async function shopper(remoteAddress: string): Promise<string> {
  const piece = await insertProduct(t.handle.db, { price: 10_000 })
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    payload: { productId: piece.id },
    remoteAddress,
  })
  expect(added.statusCode).toBe(200)
  return cookieHeader(added)
}

const apply = (code: string, cookie: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/discount',
    payload: { code },
    headers: { cookie },
    remoteAddress,
  })

describe('trying discount codes', () => {
  it('refuses an address after 10 wrong codes, a right one too, with a 429 naming when to retry', async () => {
    const address = '10.40.0.1'
    const cookie = await shopper(address)
    for (let guess = 0; guess < CODE_TRIES.max; guess += 1) {
      const wrong = await apply(`GUESS${guess}`, cookie, address)
      expect(wrong.statusCode).toBe(400)
    }
    const over = await apply('GUESS-MORE', cookie, address)
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toBe(tooManyCodeTries(CODE_TRIES.windowMs))
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500)
    const rightButOver = await apply(right, cookie, address)
    expect(rightButOver.statusCode).toBe(429)
    // Another session from the same address is the same guesser.
    expect((await apply(right, await shopper(address), address)).statusCode).toBe(429)
    // Another shopper elsewhere is not.
    expect((await apply(right, await shopper('10.40.0.2'), '10.40.0.2')).statusCode).toBe(200)
  })

  it('refuses a session that changes address', async () => {
    const cookie = await shopper('10.41.0.1')
    for (let guess = 0; guess < CODE_TRIES.max; guess += 1) {
      expect((await apply(`NOPE${guess}`, cookie, `10.41.1.${guess}`)).statusCode).toBe(400)
    }
    expect((await apply(right, cookie, '10.41.2.1')).statusCode).toBe(429)
  })

  it('never counts a right code', async () => {
    const address = '10.42.0.1'
    const cookie = await shopper(address)
    for (let attempt = 0; attempt < CODE_TRIES.max + 3; attempt += 1) {
      expect((await apply(right, cookie, address)).statusCode).toBe(200)
    }
    expect((await apply('WRONG', cookie, address)).statusCode).toBe(400)
  })

  it('counts a wrong code sent with a checkout', async () => {
    const address = '10.43.0.1'
    const piece = await insertProduct(t.handle.db, { price: 10_000 })
    // A Zelle checkout naming the code, at the total without a discount.
    const order = (code: string) =>
      placeZelleOrder(t.app, [piece], { discountCode: code, shippingCost: 695, remoteAddress: address })
    for (let guess = 0; guess < CODE_TRIES.max; guess += 1) {
      const response = await order(`CHECKOUT${guess}`)
      expect(response.statusCode).toBe(409)
    }
    const over = await order(right)
    expect(over.statusCode).toBe(429)
    expect((await apply(right, await shopper(address), address)).statusCode).toBe(429)
  })

  it('counts a wrong code named with a card payment, and lets a right one through', async () => {
    const address = '10.44.0.1'
    const piece = await insertProduct(t.handle.db, { price: 10_000 })
    const intent = (code: string, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: {
          amount,
          items: [{ productId: piece.id, quantity: 1, price: piece.price }],
          discountCode: code,
        },
        remoteAddress: address,
      })
    // 20% off $100, with $6.95 shipping.
    expect((await intent(right, 8_695)).statusCode).toBe(200)
    for (let guess = 0; guess < CODE_TRIES.max; guess += 1) {
      expect((await intent(`CARD${guess}`, 10_695)).statusCode).toBe(409)
    }
    expect((await intent(right, 8_695)).statusCode).toBe(429)
  })
})
