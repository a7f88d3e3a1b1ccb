import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminCookie,
  insertProduct,
  type OrderLineInput,
  placedOrderId,
  placeZelleOrder,
} from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { orderEvents, orders } from '../orders/schema'

// "Release all of this buyer's reservations" (issue 18): from one order's card, the owner ends
// every order of the same e-mail address that holds pieces unpaid, in one action.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

/** The buyer's order of the given lines, by Zelle. */
const orderFor = async (email: string, lines: OrderLineInput[]) =>
  placedOrderId(await placeZelleOrder(t.app, lines, { email }))

const piece = (stockQuantity = 1) => insertProduct(t.handle.db, { price: 30_000, stockQuantity })
const preview = (orderId: number, cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/buyer-reservations`, headers: { cookie } })
const release = (orderId: number, headers: Record<string, string> = { cookie: admin }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/buyer-reservations/release`,
    payload: {},
    headers,
  })

describe("releasing all of a buyer's reservations", () => {
  it('names the orders and pieces first, then ends them all and puts the pieces back on sale', async () => {
    const [a, b, shared, paidPiece, otherPiece] = await Promise.all([
      piece(),
      piece(),
      piece(3),
      piece(),
      piece(),
    ])
    const first = await orderFor('hoarder@example.com', [a!])
    const second = await orderFor('Hoarder@Example.com', [b!, [shared!, 2]])
    const confirmed = await orderFor('hoarder@example.com', [shared!])
    const paying = await orderFor('hoarder@example.com', [paidPiece!])
    const stranger = await orderFor('stranger@example.com', [otherPiece!])
    // One the owner moved on before any payment still holds its piece unpaid; one partly paid does not.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${confirmed}/status`,
      payload: { status: 'confirmed' },
      headers: { cookie: admin },
    })
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${paying}/payment`,
      payload: { paymentStatus: 'partial', amount: 1_000 },
      headers: { cookie: admin },
    })

    const before = await preview(second)
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({ email: 'hoarder@example.com', orders: 3, pieces: 5 })

    const released = await release(first)
    expect(released.statusCode).toBe(200)
    expect(released.json()).toEqual({ email: 'hoarder@example.com', orders: 3, pieces: 5 })

    const statuses = Object.fromEntries(
      (
        await t.handle.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(inArray(orders.id, [first, second, confirmed, paying, stranger]))
      ).map((row) => [row.id, row.status]),
    )
    expect(statuses).toEqual({
      [first]: 'cancelled',
      [second]: 'cancelled',
      [confirmed]: 'cancelled',
      [paying]: 'pending',
      [stranger]: 'pending',
    })
    const stock = await t.handle.db
      .select({ id: products.id, status: products.status, stockQuantity: products.stockQuantity })
      .from(products)
      .where(inArray(products.id, [a!.id, b!.id, shared!.id, paidPiece!.id, otherPiece!.id]))
    expect(Object.fromEntries(stock.map((row) => [row.id, [row.status, row.stockQuantity]]))).toEqual({
      [a!.id]: ['available', 1],
      [b!.id]: ['available', 1],
      [shared!.id]: ['available', 3],
      [paidPiece!.id]: ['reserved', 0],
      [otherPiece!.id]: ['reserved', 0],
    })
    const trail = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, second))
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'status',
          actor: 'owner',
          message: "Order Received → Cancelled: all of this buyer's reservations released",
        }),
      ]),
    )
    // The storefront sees the pieces again.
    const listed = await t.app.inject({ method: 'GET', url: `/api/products/${a!.id}` })
    expect(listed.json().status).toBe('available')

    // Nothing is left to release.
    expect((await preview(first)).json()).toMatchObject({ orders: 0, pieces: 0 })
    expect((await release(first)).json()).toMatchObject({ orders: 0, pieces: 0 })
  })

  it('is for administrators only, from the shop itself, and 404s an unknown order', async () => {
    const order = await orderFor('guarded@example.com', [await piece()])
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order}/buyer-reservations` })).statusCode,
    ).toBe(401)
    const customer = await registerCustomer(t.app)
    expect((await preview(order, customer.cookie)).statusCode).toBe(403)
    expect((await release(order, { cookie: customer.cookie })).statusCode).toBe(403)
    expect((await release(order, { cookie: admin, origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await preview(987_654)).statusCode).toBe(404)
    expect((await release(987_654)).statusCode).toBe(404)
    const [still] = await t.handle.db.select().from(orders).where(eq(orders.id, order))
    expect(still!.status).toBe('pending')
  })
})
