import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { cookieHeader, shopForFile } from '../../test/helpers'

// A shopper on a payment plan reads, on their order page, what is left and when each part falls due.

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

describe("a plan shopper's order", () => {
  it('carries the balance and the schedule: paid, due and overdue steps', async () => {
    // A signed-in shopper's order, so both ways of reading it are checked.
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'plan_shopper', password: 'correct horse battery' },
    })
    const shopper = cookieHeader(register)
    const piece = await insertProduct(t.handle.db, { price: 90_000 })
    const placed = await placeZelleOrder(t.app, [piece], { cookie: shopper })
    const { id } = placed.json() as { id: number }

    const today = dayIn(t.config.store.timeZone)
    const plan = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/plan`,
      headers: { cookie: owner },
      payload: {
        depositAmount: 30_000,
        installments: [
          { amount: 20_000, dueDate: addDays(today, 1) },
          { amount: 20_000, dueDate: addDays(today, 31) },
          { amount: 20_000, dueDate: addDays(today, 61) },
        ],
      },
    })
    expect(plan.statusCode).toBe(200)
    // Deposit and the first instalment received.
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}/payment`,
      headers: { cookie: owner },
      payload: { paymentStatus: 'partial', amount: 50_000, method: 'zelle' },
    })
    expect(paid.statusCode).toBe(200)
    // The second falls due yesterday: the plan was agreed long ago.
    await t.handle.db.execute(sql`
      update payment_installments set due_date = (${addDays(today, -1)}::date + time '12:00') at time zone 'UTC'
      where id = (select i.id from payment_installments i join payment_plans p on p.id = i.plan_id
                  where p.order_id = ${id} order by i.due_date offset 1 limit 1)`)

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie: shopper } })
    expect(mine.statusCode).toBe(200)
    const order = mine.json()
    expect(order).toMatchObject({ total: 90_000, amountPaid: 50_000, paymentStatus: 'partial' })
    // A money-only refund: what was paid is what was kept, as the payment status counts it.
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refunds`,
      headers: { cookie: owner },
      payload: { amount: 5_000, reason: 'Price adjusted' },
    })
    expect(refunded.statusCode).toBe(201)
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie: shopper } })
    ).json()
    expect(after).toMatchObject({ amountPaid: 45_000, refundedAmount: 5_000, paymentStatus: 'partial' })
    // The deposit stays paid, and what is left to pay is the new total less what was kept.
    expect(after.plan).toMatchObject({ depositDue: 0, balance: 90_000 - 5_000 - 45_000 })

    expect(order.plan).toEqual({
      depositAmount: 30_000,
      depositDue: 0,
      balance: 40_000,
      installments: [
        { amount: 20_000, dueDate: addDays(today, -1), paid: false, overdue: true },
        { amount: 20_000, dueDate: addDays(today, 1), paid: true, overdue: false },
        { amount: 20_000, dueDate: addDays(today, 61), paid: false, overdue: false },
      ],
    })
  })

  it('says there is no plan, and what was paid, on an order without one', async () => {
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'plain_shopper', password: 'correct horse battery' },
    })
    const shopper = cookieHeader(register)
    const placed = await placeZelleOrder(t.app, [piece], { cookie: shopper })
    const { id } = placed.json() as { id: number }
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie: shopper } })
    expect(mine.json()).toMatchObject({ amountPaid: 0, plan: null })
  })
})
