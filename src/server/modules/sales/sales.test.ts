import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Sale, SalesPage } from '../../../shared/sales/schema'
import { adminCookie, insertProduct } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { sales } from '../ledger/schema'
import { listSales, monthlySales } from './service'

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sales', payload, headers: { cookie: admin } })
const productRow = async (id: number) =>
  (await t.handle.db.select().from(products).where(eq(products.id, id)))[0]!

describe('recording a sale by hand', () => {
  it('sells the piece and books the sale with its profit, in one go', async () => {
    const piece = await insertProduct(t.handle.db, { price: 50_000, cost: 20_000, sku: 'WJ-BRGR-0001' })
    const response = await post({
      productId: piece.id,
      salePrice: 45_000,
      cost: 20_000,
      profit: 999_999, // recomputed, never trusted
      paymentMethod: 'cash',
      customerName: 'Lena Ortiz',
      customerEmail: 'LENA@example.com',
      notes: 'Houston gem fair',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      productId: piece.id,
      productName: piece.name,
      productSku: 'WJ-BRGR-0001',
      salePrice: 45_000,
      cost: 20_000,
      profit: 25_000,
      paymentMethod: 'cash',
      customerEmail: 'lena@example.com',
      source: 'manual',
      orderId: null,
    })
    expect(await productRow(piece.id)).toMatchObject({ status: 'sold', stockQuantity: 0, soldPrice: 45_000 })

    const again = await post({ productId: piece.id, salePrice: 45_000, paymentMethod: 'cash' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(`"${piece.name}" has been sold`)
  })

  it('leaves the profit empty without a cost, and refuses reserved, out-of-stock and unknown pieces', async () => {
    const noCost = await insertProduct(t.handle.db, { price: 9_000 })
    const sold = await post({ productId: noCost.id, salePrice: 9_000, paymentMethod: 'zelle' })
    expect(sold.json()).toMatchObject({ cost: null, profit: null })

    const reserved = await insertProduct(t.handle.db, { status: 'reserved', stockQuantity: 0 })
    const refusedReserved = await post({ productId: reserved.id, salePrice: 100, paymentMethod: 'zelle' })
    expect(refusedReserved.statusCode).toBe(409)
    expect(refusedReserved.json().message).toMatch(/reserved by an order awaiting payment/)

    const empty = await insertProduct(t.handle.db, { stockQuantity: 0 })
    const refusedEmpty = await post({ productId: empty.id, salePrice: 100, paymentMethod: 'zelle' })
    expect(refusedEmpty.statusCode).toBe(409)
    expect(refusedEmpty.json().message).toMatch(/out of stock/)

    expect((await post({ productId: 999_999, salePrice: 100, paymentMethod: 'zelle' })).statusCode).toBe(404)
  })

  it('answers the specification messages for a bad sale, and writes nothing', async () => {
    const piece = await insertProduct(t.handle.db)
    const before = (await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(sales))[0]!.n
    const zero = await post({ productId: piece.id, salePrice: 0, paymentMethod: 'zelle' })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().message).toBe('Sale price must be greater than $0')
    const noMethod = await post({ productId: piece.id, salePrice: 100 })
    expect(noMethod.json().message).toBe('Payment method is required')
    const badEmail = await post({
      productId: piece.id,
      salePrice: 100,
      paymentMethod: 'zelle',
      customerEmail: 'nope',
    })
    expect(badEmail.statusCode).toBe(400)
    const extra = await post({ productId: piece.id, salePrice: 100, paymentMethod: 'zelle', discount: 5 })
    expect(extra.json().message).toBe('Unknown field: discount')
    expect((await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(sales))[0]!.n).toBe(before)
    expect((await productRow(piece.id)).status).toBe('available')
  })
})

describe('the ledger', () => {
  const at = (iso: string) => new Date(iso)
  const book = async (saleDate: string, salePrice: number, profit: number | null) => {
    const piece = await insertProduct(t.handle.db)
    await t.handle.db.insert(sales).values({
      productId: piece.id,
      salePrice,
      cost: profit === null ? null : salePrice - profit,
      profit,
      paymentMethod: 'zelle',
      source: 'manual',
      saleDate: at(saleDate),
    })
  }

  it('filters by period in the shop time zone and sums the cards in SQL', async () => {
    await t.handle.db.delete(sales)
    // The clock: 2026-03-15 10:00 in Chicago (15:00 UTC).
    const now = at('2026-03-15T15:00:00Z')
    await book('2026-03-15T05:30:00Z', 10_000, 4_000) // 00:30 Chicago today
    await book('2026-03-15T04:30:00Z', 20_000, 5_000) // 23:30 Chicago yesterday
    await book('2026-03-09T16:00:00Z', 30_000, null) // six days ago
    await book('2026-02-16T12:00:00Z', 40_000, 10_000) // within a month
    await book('2026-02-14T12:00:00Z', 50_000, 20_000) // more than a month ago
    const clock = { timeZone: 'America/Chicago', now }
    const page = (period: 'all' | 'today' | 'week' | 'month') =>
      listSales(
        t.handle.db,
        { period, page: 1, pageSize: 50, sort: undefined, search: undefined } as never,
        clock,
      )

    expect((await page('today')).summary).toEqual({
      totalSales: 10_000,
      totalProfit: 4_000,
      transactions: 1,
      averageTicket: 10_000,
      refunds: { amount: 0, count: 0 },
    })
    expect((await page('week')).summary).toEqual({
      totalSales: 60_000,
      totalProfit: 9_000,
      transactions: 3,
      averageTicket: 20_000,
      refunds: { amount: 0, count: 0 },
    })
    expect((await page('month')).summary.transactions).toBe(4)
    const all = await page('all')
    expect(all.summary).toEqual({
      totalSales: 150_000,
      totalProfit: 39_000,
      transactions: 5,
      averageTicket: 30_000,
      refunds: { amount: 0, count: 0 },
    })
    expect(all.items.map((sale) => sale.salePrice)).toEqual([10_000, 20_000, 30_000, 40_000, 50_000])

    const months = await monthlySales(t.handle.db, 3, clock)
    expect(months).toEqual([
      { month: '2026-01', sales: 0, profit: 0 },
      { month: '2026-02', sales: 90_000, profit: 30_000 },
      { month: '2026-03', sales: 60_000, profit: 9_000 },
    ])
  })

  it('averages to 0 with no sales', async () => {
    await t.handle.db.delete(sales)
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sales?period=today',
      headers: { cookie: admin },
    })
    expect((response.json() as SalesPage).summary).toEqual({
      totalSales: 0,
      totalProfit: 0,
      transactions: 0,
      averageTicket: 0,
      refunds: { amount: 0, count: 0 },
    })
  })

  it('exports the current filter as CSV, quoted, in dollars, with formulas defused', async () => {
    await t.handle.db.delete(sales)
    const piece = await insertProduct(t.handle.db, {
      name: 'Bangle, "Imperial" green',
      price: 123_450,
      cost: 100_000,
    })
    await post({
      productId: piece.id,
      salePrice: 123_450,
      cost: 100_000,
      paymentMethod: 'check',
      customerName: '=HYPERLINK("http://evil")',
      notes: 'two\nlines',
    })
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sales/export?period=week',
      headers: { cookie: admin },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="jade-shop-sales-week-/)
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows).toEqual([
      expect.objectContaining({
        Product: 'Bangle, "Imperial" green',
        Customer: `'=HYPERLINK("http://evil")`,
        'Payment Method': 'check',
        'Sale Price': '1234.50',
        Tax: '0.00',
        Cost: '1000.00',
        Profit: '234.50',
        Source: 'manual',
        Notes: 'two\nlines',
      }),
    ])
  })

  it('is for administrators only', async () => {
    for (const url of ['/api/sales', '/api/sales/export', '/api/sales/monthly']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401)
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/sales?period=year',
      headers: { cookie: admin },
    })
    expect(listed.statusCode).toBe(400)
    const one = (
      await t.app.inject({ method: 'GET', url: '/api/sales', headers: { cookie: admin } })
    ).json() as SalesPage
    expect(one.items.every((sale: Sale) => typeof sale.saleDate === 'string')).toBe(true)
  })
})

