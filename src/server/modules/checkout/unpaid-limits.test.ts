import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { tooManyUnpaidOrders, tooManyUnpaidPieces } from '../../../shared/checkout/schema'
import { queryRows } from '../../db/query-rows'
import {
  adminCookie,
  checkoutForm,
  insertProduct,
  placeCardOrder,
  placeZelleOrder,
} from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { products } from '../catalog/schema'
import { orders } from '../orders/schema'

// "No piece held hostage" (issue 18): one holder (an e-mail address, or a client address; an IPv6
// client by its /64) holds at most MAX_UNPAID_PIECES pieces in orders awaiting payment, all its
// orders together, and the count stays exact when its checkouts arrive at the same instant.

type Piece = { id: number; price: number }

describe('the limit on pieces awaiting payment', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_UNPAID_PIECES: '3', MAX_OPEN_UNPAID_ORDERS: '100' } })
  })
  afterAll(() => t.close())

  const checkout = (lines: [Piece, number][], email: string, remoteAddress: string) =>
    placeZelleOrder(t.app, lines, { email, remoteAddress })
  const piece = (stockQuantity = 1) => insertProduct(t.handle.db, { price: 20_000, stockQuantity })
  const stockOf = async (id: number) =>
    (await t.handle.db.select().from(products).where(eq(products.id, id)))[0]!

  it('refuses one order holding more pieces than the limit with a 429 naming it, reserving nothing', async () => {
    const pieces = await Promise.all([piece(), piece(), piece(), piece(2)])
    const refused = await checkout(
      [...pieces.slice(0, 3).map((p): [Piece, number] => [p, 1]), [pieces[3]!, 1]],
      'greedy@example.com',
      '10.20.0.1',
    )
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: tooManyUnpaidPieces(3) })
    expect(tooManyUnpaidPieces(3)).toMatch(/at most 3 pieces.*pay by card, or contact us/)
    for (const p of pieces) expect((await stockOf(p.id)).status).toBe('available')
    expect((await stockOf(pieces[3]!.id)).stockQuantity).toBe(2)
    const written = await t.handle.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'greedy@example.com'))
    expect(written).toHaveLength(0)
  })

  it("counts all of an e-mail address's unpaid orders together, units included", async () => {
    const [a, b, c] = await Promise.all([piece(5), piece(), piece()])
    expect((await checkout([[a!, 2]], 'Collector@example.com', '10.21.0.1')).statusCode).toBe(200)
    expect((await checkout([[b!, 1]], 'collector@example.com', '10.21.0.2')).statusCode).toBe(200)
    const third = await checkout([[c!, 1]], 'collector@EXAMPLE.com', '10.21.0.3')
    expect(third.statusCode).toBe(429)
    expect(third.json().message).toBe(tooManyUnpaidPieces(3))
    expect((await stockOf(c!.id)).status).toBe('available')
    // Card orders are paid: they hold nothing and are not counted.
    const card = await insertProduct(t.handle.db, { price: 20_000 })
    const paid = await placeCardOrder(t.app, card, { ...checkoutForm, email: 'collector@example.com' })
    expect(paid.statusCode).toBe(200)
  })

  it('counts the spellings of one mailbox as one holder: a +tag, and dots at Gmail', async () => {
    const [a, b, c, d] = (await Promise.all([piece(), piece(), piece(), piece()])) as Piece[]
    expect((await checkout([[a!, 1]], 'hoarder+0@gmail.com', '10.31.0.1')).statusCode).toBe(200)
    expect((await checkout([[b!, 1]], 'hoarder+1@gmail.com', '10.31.0.2')).statusCode).toBe(200)
    expect((await checkout([[c!, 1]], 'Ho.ard.er@googlemail.com', '10.31.0.3')).statusCode).toBe(200)
    const fourth = await checkout([[d!, 1]], 'h.oarder+3@GMAIL.com', '10.31.0.4')
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().message).toBe(tooManyUnpaidPieces(3))
    expect((await stockOf(d!.id)).status).toBe('available')
    // The order keeps the address as written.
    const [first] = await t.handle.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'hoarder+0@gmail.com'))
    expect(first).toBeDefined()
  })

  it('counts a client address across e-mail addresses, an IPv6 client by its /64', async () => {
    const pieces = await Promise.all([piece(), piece(), piece(), piece(), piece()])
    const [p1, p2, p3, p4, p5] = pieces as [Piece, Piece, Piece, Piece, Piece]
    expect(
      (
        await checkout(
          [
            [p1, 1],
            [p2, 1],
          ],
          'one@example.com',
          '2001:db8:7::1',
        )
      ).statusCode,
    ).toBe(200)
    expect((await checkout([[p3, 1]], 'two@example.com', '2001:db8:7:0:ffff::2')).statusCode).toBe(200)
    const over = await checkout([[p4, 1]], 'three@example.com', '2001:0db8:0007:0000::99')
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toBe(tooManyUnpaidPieces(3))
    // Another /64 is another holder.
    expect((await checkout([[p5, 1]], 'four@example.com', '2001:db8:8::1')).statusCode).toBe(200)
  })

  it('frees the pieces once an order is paid (a first payment will do)', async () => {
    const cookie = await adminCookie(t.app, t.handle.db)
    const [a, b] = await Promise.all([piece(), piece()])
    const first = await checkout([[a!, 1]], 'payer@example.com', '10.22.0.1')
    await checkout([[b!, 1]], 'payer@example.com', '10.22.0.1')
    const [c, d] = await Promise.all([piece(), piece()])
    expect(
      (
        await checkout(
          [
            [c!, 1],
            [d!, 1],
          ],
          'payer@example.com',
          '10.22.0.1',
        )
      ).statusCode,
    ).toBe(429)
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.json().id}/payment`,
      payload: { paymentStatus: 'partial', amount: 1_000 },
      headers: { cookie },
    })
    expect(paid.statusCode).toBe(200)
    expect(
      (
        await checkout(
          [
            [c!, 1],
            [d!, 1],
          ],
          'payer@example.com',
          '10.22.0.1',
        )
      ).statusCode,
    ).toBe(200)
  })
})

// Only PostgreSQL runs checkouts side by side; the embedded database takes them one at a time.
describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('one holder checking out in parallel', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_UNPAID_PIECES: '5', MAX_OPEN_UNPAID_ORDERS: '3' } })
  })
  afterAll(() => t.close())

  const checkout = (lines: [Piece, number][], email: string, remoteAddress: string) =>
    placeZelleOrder(t.app, lines, { email, remoteAddress })
  const pieces = (count: number, stockQuantity = 1) =>
    Promise.all(
      Array.from({ length: count }, () => insertProduct(t.handle.db, { price: 20_000, stockQuantity })),
    )

  async function heldBy(emails: string[]) {
    const rows = await queryRows(
      t.handle.db,
      z.object({ orders: z.number().int(), pieces: z.number().int() }),
      sql`
      select count(distinct o.id)::int as orders, coalesce(sum(i.quantity), 0)::int as pieces
      from orders o join order_items i on i.order_id = o.id
      where o.customer_email in ${emails}`,
    )
    return rows[0]!
  }

  it('cannot get past the limit on orders, by e-mail or by client address', async () => {
    const byEmail = await pieces(20)
    const answers = await Promise.all(
      byEmail.map((p, n) => checkout([[p, 1]], 'racer@example.com', `10.30.${n}.1`)),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(3)
    expect(statuses.filter((status) => status === 429)).toHaveLength(17)
    expect(answers.find((answer) => answer.statusCode === 429)!.json().message).toBe(tooManyUnpaidOrders(3))
    expect((await heldBy(['racer@example.com'])).orders).toBe(3)

    const byClient = await pieces(20)
    const fromOneClient = await Promise.all(
      byClient.map((p, n) => checkout([[p, 1]], `racer${n}@example.com`, '10.31.0.1')),
    )
    expect(fromOneClient.filter((answer) => answer.statusCode === 200)).toHaveLength(3)
  })

  it('cannot get past the limit on pieces, even on a piece they all share', async () => {
    const shared = (await pieces(1, 100))[0]!
    const own = await pieces(20)
    const answers = await Promise.all(
      own.map((p, n) =>
        checkout(
          [
            [shared, 1],
            [p, 1],
          ],
          `hoarder${n}@example.com`,
          '2001:db8:99::1',
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    // Two pieces an order, five at most: two orders, and no deadlock or error among the rest.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2)
    expect(statuses.filter((status) => status === 429)).toHaveLength(18)
    const emails = own.map((_, n) => `hoarder${n}@example.com`)
    expect(await heldBy(emails)).toEqual({ orders: 2, pieces: 4 })
    const [left] = await t.handle.db.select().from(products).where(eq(products.id, shared.id))
    expect(left!.stockQuantity).toBe(98)
  })
})
