import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { forShopper, purchaseRefusal, refusalMessage } from '../../../shared/cart/purchase'
import { PRODUCT_STATUSES } from '../../../shared/catalog/rules'
import { queryRows } from '../../db/query-rows'
import {
  adminCookie,
  placeCardOrder,
  placedOrderId,
  placeZelleOrder,
  productFields,
} from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { canTakeStock } from './stock-rules'

// Every change of a piece's status and stock goes through stock-rules.ts: checkout, the ledger,
// a sale by hand, Mark as Sold and the product form. These tests hold the owner's paths to the
// outcome checkout and the ledger give, and to the one rule of shared/cart/purchase.ts.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const PRICE = 40_000 // above free shipping: the totals carry none

const asOwner = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin } })

/** A piece created through the back office, with the input the product form would send again. */
async function listPiece(overrides: Record<string, unknown> = {}) {
  const { name, description, shortDescription, imageUrls, category, type, color } = productFields()
  const input = {
    name,
    description,
    shortDescription,
    price: PRICE,
    imageUrls,
    category,
    type,
    color,
    ...overrides,
  }
  const response = await asOwner('POST', '/api/products', input)
  expect(response.statusCode).toBe(201)
  return { id: (response.json() as { id: number }).id, input }
}

/** A Zelle order for one of the piece, at PRICE. */
const orderPiece = async (id: number) => placedOrderId(await placeZelleOrder(t.app, [{ id, price: PRICE }]))

const PieceStateRow = z.object({
  status: z.string(),
  stock: z.number().int(),
  quantity: z.number().int(),
  ok: z.boolean(),
})

async function pieceState(id: number) {
  const [piece] = await t.handle.db.select().from(products).where(eq(products.id, id))
  return {
    status: piece!.status,
    stock: piece!.stockQuantity,
    soldPrice: piece!.soldPrice,
    sold: piece!.soldAt !== null,
  }
}

describe('one rule for "can this piece be bought, and how many"', () => {
  it('canTakeStock (SQL, under checkout’s row lock) agrees with purchaseRefusal for every status, stock and quantity', async () => {
    const cases = PRODUCT_STATUSES.flatMap((status) =>
      [0, 1, 3].flatMap((stock) => [1, 2, 4].map((quantity) => ({ status, stock, quantity }))),
    )
    const rows = await queryRows(
      t.handle.db,
      PieceStateRow,
      sql`select piece.status, piece.stock, piece.quantity,
            ${canTakeStock({ status: 'piece.status', stock: 'piece.stock' }, 'piece.quantity')} as ok
          from json_to_recordset(${JSON.stringify(cases)}::json) as piece(status text, stock int, quantity int)`,
    )
    expect(rows).toHaveLength(cases.length)
    for (const row of rows) {
      const refusal = purchaseRefusal({ status: row.status, stockQuantity: row.stock }, row.quantity)
      expect({ ...row, refused: refusal !== undefined }).toEqual({ ...row, refused: !row.ok })
    }
  })

  it('tells the cart, checkout and the owner the same reason in their own words', async () => {
    const { id, input } = await listPiece()
    await orderPiece(id)
    // The shopper: a held piece is out of stock (storefront.md §8), named in checkout.
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: id, quantity: 1 },
    })
    expect(cart.statusCode).toBe(409)
    expect(cart.json().message).toBe('This item is out of stock')
    const checkout = await placeZelleOrder(t.app, [{ id, price: PRICE }])
    expect(checkout.statusCode).toBe(409)
    expect(checkout.json().message).toBe(refusalMessage(forShopper('reserved'), { name: input.name }))
    // The owner hears why.
    const sale = await asOwner('POST', '/api/sales', {
      productId: id,
      salePrice: PRICE,
      paymentMethod: 'zelle',
    })
    expect(sale.statusCode).toBe(409)
    expect(sale.json().message).toBe(refusalMessage('reserved', { name: input.name }))
  })
  it('sells by hand only what is for sale: a draft is listed first', async () => {
    const { id, input } = await listPiece({ status: 'draft' })
    const sale = await asOwner('POST', '/api/sales', {
      productId: id,
      salePrice: PRICE,
      paymentMethod: 'cash',
    })
    expect(sale.statusCode).toBe(409)
    expect(sale.json().message).toBe(refusalMessage('draft', { name: input.name }))
    expect(await pieceState(id)).toEqual({ status: 'draft', stock: 1, soldPrice: null, sold: false })
  })
})

