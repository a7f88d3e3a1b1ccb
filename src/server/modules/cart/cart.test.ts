import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Cart } from '../../../shared/cart/rules'
import { insertProduct } from '../../test/factories'
import { cookieHeader, registerCustomer, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'

const t = shopForFile()

/** A visitor with a cookie jar: the first cart write starts the guest session. */
function visitor(initialCookie = '') {
  let cookie = initialCookie
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })
    if (response.cookies.length > 0) cookie = cookieHeader(response)
    return response
  }
  return { call, cookie: () => cookie }
}

describe('the cart', () => {
  it('is empty for a new visitor and creates no session just for looking', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cart' })
    expect(response.json()).toEqual({ items: [], subtotal: 0, itemCount: 0 })
    expect(response.cookies).toHaveLength(0)
  })

  it('adds pieces for a guest and totals them', async () => {
    const ring = await insertProduct(t.handle.db, { price: 25_000, stockQuantity: 3 })
    const bangle = await insertProduct(t.handle.db, { price: 100_000 })
    const guest = visitor()
    const first = await guest.call('POST', '/api/cart', { productId: ring.id })
    expect(first.statusCode).toBe(200)
    await guest.call('POST', '/api/cart', { productId: ring.id, quantity: 2 })
    const cart = (await guest.call('POST', '/api/cart', { productId: bangle.id })).json() as Cart
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([
      [ring.id, 3],
      [bangle.id, 1],
    ])
    expect(cart.items[0]!.product).toMatchObject({ name: ring.name, category: 'rings', price: 25_000 })
    expect(cart.itemCount).toBe(4)
    expect(cart.subtotal).toBe(3 * 25_000 + 100_000)
  })

  it.each([
    ['sold', { status: 'sold' as const }, 'This item has been sold'],
    ['reserved', { status: 'reserved' as const }, 'This item is out of stock'],
    ['without stock', { stockQuantity: 0 }, 'This item is out of stock'],
  ])('refuses a piece that is %s with 409', async (_, fields, message) => {
    const piece = await insertProduct(t.handle.db, fields)
    const response = await visitor().call('POST', '/api/cart', { productId: piece.id })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message })
  })

  it('never goes beyond the stock, and never below one', async () => {
    const piece = await insertProduct(t.handle.db, { stockQuantity: 2 })
    const guest = visitor()
    await guest.call('POST', '/api/cart', { productId: piece.id, quantity: 2 })
    const more = await guest.call('POST', '/api/cart', { productId: piece.id })
    expect(more.statusCode).toBe(409)
    expect(more.json().message).toBe('Only 2 available')
    const lineId = ((await guest.call('GET', '/api/cart')).json() as Cart).items[0]!.id
    expect((await guest.call('PATCH', `/api/cart/${lineId}`, { quantity: 3 })).statusCode).toBe(409)
    const zero = await guest.call('PATCH', `/api/cart/${lineId}`, { quantity: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().message).toBe('Quantity must be at least 1')
    expect((await guest.call('POST', '/api/cart', { productId: piece.id, quantity: 0 })).statusCode).toBe(400)
    const one = (await guest.call('PATCH', `/api/cart/${lineId}`, { quantity: 1 })).json() as Cart
    expect(one.items[0]!.quantity).toBe(1)
  })

  it("keeps one visitor's lines away from another", async () => {
    const piece = await insertProduct(t.handle.db)
    const owner = visitor()
    await owner.call('POST', '/api/cart', { productId: piece.id })
    const lineId = ((await owner.call('GET', '/api/cart')).json() as Cart).items[0]!.id
    const stranger = visitor()
    await stranger.call('POST', '/api/cart', { productId: (await insertProduct(t.handle.db)).id })
    expect((await stranger.call('PATCH', `/api/cart/${lineId}`, { quantity: 1 })).statusCode).toBe(404)
    expect((await stranger.call('DELETE', `/api/cart/${lineId}`)).statusCode).toBe(404)
    expect(((await owner.call('GET', '/api/cart')).json() as Cart).items).toHaveLength(1)
  })

  it('removes a line and clears the cart', async () => {
    const guest = visitor()
    await guest.call('POST', '/api/cart', { productId: (await insertProduct(t.handle.db)).id })
    await guest.call('POST', '/api/cart', { productId: (await insertProduct(t.handle.db)).id })
    const [first] = ((await guest.call('GET', '/api/cart')).json() as Cart).items
    const afterRemove = (await guest.call('DELETE', `/api/cart/${first!.id}`)).json() as Cart
    expect(afterRemove.items).toHaveLength(1)
    const cleared = (await guest.call('DELETE', '/api/cart')).json() as Cart
    expect(cleared).toEqual({ items: [], subtotal: 0, itemCount: 0 })
  })

  it('shows a line whose piece sold meanwhile as unavailable and leaves it out of the subtotal', async () => {
    const piece = await insertProduct(t.handle.db, { price: 50_000 })
    const guest = visitor()
    await guest.call('POST', '/api/cart', { productId: piece.id })
    await t.handle.db
      .update(products)
      .set({ status: 'sold', stockQuantity: 0 })
      .where(eq(products.id, piece.id))
    const cart = (await guest.call('GET', '/api/cart')).json() as Cart
    expect(cart.items[0]).toMatchObject({ available: false, product: { status: 'sold' } })
    expect(cart.subtotal).toBe(0)
  })

  it('follows the shopper into their account at sign-in', async () => {
    const customer = await registerCustomer(t.app)
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: customer.cookie } })
    const guest = visitor()
    const piece = await insertProduct(t.handle.db)
    await guest.call('POST', '/api/cart', { productId: piece.id })
    const login = await guest.call('POST', '/api/login', {
      username: customer.username,
      password: customer.password,
    })
    expect(login.statusCode).toBe(200)
    const cart = (await guest.call('GET', '/api/cart')).json() as Cart
    expect(cart.items.map((item) => item.productId)).toEqual([piece.id])
  })
})

describe('shipping quotes', () => {
  it.each([
    [14_999, { cost: 695, method: 'Standard Shipping' }],
    [15_000, { cost: 0, method: 'Free Shipping' }],
    [0, { cost: 0, method: '' }],
  ])('a subtotal of %i cents ships for %j', async (subtotal, quote) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/calculate-shipping',
      payload: { subtotal, country: 'US' },
    })
    expect(response.json()).toEqual(quote)
  })
})
