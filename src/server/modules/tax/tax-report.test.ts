import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { TEXAS_TABLE, turnOnHoustonTax, uploadAndApplyRateTable } from '../../test/tax-kit'
import { users } from '../accounts/schema'
import { refunds, sales } from '../ledger/schema'
import { orders } from '../orders/schema'
import { shareOut } from './report'
import { quoteTax } from './service'

// Sales tax after the order (issue 34): refunds give the tax back in proportion, the report nets
// them, exempt buyers pay none while their certificate is valid, and an order is taxed by the table
// in force on its day.

let t: TestApp
let owner: string
const today = new Date().toISOString().slice(0, 10)
beforeAll(async () => {
  t = await createTestApp()
  owner = await adminCookie(t.app, t.handle.db)
  await turnOnHoustonTax(t.app, owner)
})
afterAll(() => t.close())

/** A paid Zelle order for one piece at `price`, from Houston: 8.25 % on price (free shipping from $150). */
async function paidOrder(price: number, cookie?: string) {
  const piece = await insertProduct(t.handle.db, { price })
  const shippingCost = price >= 15_000 ? 0 : 695
  const taxable = price + shippingCost
  const tax = Math.round(taxable * 0.0625) + 2 * Math.round(taxable * 0.01)
  // The total with its tax, as the shopper saw it; the tax itself is not sent.
  const placed = await placeZelleOrder(t.app, [piece], {
    shippingCost,
    total: taxable + tax,
    cookie,
  })
  expect(placed.statusCode).toBe(200)
  const id = placed.json().id as number
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/payment`,
    payload: { paymentStatus: 'paid' },
    headers: { cookie: owner },
  })
  expect(paid.statusCode).toBe(200)
  return { id, piece, tax, total: taxable + tax }
}

const report = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reports/sales-tax?from=2026-01-01&to=${today}`,
    headers: { cookie: owner },
  })
  expect(response.statusCode).toBe(200)
  return response.json().states as { state: string; [figure: string]: unknown }[]
}