describe('searching the ledger', () => {
  it('finds sales by piece, SKU or customer, with the cards and the export over the same rows', async () => {
    const tag = `Q${Date.now().toString(36)}`
    const bangle = await insertProduct(t.handle.db, {
      name: `${tag} Lavender Bangle`,
      price: 30_000,
      sku: `${tag}-BG-1`,
    })
    const ring = await insertProduct(t.handle.db, { name: 'Moss Ring', price: 12_000, sku: `${tag}-RG-2` })
    const pendant = await insertProduct(t.handle.db, { name: 'Ice Pendant', price: 8_000 })
    await post({ productId: bangle.id, salePrice: 30_000, paymentMethod: 'cash', customerName: 'Ada Wong' })
    await post({
      productId: ring.id,
      salePrice: 12_000,
      paymentMethod: 'zelle',
      customerEmail: 'ring@example.com',
    })
    await post({
      productId: pendant.id,
      salePrice: 8_000,
      paymentMethod: 'cash',
      customerName: `Nora ${tag}son`,
    })

    const search = async (text: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/sales?search=${encodeURIComponent(text)}`,
        headers: { cookie: admin },
      })
      expect(response.statusCode).toBe(200)
      return response.json() as SalesPage
    }
    const byTag = await search(tag.toLowerCase())
    expect(byTag.items.map((sale) => sale.productId).sort()).toEqual([bangle.id, ring.id, pendant.id].sort())
    expect(byTag.total).toBe(3)
    expect(byTag.summary.totalSales).toBe(50_000)

    const bySku = await search(`${tag}-RG`)
    expect(bySku.items.map((sale) => sale.productId)).toEqual([ring.id])
    expect(bySku.summary).toMatchObject({ totalSales: 12_000, transactions: 1 })
    expect((await search('ada wong')).items.map((sale) => sale.productId)).toEqual([bangle.id])
    expect((await search('RING@example')).items.map((sale) => sale.productId)).toEqual([ring.id])
    // Pattern characters are taken literally.
    expect((await search('%')).total).toBe(0)

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/sales/export?search=${encodeURIComponent(`${tag}-BG`)}`,
      headers: { cookie: admin },
    })
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).toContain('Lavender Bangle')
  })
})
