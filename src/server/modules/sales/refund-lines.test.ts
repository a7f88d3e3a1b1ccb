import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MoneyOverview } from '../../../shared/dashboard/admin-contract'
import type { MonthlySales, SalesPage } from '../../../shared/sales/schema'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { shopForFile } from '../../test/helpers'

// A refund that returns no piece takes its money off the ledger as a line of its own (a credit
// note), dated when it was paid back: the cards, the CSV, the chart and the dashboard agree.

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

/** A paid Zelle order for two pieces ($200 and $300, costs $80 and $100), named by `tag`. */
async function paidOrder(tag: string) {
  const first = await insertProduct(t.handle.db, { price: 20_000, cost: 8_000, name: `${tag} Bangle` })
  const second = await insertProduct(t.handle.db, { price: 30_000, cost: 10_000, name: `${tag} Pendant` })
  // The buyer the ledger's Customer column names.
  const placed = await placeZelleOrder(t.app, [first, second], {
    email: 'lena@example.com',
    fields: { firstName: 'Lena', lastName: 'Park' },
  })
  expect(placed.statusCode).toBe(200)
  const orderId = (placed.json() as { id: number }).id
  const paid = await admin_('PATCH', `/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
  expect(paid.statusCode).toBe(200)
  return { orderId, first, second }
}

const admin_ = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin } })
const refund = async (orderId: number, payload: object) =>
  expect((await admin_('POST', `/api/orders/${orderId}/refunds`, payload)).statusCode).toBe(201)
const cards = async (search?: string) =>
  ((await admin_('GET', `/api/sales?period=month${search ? `&search=${search}` : ''}`)).json() as SalesPage)
    .summary
const csvRows = async (search: string) =>
  parse((await admin_('GET', `/api/sales/export?period=month&search=${search}`)).body, {
    columns: true,
    bom: true,
  }) as Record<string, string>[]
const thisMonth = async () => {
  const response = await admin_('GET', '/api/sales/monthly?months=1')
  expect(response.statusCode, response.body).toBe(200)
  const months = response.json() as MonthlySales[]
  return months.at(-1)!
}
const overview = async () => (await admin_('GET', '/api/admin/overview')).json() as MoneyOverview
const cents = (dollars: string) => Math.round(Number(dollars) * 100)

describe('a money-only refund in the ledger', () => {
  it('is a negative line in the CSV and comes off the cards, the chart and the dashboard', async () => {
    const { orderId } = await paidOrder('Celadon')
    const [before, monthBefore, dashboardBefore] = [await cards(), await thisMonth(), await overview()]
    expect(await cards('Celadon')).toMatchObject({ totalSales: 50_000, totalProfit: 32_000, transactions: 2 })

    await refund(orderId, { amount: 5_000, reason: 'A scratch on the clasp' })

    const after = await cards()
    expect(after.totalSales).toBe(before.totalSales - 5_000)
    expect(after.totalProfit).toBe(before.totalProfit - 5_000)
    expect(after.transactions).toBe(before.transactions)
    const searched = await cards('Celadon')
    expect(searched).toMatchObject({
      totalSales: 45_000,
      totalProfit: 27_000,
      transactions: 2,
      averageTicket: 22_500,
    })

    const rows = await csvRows('Celadon')
    expect(Object.keys(rows[0]!)).toEqual([
      'Date',
      'Product',
      'SKU',
      'Customer',
      'Email',
      'Payment Method',
      'Sale Price',
      'Tax',
      'Cost',
      'Profit',
      'Source',
      'Order',
      'Notes',
    ])
    expect(rows).toHaveLength(3)
    // Newest first: the refund was made after the sales.
    expect(rows[0]).toMatchObject({
      Product: `Refund on order #${orderId}`,
      Customer: 'Lena Park',
      'Payment Method': 'zelle',
      'Sale Price': '-50.00',
      Cost: '',
      Profit: '-50.00',
      Source: 'refund',
      Order: `#${orderId}`,
      Notes: 'A scratch on the clasp',
    })
    expect(rows[0]!.Date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    // The columns add up to the cards.
    expect(rows.reduce((sum, row) => sum + cents(row['Sale Price']!), 0)).toBe(searched.totalSales)
    expect(rows.reduce((sum, row) => sum + cents(row.Profit!), 0)).toBe(searched.totalProfit)

    const month = await thisMonth()
    expect(month.sales).toBe(monthBefore.sales - 5_000)
    expect(month.profit).toBe(monthBefore.profit - 5_000)
    const dashboard = await overview()
    expect(dashboard.salesThisMonth.amount).toBe(dashboardBefore.salesThisMonth.amount - 5_000)
    expect(dashboard.salesToday.amount).toBe(dashboardBefore.salesToday.amount - 5_000)
    expect(dashboard.refundsThisMonth.amount).toBe(dashboardBefore.refundsThisMonth.amount + 5_000)
  })

  it('is not counted twice for a returned piece: only the money beyond its price is a line', async () => {
    const { orderId, first, second } = await paidOrder('Moss')
    await refund(orderId, { amount: 20_000, reason: 'Returned', restock: [first.id] })
    expect(await cards('Moss')).toMatchObject({ totalSales: 30_000, totalProfit: 20_000, transactions: 1 })
    expect((await csvRows('Moss')).map((row) => row.Source)).toEqual(['order'])

    // The pendant comes back too, with the rest of the money.
    await refund(orderId, { amount: 30_000, reason: 'Returned', restock: [second.id] })
    // The order has no sale left in the ledger, so nothing of it is counted, refunds included.
    expect(await cards('Moss')).toMatchObject({ totalSales: 0, totalProfit: 0, transactions: 0 })
    expect(await csvRows('Moss')).toEqual([])
  })

  it('counts the money beyond a returned piece while the order keeps a sale', async () => {
    const { orderId, first } = await paidOrder('Lavender')
    // A return refunds at most what the piece was paid (issue 32): the goodwill $20 is its own refund.
    const over = await admin_('POST', `/api/orders/${orderId}/refunds`, {
      amount: 22_000,
      reason: 'Returned, with a goodwill $20',
      restock: [first.id],
    })
    expect(over.statusCode).toBe(409)
    await refund(orderId, { amount: 20_000, reason: 'Returned', restock: [first.id] })
    await refund(orderId, { amount: 2_000, reason: 'A goodwill $20' })
    expect(await cards('Lavender')).toMatchObject({
      totalSales: 28_000,
      totalProfit: 18_000,
      transactions: 1,
    })
    const rows = await csvRows('Lavender')
    expect(rows.map((row) => [row.Source, row['Sale Price']])).toEqual([
      ['refund', '-20.00'],
      ['order', '300.00'],
    ])
  })

  it('leaves a cancelled order out altogether', async () => {
    const { orderId } = await paidOrder('Ivory')
    await refund(orderId, { amount: 1_000, reason: 'Price match' })
    expect(await cards('Ivory')).toMatchObject({ totalSales: 49_000, transactions: 2 })
    const cancelled = await admin_('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' })
    expect(cancelled.statusCode).toBe(200)
    expect(await cards('Ivory')).toMatchObject({ totalSales: 0, totalProfit: 0, transactions: 0 })
    expect(await csvRows('Ivory')).toEqual([])
  })
})