describe('Mark as Sold', () => {
  it('leaves a piece as a card purchase does: sold, none left, at its price', async () => {
    const marked = await listPiece()
    const bought = await listPiece()
    expect((await asOwner('PATCH', `/api/products/${marked.id}/mark-sold`, {})).statusCode).toBe(200)
    expect((await placeCardOrder(t.app, { id: bought.id, price: PRICE })).statusCode).toBe(200)
    expect(await pieceState(marked.id)).toEqual({ status: 'sold', stock: 0, soldPrice: PRICE, sold: true })
    expect(await pieceState(marked.id)).toEqual(await pieceState(bought.id))
  })

  it('sells every unit left of a piece in stock several times', async () => {
    const { id } = await listPiece({ stockQuantity: 3 })
    const marked = await asOwner('PATCH', `/api/products/${id}/mark-sold`, { soldPrice: 35_000 })
    expect(marked.json()).toMatchObject({ status: 'sold', stockQuantity: 0, soldPrice: 35_000 })
  })

  it('refuses a piece whose last unit an unpaid order holds, with the reason; the order then sells it', async () => {
    const { id, input } = await listPiece()
    const orderId = await orderPiece(id)
    const refused = await asOwner('PATCH', `/api/products/${id}/mark-sold`, {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(refusalMessage('reserved', { name: input.name }))
    expect(await pieceState(id)).toEqual({ status: 'reserved', stock: 0, soldPrice: null, sold: false })
    const paid = await asOwner('PATCH', `/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
    expect(paid.statusCode).toBe(200)
    expect(await pieceState(id)).toEqual({ status: 'sold', stock: 0, soldPrice: PRICE, sold: true })
  })

  it('refuses a piece of which an unpaid order holds some units, so cancelling that order cannot bring it back', async () => {
    const { id } = await listPiece({ stockQuantity: 3 })
    await orderPiece(id)
    expect(await pieceState(id)).toMatchObject({ status: 'available', stock: 2 })
    expect((await asOwner('PATCH', `/api/products/${id}/mark-sold`, {})).statusCode).toBe(409)
    expect(await pieceState(id)).toMatchObject({ status: 'available', stock: 2 })
  })

  it('refuses a piece already sold, and lets the owner sell one they reserved by hand', async () => {
    const { id, input } = await listPiece({ status: 'reserved' })
    expect((await asOwner('PATCH', `/api/products/${id}/mark-sold`, {})).statusCode).toBe(200)
    const again = await asOwner('PATCH', `/api/products/${id}/mark-sold`, {})
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(refusalMessage('sold', { name: input.name }))
  })
})

describe('the product form', () => {
  it('cannot make a piece an unpaid order holds available, nor change its stock, but edits the rest', async () => {
    const { id, input } = await listPiece()
    const orderId = await orderPiece(id)
    const available = await asOwner('PUT', `/api/products/${id}`, {
      ...input,
      status: 'available',
      stockQuantity: 1,
    })
    expect(available.statusCode).toBe(409)
    expect(available.json()).toMatchObject({
      message: refusalMessage('reserved', { name: input.name }),
      errors: [{ field: 'status' }],
    })
    const restocked = await asOwner('PUT', `/api/products/${id}`, {
      ...input,
      status: 'reserved',
      stockQuantity: 1,
    })
    expect(restocked.statusCode).toBe(409)
    expect(restocked.json().errors).toEqual([{ field: 'stockQuantity', message: restocked.json().message }])
    const renamed = await asOwner('PUT', `/api/products/${id}`, {
      ...input,
      name: 'Renamed Bangle',
      status: 'reserved',
      stockQuantity: 0,
    })
    expect(renamed.statusCode).toBe(200)
    expect(await pieceState(id)).toEqual({ status: 'reserved', stock: 0, soldPrice: null, sold: false })
    // Cancelled, the order gives back exactly the unit it took.
    const cancelled = await asOwner('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' })
    expect(cancelled.statusCode).toBe(200)
    expect(await pieceState(id)).toEqual({ status: 'available', stock: 1, soldPrice: null, sold: false })
  })

  it('restocks a piece while an order holds some units; the cancelled order adds its units back', async () => {
    const { id, input } = await listPiece({ stockQuantity: 2 })
    const orderId = await orderPiece(id)
    const restocked = await asOwner('PUT', `/api/products/${id}`, { ...input, stockQuantity: 5 })
    expect(restocked.statusCode).toBe(200)
    expect(await pieceState(id)).toMatchObject({ status: 'available', stock: 5 })
    expect(
      (await asOwner('PUT', `/api/products/${id}`, { ...input, status: 'draft', stockQuantity: 5 }))
        .statusCode,
    ).toBe(409)
    await asOwner('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' })
    expect(await pieceState(id)).toMatchObject({ status: 'available', stock: 6 })
  })

  it('saves a piece as sold as Mark as Sold does, and back to available without the sale', async () => {
    const { id, input } = await listPiece({ stockQuantity: 2 })
    const sold = await asOwner('PUT', `/api/products/${id}`, { ...input, status: 'sold', stockQuantity: 2 })
    expect(sold.statusCode).toBe(200)
    expect(await pieceState(id)).toEqual({ status: 'sold', stock: 0, soldPrice: PRICE, sold: true })
    const relisted = await asOwner('PUT', `/api/products/${id}`, {
      ...input,
      status: 'available',
      stockQuantity: 1,
    })
    expect(relisted.statusCode).toBe(200)
    expect(await pieceState(id)).toEqual({ status: 'available', stock: 1, soldPrice: null, sold: false })
    const created = await listPiece({ status: 'sold', stockQuantity: 1 })
    expect(await pieceState(created.id)).toEqual({ status: 'sold', stock: 0, soldPrice: PRICE, sold: true })
  })
})