describe('refunds and the report', () => {
  it('gives back the tax of what is refunded, and the report nets it', async () => {
    const before = (await report()).find((state) => state.state === 'TX')
    const order = await paidOrder(40_000)
    expect(order.tax).toBe(3_300)
    // Half the piece's price back, as a goodwill refund: half its tax goes with it.
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      payload: { amount: 21_650, reason: 'Price adjustment', method: 'zelle' },
      headers: { cookie: owner },
    })
    expect(partial.statusCode).toBe(201)
    const [refund] = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))
    expect(refund!.tax).toBe(1_650)

    const texas = (await report()).find((state) => state.state === 'TX')!
    const delta = (key: string) => (texas[key] as number) - ((before?.[key] as number | undefined) ?? 0)
    expect(delta('grossSales')).toBe(40_000)
    expect(delta('taxableSales')).toBe(40_000)
    expect(delta('taxCollected')).toBe(3_300)
    expect(delta('taxRefunded')).toBe(1_650)
    expect(delta('netTax')).toBe(1_650)
    const jurisdictions = texas.jurisdictions as {
      jurisdiction: string
      taxCollected: number
      taxRefunded: number
    }[]
    expect(jurisdictions.map((j) => j.jurisdiction)).toEqual([
      'Texas',
      'Houston city',
      'Houston special district',
    ])
    // Every jurisdiction's share adds up to the state's.
    expect(jurisdictions.reduce((sum, j) => sum + j.taxRefunded, 0)).toBe(texas.taxRefunded)
    expect(jurisdictions.reduce((sum, j) => sum + j.taxCollected, 0)).toBe(texas.taxCollected)
  })

  it('refunds the rest of the tax with the rest of the money, to the cent', async () => {
    const order = await paidOrder(33_333)
    for (const amount of [10_000, order.total - 10_000]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        payload: { amount, reason: 'Returned', method: 'zelle' },
        headers: { cookie: owner },
      })
      expect(response.statusCode).toBe(201)
    }
    const rows = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))
    expect(rows.reduce((sum, row) => sum + row.tax, 0)).toBe(order.tax)
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.paymentStatus).toBe('refunded')
  })

  it('lets a return give back the pieces’ price with their tax, and no more', async () => {
    const order = await paidOrder(20_000)
    const refund = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        payload: { amount, reason: 'Returned', restock: [order.piece.id], method: 'zelle' },
        headers: { cookie: owner },
      })
    const over = await refund(order.total + 1)
    expect(over.statusCode).toBe(409)
    expect((await refund(order.total)).statusCode).toBe(201)
  })

  it('leaves out an order until its money comes', async () => {
    const before = (await report()).find((state) => state.state === 'TX')!
    const piece = await insertProduct(t.handle.db, { price: 60_000 })
    const placed = await placeZelleOrder(t.app, [piece], { email: 'later@example.com', total: 64_950 })
    expect(placed.statusCode).toBe(200)
    const unpaid = (await report()).find((state) => state.state === 'TX')!
    expect(unpaid.taxCollected).toBe(before.taxCollected)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.json().id}/payment`,
      payload: { paymentStatus: 'paid' },
      headers: { cookie: owner },
    })
    const paid = (await report()).find((state) => state.state === 'TX')!
    expect((paid.taxCollected as number) - (before.taxCollected as number)).toBe(4_950)
  })

  it('exports the report as CSV, a row per state and per jurisdiction', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/sales-tax.csv?from=2026-01-01&to=${today}`,
      headers: { cookie: owner },
    })
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows[0]).toMatchObject({ State: 'Texas', Jurisdiction: 'State total' })
    expect(rows.map((row) => row.Jurisdiction)).toContain('Houston special district')
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/sales-tax?from=2026-12-01&to=2026-01-01',
      headers: { cookie: owner },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('exempt buyers', () => {
  it('pay no tax in the certificate’s state while it is valid, and the order keeps why', async () => {
    const { cookie, username } = await registerCustomer(t.app)
    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
    const exemption = (expiresOn: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user!.id}/tax-exemption`,
        payload: { certificateNumber: 'RS-01-2345', state: 'TX', expiresOn },
        headers: { cookie: owner },
      })
    expect((await exemption('2099-12-31')).statusCode).toBe(200)
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/calculate-tax',
      headers: { cookie },
      payload: {
        items: [{ productId: 1, quantity: 1, price: 20_000 }],
        shippingCost: 0,
        address: { state: 'TX', zipCode: '77002' },
      },
    })
    expect(quote.json()).toEqual({ tax: 0, lines: [], note: 'Tax exempt: certificate RS-01-2345' })

    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const placed = await placeZelleOrder(t.app, [piece], { cookie })
    expect(placed.statusCode).toBe(200)
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, placed.json().id))
    expect(row).toMatchObject({ tax: 0, taxNote: 'Tax exempt: certificate RS-01-2345' })

    // Expired yesterday: no longer exempt.
    expect((await exemption('2020-01-01')).statusCode).toBe(200)
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/calculate-tax',
      headers: { cookie },
      payload: {
        items: [{ productId: 1, quantity: 1, price: 20_000 }],
        shippingCost: 0,
        address: { state: 'TX', zipCode: '77002' },
      },
    })
    expect(expired.json().tax).toBe(1_650)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user!.id}/tax-exemption`,
      headers: { cookie: owner },
    })
    expect(removed.statusCode).toBe(204)
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/999999/tax-exemption',
      payload: { certificateNumber: 'X', state: 'TX', expiresOn: '2099-01-01' },
      headers: { cookie: owner },
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('the table of the day', () => {
  it('taxes an order before a new table’s date by the old one, and after it by the new', async () => {
    const revised = TEXAS_TABLE.toString().replace(
      'TX,77002,HOUSTON,0.082500,0.062500,0.000000,0.010000,0.010000,1',
      'TX,77002,HOUSTON,0.077500,0.062500,0.000000,0.010000,0.005000,1',
    )
    const table = await uploadAndApplyRateTable(
      t.app,
      owner,
      revised,
      { state: 'TX', effectiveFrom: '2099-07-01' },
      'TX.csv',
    )
    expect(table.json()).toMatchObject({ changed: 1 })
    const quoteOn = (at: string) =>
      quoteTax(t.handle.db, {
        destination: { state: 'TX', zipCode: '78701' },
        goods: 10_000,
        shipping: 0,
        timeZone: 'America/Chicago',
        at: new Date(at),
      })
    expect((await quoteOn('2099-06-30T12:00:00Z')).tax).toBe(825)
    expect((await quoteOn('2099-07-01T12:00:00Z')).tax).toBe(775)
    // The shop's day, not UTC's: 04:00 UTC on July 1 is still June 30 in Houston.
    expect((await quoteOn('2099-07-01T04:00:00Z')).tax).toBe(825)
  })
})

describe('the tax watch on the dashboard', () => {
  it('warns of a table over 100 days old and of a state nearing its nexus threshold', async () => {
    const piece = await insertProduct(t.handle.db, { price: 8_500_000 })
    const placed = await placeZelleOrder(t.app, [piece], {
      email: 'collector@example.com',
      fields: { state: 'CA', zipCode: '94103' },
    })
    expect(placed.statusCode).toBe(200)
    const watch = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tax/watch',
      headers: { cookie: owner },
    })
    const body = watch.json()
    // The 2026-01-01 table is the one in force today, long past 100 days.
    expect(body.staleTables).toEqual([{ state: 'TX', effectiveFrom: '2026-01-01', days: expect.any(Number) }])
    expect(body.staleTables[0].days).toBeGreaterThan(100)
    expect(body.nexus).toEqual([
      { state: 'CA', sales: 8_500_000, orders: 1, threshold: 10_000_000, share: 0.85 },
    ])
  })
})

