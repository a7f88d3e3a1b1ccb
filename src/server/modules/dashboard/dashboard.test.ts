import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MoneyOverview } from '../../../shared/dashboard/admin-contract'
import type { AdminOrderPage } from '../../../shared/orders/admin-schema'
import { owedOrders } from '../../../shared/orders/rules'
import { adminCookie, insertProduct } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { paymentPlans, payments, sales } from '../ledger/schema'
import { orders } from '../orders/schema'

let t: TestApp
let admin: string

beforeAll(async () => {
  // UTC, so the test can say where "today" and "this month" begin without a time-zone library.
  t = await createTestApp({ env: { STORE_TIMEZONE: 'UTC' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

describe('the money overview', () => {
  it('sums sales since midnight and since the first of the month, and what open orders still owe', async () => {
    const db = t.handle.db
    const now = new Date()
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const piece = await insertProduct(db, { status: 'reserved', stockQuantity: 0 })
    const sale = (salePrice: number, saleDate: Date) => ({
      productId: piece.id,
      salePrice,
      paymentMethod: 'zelle' as const,
      saleDate,
    })
    await db
      .insert(sales)
      .values([
        sale(10_000, now),
        sale(2_500, new Date(monthStart.getTime() + 60_000)),
        sale(99_900, new Date(monthStart.getTime() - 60_000)),
      ])

    const [, partial] = await db
      .insert(orders)
      .values([
        { subtotal: 50_000, total: 50_000, paymentMethod: 'zelle', paymentStatus: 'unpaid' },
        { subtotal: 80_000, total: 80_000, paymentMethod: 'zelle', paymentStatus: 'partial' },
        {
          subtotal: 70_000,
          total: 70_000,
          paymentMethod: 'zelle',
          paymentStatus: 'unpaid',
          status: 'cancelled',
        },
        { subtotal: 30_000, total: 30_000, paymentMethod: 'stripe', paymentStatus: 'paid' },
      ])
      .returning()
    await db.insert(payments).values({ orderId: partial!.id, amount: 20_000, method: 'zelle' })

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { cookie: admin },
    })
    expect(response.statusCode).toBe(200)
    const secondSaleToday = new Date(monthStart.getTime() + 60_000) >= dayStart
    expect(response.json() as MoneyOverview).toEqual({
      awaitingPayment: { orders: 2, balance: 50_000 + 60_000 },
      reservedPieces: 1,
      salesToday: { amount: secondSaleToday ? 12_500 : 10_000, count: secondSaleToday ? 2 : 1 },
      salesThisMonth: { amount: 12_500, count: 2 },
      refundsThisMonth: { amount: 0, count: 0 },
      failedRefunds: { count: 0, orderId: null },
      webhookSilent: false,
      giftCardsOutstanding: 0,
    })
  })
})

describe('what is owed', () => {
  it('is one count on the dashboard, in the orders header and across the tabs, plans included', async () => {
    const db = t.handle.db
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } })
      expect(response.statusCode).toBe(200)
      return response.json()
    }
    const [, onPlan, refundedPlan] = await db
      .insert(orders)
      .values([
        { subtotal: 10_000, total: 10_000, paymentMethod: 'zelle', paymentStatus: 'unpaid' },
        { subtotal: 360_000, total: 360_000, paymentMethod: 'zelle', paymentStatus: 'unpaid' },
        { subtotal: 20_000, total: 20_000, paymentMethod: 'zelle', paymentStatus: 'refunded' },
      ])
      .returning()
    await db.insert(paymentPlans).values([
      { orderId: onPlan!.id, depositAmount: 0, totalAmount: 360_000 },
      { orderId: refundedPlan!.id, depositAmount: 0, totalAmount: 20_000 },
    ])

    const overview = (await get('/api/admin/overview')) as MoneyOverview
    const list = (await get('/api/admin/orders')) as AdminOrderPage
    expect(owedOrders(list.tabCounts)).toBe(overview.awaitingPayment.orders)
    const plans = (await get('/api/admin/orders?tab=payment-plans')) as AdminOrderPage
    expect(plans.items.map((order) => order.id)).toEqual([onPlan!.id])
    expect(list.tabCounts['payment-plans']).toBe(1)
  })
})
