import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertProduct } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import type { WishlistEntry } from './service'

const t = shopForFile()

type Method = 'GET' | 'POST' | 'DELETE'

/** A freshly registered, signed-in shopper. */
async function shopper() {
  const { cookie } = await registerCustomer(t.app)
  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } })
  const list = async () => (await call('GET', '/api/wishlist')).json() as WishlistEntry[]
  return { call, list }
}

describe('the wishlist', () => {
  it.each([
    ['GET', '/api/wishlist', undefined],
    ['POST', '/api/wishlist', { productId: 1 }],
    ['POST', '/api/wishlist', { nonsense: true }],
    ['DELETE', '/api/wishlist/1', undefined],
  ] as const)('answers %s %s with 401 to an anonymous visitor', async (method, url, payload) => {
    const response = await t.app.inject({ method, url, payload })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Not authenticated' })
  })

  it('is empty for a new shopper and never cached by the browser', async () => {
    const response = await (await shopper()).call('GET', '/api/wishlist')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('adds a piece with 201 and returns it with its public product', async () => {
    const piece = await insertProduct(t.handle.db, { price: 42_000, stockQuantity: 2, cost: 9_000 })
    const me = await shopper()
    const response = await me.call('POST', '/api/wishlist', { productId: piece.id })
    expect(response.statusCode).toBe(201)
    const entry = response.json() as WishlistEntry
    expect(entry).toMatchObject({
      productId: piece.id,
      product: {
        id: piece.id,
        name: piece.name,
        price: 42_000,
        status: 'available',
        sold: false,
        inStock: true,
      },
    })
    expect(entry.id).toEqual(expect.any(Number))
    expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt)
    // The back office's figures stay there.
    expect(entry.product).not.toHaveProperty('cost')
    expect(await me.list()).toEqual([entry])
  })

  it('adds the same piece twice idempotently: 200 with the entry already there', async () => {
    const piece = await insertProduct(t.handle.db)
    const me = await shopper()
    const first = (await me.call('POST', '/api/wishlist', { productId: piece.id })).json() as WishlistEntry
    const again = await me.call('POST', '/api/wishlist', { productId: piece.id })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first)
    expect(await me.list()).toHaveLength(1)
  })

  it('lists the newest first', async () => {
    const me = await shopper()
    const ids: number[] = []
    for (let index = 0; index < 3; index++) {
      const piece = await insertProduct(t.handle.db)
      await me.call('POST', '/api/wishlist', { productId: piece.id })
      ids.push(piece.id)
    }
    expect((await me.list()).map((entry) => entry.productId)).toEqual(ids.reverse())
  })

  it('refuses an unknown or draft product with 404', async () => {
    const draft = await insertProduct(t.handle.db, { status: 'draft' })
    const me = await shopper()
    for (const productId of [draft.id, 999_999]) {
      const response = await me.call('POST', '/api/wishlist', { productId })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Product not found' })
    }
    expect(await me.list()).toEqual([])
  })

  it('rejects a request without a valid product id with 400', async () => {
    const me = await shopper()
    const missing = await me.call('POST', '/api/wishlist', {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Product is required')
    expect((await me.call('POST', '/api/wishlist', { productId: 'ring' })).statusCode).toBe(400)
    expect((await me.call('DELETE', '/api/wishlist/ring')).statusCode).toBe(400)
  })

  it('keeps sold and reserved pieces with their status, and hides a piece turned back into a draft', async () => {
    const sold = await insertProduct(t.handle.db, { status: 'sold', stockQuantity: 0 })
    const reserved = await insertProduct(t.handle.db, { status: 'reserved', stockQuantity: 0 })
    const later = await insertProduct(t.handle.db)
    const me = await shopper()
    for (const piece of [sold, reserved, later])
      expect((await me.call('POST', '/api/wishlist', { productId: piece.id })).statusCode).toBe(201)
    await t.handle.db.update(products).set({ status: 'draft' }).where(eq(products.id, later.id))
    const entries = await me.list()
    expect(entries.map((entry) => entry.productId)).toEqual([reserved.id, sold.id])
    expect(entries[0]!.product).toMatchObject({ status: 'reserved', sold: false, inStock: false })
    expect(entries[1]!.product).toMatchObject({ status: 'sold', sold: true, inStock: false })
  })

  it('removes a piece with 200 and a message, then 404 when it is no longer there', async () => {
    const keep = await insertProduct(t.handle.db)
    const drop = await insertProduct(t.handle.db)
    const me = await shopper()
    await me.call('POST', '/api/wishlist', { productId: keep.id })
    await me.call('POST', '/api/wishlist', { productId: drop.id })
    const removed = await me.call('DELETE', `/api/wishlist/${drop.id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ message: 'Item removed from wishlist' })
    expect((await me.list()).map((entry) => entry.productId)).toEqual([keep.id])
    const again = await me.call('DELETE', `/api/wishlist/${drop.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'Item not found in wishlist' })
  })

  it("never shows or changes another shopper's list", async () => {
    const piece = await insertProduct(t.handle.db)
    const other = await insertProduct(t.handle.db)
    const owner = await shopper()
    const stranger = await shopper()
    const ownerEntry = (await owner.call('POST', '/api/wishlist', { productId: piece.id })).json()

    expect(await stranger.list()).toEqual([])
    expect((await stranger.call('DELETE', `/api/wishlist/${piece.id}`)).statusCode).toBe(404)

    // The same piece on the stranger's list is a line of their own; removing it leaves the owner's.
    const strangerAdd = await stranger.call('POST', '/api/wishlist', { productId: piece.id })
    expect(strangerAdd.statusCode).toBe(201)
    expect(strangerAdd.json().id).not.toBe(ownerEntry.id)
    await stranger.call('POST', '/api/wishlist', { productId: other.id })
    expect((await stranger.call('DELETE', `/api/wishlist/${piece.id}`)).statusCode).toBe(200)

    expect(await owner.list()).toEqual([ownerEntry])
    expect((await stranger.list()).map((entry) => entry.productId)).toEqual([other.id])
  })

  it('is gone with the session: after logout the same cookie gets 401', async () => {
    const { cookie } = await registerCustomer(t.app)
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    const response = await t.app.inject({ method: 'GET', url: '/api/wishlist', headers: { cookie } })
    expect(response.statusCode).toBe(401)
  })
})