describe('in-person sales', () => {
  const sell = async (price: number, tax?: object) => {
    const piece = await insertProduct(t.handle.db, { price })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      payload: { productId: piece.id, salePrice: price, paymentMethod: 'cash', ...(tax ? { tax } : {}) },
      headers: { cookie: owner },
    })
    expect(response.statusCode).toBe(201)
    const [row] = await t.handle.db.select().from(sales).where(eq(sales.productId, piece.id))
    return { sale: response.json(), row: row! }
  }

  it('are taxed at the shop, at a show where they are made, or not at all with the reason', async () => {
    const before = (await report()).find((state) => state.state === 'TX')!
    const atShop = await sell(100_000)
    expect(atShop.row).toMatchObject({ tax: 8_250, taxState: 'TX' })
    expect(atShop.sale).toMatchObject({ salePrice: 100_000, tax: 8_250 })
    // A gem show in Fredericksburg: 6.25 % state, 0.5 % county, 1 % city.
    const atShow = await sell(100_000, { at: 'address', address: { state: 'TX', zipCode: '78624' } })
    expect(atShow.row).toMatchObject({ tax: 7_750, taxState: 'TX' })
    expect(atShow.row.taxLines.map((line) => line.jurisdiction)).toEqual([
      'Texas',
      'Fredericksburg city',
      'Fredericksburg county',
    ])
    const exempt = await sell(50_000, { at: 'exempt', reason: 'Resale, certificate RS-9' })
    expect(exempt.row).toMatchObject({
      tax: 0,
      taxNote: 'Tax exempt: Resale, certificate RS-9',
      taxState: 'TX',
    })

    const after = (await report()).find((state) => state.state === 'TX')!
    expect((after.grossSales as number) - (before.grossSales as number)).toBe(250_000)
    expect((after.exemptSales as number) - (before.exemptSales as number)).toBe(50_000)
    expect((after.taxCollected as number) - (before.taxCollected as number)).toBe(16_000)
  })
})

describe('sharing a refund’s tax among jurisdictions', () => {
  it('adds up to the cent and never goes below zero', () => {
    expect(shareOut(2, [1, 1, 1, 1])).toEqual([1, 1, 0, 0])
    expect(shareOut(1_650, [1_250, 200, 200])).toEqual([1_250, 200, 200])
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        (amount, weights) => {
          const shares = shareOut(amount, weights)
          if (weights.some((weight) => weight > 0))
            expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount)
          for (const share of shares) expect(share).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
