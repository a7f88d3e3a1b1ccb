import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { OrderLinkTokens } from '../orders/order-link-token'
import { orderEvents } from '../orders/schema'
import { installmentReminders } from './reminders'

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const context = {
  store: { name: 'Jade Shop', email: 'shop@example.com', phone: '713-555-0000' },
  publicUrl: 'https://shop.example',
  orderLinks: new OrderLinkTokens('a-test-secret-of-at-least-32-characters'),
}
const sweep = installmentReminders(context as never, 'America/Chicago')

async function plannedOrder(email: string) {
  const piece = await insertProduct(t.handle.db, { price: 30_000 })
  const placed = await placeZelleOrder(t.app, [piece], { email })
  const orderId = (placed.json() as { id: number }).id
  const plan = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/plan`,
    payload: {
      depositAmount: 10_000,
      installments: [
        { amount: 10_000, dueDate: '2099-03-01' },
        { amount: 10_000, dueDate: '2099-04-01' },
      ],
    },
    headers: { cookie: admin },
  })
  expect(plan.statusCode).toBe(200)
  return orderId
}

const remindersTo = async (email: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'installment-reminder')))
const run = (now: string) => t.handle.db.transaction((tx) => sweep.run(tx, new Date(now), 100))

describe('instalment reminders', () => {
  it('reminds once a few days before the due day and once when it has passed', async () => {
    const email = 'nora.once@example.com'
    const orderId = await plannedOrder(email)
    await run('2099-02-20T15:00:00Z') // nine days before: nothing yet
    expect(await remindersTo(email)).toHaveLength(0)

    await run('2099-02-26T15:00:00Z') // three days before, in Chicago
    await run('2099-02-27T15:00:00Z') // not again
    let mails = await remindersTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual([`Instalment due March 1, 2099 for order #${orderId}`])
    expect(mails[0]!.textBody).toContain('$100.00')

    await run('2099-03-01T20:00:00Z') // the due day itself (14:00 in Chicago): not late yet
    expect(await remindersTo(email)).toHaveLength(1)
    await run('2099-03-02T15:00:00Z') // the day after: overdue, once
    await run('2099-03-03T15:00:00Z')
    mails = await remindersTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Instalment due March 1, 2099 for order #${orderId}`,
      `Payment overdue for order #${orderId}`,
    ])
    const trail = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
    expect(trail.filter((event) => event.kind === 'email').map((event) => event.message)).toEqual([
      `Upcoming instalment reminder e-mailed to ${email}`,
      `Overdue instalment reminder e-mailed to ${email}`,
    ])
  })

  it('says nothing about a paid instalment or a cancelled order', async () => {
    const paidEmail = 'nora.paid@example.com'
    const paid = await plannedOrder(paidEmail)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${paid}/payment`,
      payload: { paymentStatus: 'partial', amount: 20_000 },
      headers: { cookie: admin },
    })
    const cancelledEmail = 'nora.cancelled@example.com'
    const cancelled = await plannedOrder(cancelledEmail)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelled}/status`,
      payload: { status: 'cancelled' },
      headers: { cookie: admin },
    })
    await run('2099-02-27T15:00:00Z')
    await run('2099-03-05T15:00:00Z')
    expect(await remindersTo(paidEmail)).toEqual([])
    expect(await remindersTo(cancelledEmail)).toEqual([])
  })

  it('sends one reminder when two workers run at the same moment', async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('needs two connections at once')
    const email = 'nora.twice@example.com'
    await plannedOrder(email)
    const sent = await Promise.all([
      run('2099-02-27T15:00:00Z'),
      run('2099-02-27T15:00:00Z'),
      run('2099-02-27T15:00:00Z'),
    ])
    expect(sent.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1)
    expect(await remindersTo(email)).toHaveLength(1)
  })
})
