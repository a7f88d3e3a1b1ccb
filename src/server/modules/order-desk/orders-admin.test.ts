import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AdminOrder, AdminOrderPage } from '../../../shared/orders/admin-schema'
import {
  CONFIRM_NEEDS_PAYMENT,
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderStatus,
  orderTabs,
} from '../../../shared/orders/rules'
import { queryRows } from '../../db/query-rows'
import {
  adminCookie,
  checkoutForm,
  insertProduct,
  placeCardOrder,
  placeZelleOrder,
} from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { paymentInstallments, paymentPlans, sales } from '../ledger/schema'
import { emailOutbox } from '../mail/schema'
import { orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

// The buyer the notices below are sent to.
const form = { ...checkoutForm, firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com' }

const OrderNewPieceRow = z.object({ paid: z.number() })

/** A Zelle order for one new piece (price $200, cost $80), as the storefront places it. */
async function orderNewPiece(
  customer: Partial<typeof form> & { appointmentRequest?: boolean } = {},
  pieceFields: Record<string, unknown> = {},
) {
  const piece = await insertProduct(t.handle.db, { price: 20_000, cost: 8_000, ...pieceFields })
  const response = await placeZelleOrder(t.app, [piece], { fields: { ...form, ...customer } })
  expect(response.statusCode).toBe(200)
  return { orderId: (response.json() as { id: number }).id, piece }
}

const patch = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: { cookie } })
const list = async (query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders${query}`,
    headers: { cookie: admin },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as AdminOrderPage
}
const productRow = async (id: number) =>
  (await t.handle.db.select().from(products).where(eq(products.id, id)))[0]!
const salesOf = (orderId: number) => t.handle.db.select().from(sales).where(eq(sales.orderId, orderId))

describe('the order list', () => {
  it('lists newest first with customer, items, payments and trail, and finds by name, e-mail or number', async () => {
    const first = await orderNewPiece({ firstName: 'Quinn', lastName: 'Oduya', email: 'quinn@example.com' })
    const second = await orderNewPiece({ firstName: 'Rosalind', lastName: 'Vey', email: 'rv@example.net' })
    const page = await list()
    expect(page.items[0]!.id).toBe(second.orderId)
    expect(page.items[1]!.id).toBe(first.orderId)
    const order = page.items[1]!
    expect(order).toMatchObject({
      customerName: 'Quinn Oduya',
      customerEmail: 'quinn@example.com',
      paymentStatus: 'unpaid',
      status: 'pending',
      total: 20_000,
      amountPaid: 0,
      balance: 20_000,
      paymentPlan: null,
    })
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: first.piece.id,
        productName: first.piece.name,
        quantity: 1,
        price: 20_000,
      }),
    ])

    expect((await list('?search=oduya')).items.map((o) => o.id)).toEqual([first.orderId])
    expect((await list('?search=RV%40EXAMPLE')).items.map((o) => o.id)).toEqual([second.orderId])
    expect((await list(`?search=%23${first.orderId}`)).items.map((o) => o.id)).toEqual([first.orderId])
    expect((await list('?search=nobody-at-all')).items).toEqual([])
  })

  it('sorts by buyer name and by the next payment due', async () => {
    const names = (await list('?sort=buyer&pageSize=200')).items.map((o) => o.customerName ?? '')
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    const withPlan = await orderNewPiece({ firstName: 'Due', lastName: 'Soon' })
    const [plan] = await t.handle.db
      .insert(paymentPlans)
      .values({ orderId: withPlan.orderId, depositAmount: 5_000, totalAmount: 20_000 })
      .returning()
    await t.handle.db.insert(paymentInstallments).values([
      { planId: plan!.id, amount: 7_500, dueDate: new Date('2020-01-01T00:00:00Z') },
      { planId: plan!.id, amount: 7_500, dueDate: new Date('2099-01-01T00:00:00Z') },
    ])
    const due = await list('?sort=due-date')
    expect(due.items[0]!.id).toBe(withPlan.orderId)
    expect(due.items[0]!.paymentPlan).toMatchObject({
      depositAmount: 5_000,
      remainingBalance: 20_000,
      nextDueDate: '2020-01-01',
      overdue: true,
    })
    expect(due.items[0]!.paymentPlan!.installments.map((step) => step.overdue)).toEqual([true, false])
  })

  it('counts every tab in agreement with the tab rules, and each tab holds exactly its orders', async () => {
    // One order in each interesting state.
    const paid = await orderNewPiece()
    expect((await patch(`/api/orders/${paid.orderId}/payment`, { paymentStatus: 'paid' })).statusCode).toBe(
      200,
    )
    const partial = await orderNewPiece()
    await patch(`/api/orders/${partial.orderId}/payment`, { paymentStatus: 'partial', amount: 1_000 })
    // Appointments asked for: one still to arrange, one moot once the order shipped.
    await orderNewPiece({ appointmentRequest: true })
    const shipped = await orderNewPiece({ appointmentRequest: true })
    await patch(`/api/orders/${shipped.orderId}/payment`, { paymentStatus: 'paid' })
    await patch(`/api/orders/${shipped.orderId}/status`, { status: 'preparing' })
    await patch(`/api/orders/${shipped.orderId}/status`, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
    })
    const cancelled = await orderNewPiece()
    await patch(`/api/orders/${cancelled.orderId}/status`, { status: 'cancelled' })

    const all = (await list('?pageSize=200')).items
    const page = await list()
    for (const tab of ORDER_TABS) {
      const expected = all
        .filter((order) =>
          orderTabs({
            ...order,
            hasPlan: order.paymentPlan !== null,
            needsAppointment: order.requests.appointment && order.requests.appointmentArrangedAt === null,
          }).includes(tab),
        )
        .map((order) => order.id)
        .sort()
      expect(page.tabCounts[tab], tab).toBe(expected.length)
      const listed = (await list(`?tab=${tab}&pageSize=200`)).items.map((order) => order.id).sort()
      expect(listed, tab).toEqual(expected)
    }
    expect(page.tabCounts['ready-to-ship']).toBeGreaterThan(0)
    expect(page.tabCounts.completed).toBeGreaterThan(0)
    expect(page.tabCounts.appointments).toBeGreaterThan(0)
  })

  it('refuses bad list parameters', async () => {
    for (const query of ['?tab=archived', '?sort=oldest', '?pageSize=500']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders${query}`,
        headers: { cookie: admin },
      })
      expect(response.statusCode, query).toBe(400)
    }
  })
})

describe('order steps', () => {
  it('allows only the next step or a cancel, from every status', async () => {
    const walk: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'shipped', 'delivered']
    for (const [index, from] of walk.entries()) {
      const { orderId } = await orderNewPiece()
      await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial', amount: 1_000 })
      for (const step of walk.slice(1, index + 1)) {
        const moved = await patch(`/api/orders/${orderId}/status`, {
          status: step,
          trackingNumber: 'TRACK123',
        })
        expect(moved.statusCode, `${from}: ${step}`).toBe(200)
      }
      for (const to of ORDER_STATUSES) {
        if (to === 'cancelled') continue
        const allowed = walk[index + 1] === to
        if (allowed) continue
        const refused = await patch(`/api/orders/${orderId}/status`, {
          status: to,
          trackingNumber: 'TRACK123',
        })
        expect(refused.statusCode, `${from} → ${to}`).toBe(409)
        expect(refused.json().message).toMatch(/can only|already/)
      }
      const cancelled = await patch(`/api/orders/${orderId}/status`, { status: 'cancelled' })
      expect(cancelled.statusCode, `${from} → cancelled`).toBe(200)
      for (const to of ORDER_STATUSES) {
        const stuck = await patch(`/api/orders/${orderId}/status`, { status: to })
        expect(stuck.statusCode, `cancelled → ${to}`).toBe(409)
        expect(stuck.json().message).toBe('This order is cancelled and can no longer change')
      }
    }
  })

  it('confirms an order only once money came in or a plan was agreed', async () => {
    const { orderId } = await orderNewPiece()
    const refused = await patch(`/api/orders/${orderId}/status`, { status: 'confirmed' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(CONFIRM_NEEDS_PAYMENT)

    // Recording the balance confirms it in one step, and the trail names the method as the shop says it.
    const paid = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid', method: 'zelle' })
    expect(paid.statusCode).toBe(200)
    const order = paid.json() as AdminOrder
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect(order.events.map((event) => event.message)).toContain('$200.00 received by Zelle: Paid in Full')

    const planned = await orderNewPiece()
    const plan = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${planned.orderId}/plan`,
      payload: { depositAmount: 0, installments: [{ amount: 20_000, dueDate: '2099-01-01' }] },
      headers: { cookie: admin },
    })
    expect(plan.statusCode).toBe(200)
    const agreed = await patch(`/api/orders/${planned.orderId}/status`, { status: 'confirmed' })
    expect(agreed.statusCode).toBe(200)
    expect((agreed.json() as AdminOrder).status).toBe('confirmed')
  })

  it('refuses an unknown status and unknown fields with 400', async () => {
    const { orderId } = await orderNewPiece()
    expect((await patch(`/api/orders/${orderId}/status`, { status: 'lost' })).statusCode).toBe(400)
    expect(
      (await patch(`/api/orders/${orderId}/status`, { status: 'confirmed', paid: true })).statusCode,
    ).toBe(400)
    expect((await patch('/api/orders/999999/status', { status: 'confirmed' })).statusCode).toBe(404)
  })

  it('ships only with a tracking number, and keeps the number given', async () => {
    const { orderId } = await orderNewPiece()
    await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial', amount: 1_000 })
    await patch(`/api/orders/${orderId}/status`, { status: 'confirmed' })
    await patch(`/api/orders/${orderId}/status`, { status: 'preparing' })
    const refused = await patch(`/api/orders/${orderId}/status`, { status: 'shipped' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Please enter a tracking number')

    const blank = await patch(`/api/orders/${orderId}/tracking`, { trackingNumber: '   ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe('Please enter a tracking number')

    const tracked = await patch(`/api/orders/${orderId}/tracking`, {
      trackingNumber: ' 9400111899223100012345 ',
    })
    expect(tracked.statusCode).toBe(200)
    expect((tracked.json() as AdminOrder).trackingNumber).toBe('9400111899223100012345')
    const shipped = await patch(`/api/orders/${orderId}/status`, { status: 'shipped' })
    expect(shipped.statusCode).toBe(200)
    const order = shipped.json() as AdminOrder
    expect(order.status).toBe('shipped')
    expect(order.events.map((event) => [event.kind, event.actor, event.message])).toEqual([
      // Confirmed on a deposit, before the whole payment: no 'payment received' e-mail.
      ['payment', 'owner', '$10.00 received by Zelle: Partial Payment'],
      ['status', 'owner', 'Order Received → Payment Confirmed'],
      ['status', 'owner', 'Payment Confirmed → Preparing to Ship'],
      ['tracking', 'owner', 'Tracking number 9400111899223100012345'],
      ['status', 'owner', 'Preparing to Ship → Shipped'],
      ['email', null, 'Shipping notice e-mailed to mei@example.com'],
    ])
    const [shippedMail] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order-shipped'), sql`${emailOutbox.textBody} like ${`%#${orderId}%`}`))
    expect(shippedMail).toMatchObject({
      toAddress: 'mei@example.com',
      subject: `Your order #${orderId} has shipped`,
    })
    expect(shippedMail!.textBody).toContain('Tracking number: 9400111899223100012345')
    expect(shippedMail!.textBody).toContain(
      'Track with USPS: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100012345',
    )
  })

  it('tells the shopper of a cancellation, never repeating a name with markup', async () => {
    const { orderId } = await orderNewPiece({ lastName: 'Doe' })
    // Names with markup are refused since issue 31: an order placed before may still hold one.
    await t.handle.db
      .update(orders)
      .set({ customerName: '<script>alert(1)</script> Doe' })
      .where(eq(orders.id, orderId))
    await patch(`/api/orders/${orderId}/status`, { status: 'cancelled' })
    const [mail] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, 'order-cancelled'), sql`${emailOutbox.textBody} like ${`%#${orderId}%`}`),
      )
    expect(mail!.subject).toBe(`Your order #${orderId} has been cancelled`)
    expect(mail!.htmlBody).toContain('Hello,')
    expect(mail!.htmlBody).not.toContain('<script>')
    expect(mail!.htmlBody).not.toContain('alert(1)')
  })

  it('is for administrators only', async () => {
    const { orderId } = await orderNewPiece()
    const customer = await registerCustomer(t.app)
    expect(
      (await patch(`/api/orders/${orderId}/status`, { status: 'confirmed' }, customer.cookie)).statusCode,
    ).toBe(403)
    expect((await patch(`/api/orders/${orderId}/status`, { status: 'confirmed' }, '')).statusCode).toBe(401)
  })
})

describe('payments', () => {
  it('derives the payment status from the payments received, whatever the request says', async () => {
    const { orderId, piece } = await orderNewPiece()
    expect((await productRow(piece.id)).status).toBe('reserved')

    const small = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid', amount: 5_000 })
    expect(small.statusCode).toBe(200)
    expect(small.json()).toMatchObject({ paymentStatus: 'partial', amountPaid: 5_000, balance: 15_000 })
    expect((await productRow(piece.id)).status).toBe('reserved')
    expect(await salesOf(orderId)).toEqual([])

    const over = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial', amount: 15_001 })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toBe('The payment exceeds the balance of $150.00')

    const noAmount = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial' })
    expect(noAmount.statusCode).toBe(400)

    const rest = await patch(`/api/orders/${orderId}/payment`, {
      paymentStatus: 'paid',
      note: 'Zelle from Mei',
    })
    expect(rest.statusCode).toBe(200)
    const paid = rest.json() as AdminOrder
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', amountPaid: 20_000, balance: 0 })
    expect(paid.payments.map((payment) => [payment.amount, payment.method, payment.note])).toEqual([
      [5_000, 'zelle', null],
      [15_000, 'zelle', 'Zelle from Mei'],
    ])

    // Paid in full: the piece is sold and the ledger has its sale, with the cost as it was.
    const sold = await productRow(piece.id)
    expect(sold).toMatchObject({ status: 'sold', soldPrice: 20_000, stockQuantity: 0 })
    expect(sold.soldAt).toBeInstanceOf(Date)
    await t.handle.db.update(products).set({ cost: 19_000 }).where(eq(products.id, piece.id))
    expect(await salesOf(orderId)).toEqual([
      expect.objectContaining({
        productId: piece.id,
        salePrice: 20_000,
        cost: 8_000,
        profit: 12_000,
        source: 'order',
      }),
    ])

    const again = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This order is already paid in full')
  })

  it('cancelling returns the piece and takes the sale out of the ledger', async () => {
    const { orderId, piece } = await orderNewPiece()
    await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
    expect(await salesOf(orderId)).toHaveLength(1)
    const cancelled = await patch(`/api/orders/${orderId}/status`, { status: 'cancelled' })
    expect(cancelled.statusCode).toBe(200)
    expect(await productRow(piece.id)).toMatchObject({
      status: 'available',
      stockQuantity: 1,
      soldAt: null,
      soldPrice: null,
    })
    expect(await salesOf(orderId)).toEqual([])
    // The Zelle payment goes back by hand: the trail says so.
    expect((cancelled.json() as AdminOrder).events.map((event) => event.message)).toContain(
      'Refund of $200.00 owed to the customer (received by Zelle)',
    )
    const refused = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
    expect(refused.statusCode).toBe(409)
  })

  it('cancelling an unpaid order frees the reserved piece for the next shopper', async () => {
    const { orderId, piece } = await orderNewPiece()
    await patch(`/api/orders/${orderId}/status`, { status: 'cancelled' })
    expect(await productRow(piece.id)).toMatchObject({ status: 'available', stockQuantity: 1 })
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${piece.id}` })
    expect(response.json().status).toBe('available')
  })

  it('refunds a card order through the provider when it is cancelled', async () => {
    const piece = await insertProduct(t.handle.db, { price: 30_000, cost: 10_000 })
    const placed = await placeCardOrder(t.app, piece, form)
    expect(placed.statusCode).toBe(200)
    const orderId = (placed.json() as { id: number }).id
    expect(await salesOf(orderId)).toHaveLength(1)

    const cancelled = await patch(`/api/orders/${orderId}/status`, { status: 'cancelled' })
    expect(cancelled.statusCode).toBe(200)
    const order = cancelled.json() as AdminOrder
    expect(order.paymentStatus).toBe('refunded')
    expect(order.refundedAmount).toBe(30_000)
    // Decided with the cancellation, made by the provider just after its commit.
    expect(order.events.slice(-3)).toMatchObject([
      { kind: 'refund', message: '$300.00 card refund started: Order cancelled' },
      { kind: 'email', message: 'Cancellation notice e-mailed to mei@example.com' },
      {
        kind: 'refund',
        message: expect.stringMatching(
          /^\$300\.00 refunded by card \(re_test_\w+\): Order cancelled\. Refunded$/,
        ),
      },
    ])
    const [card] = await t.handle.db.select().from(orders).where(eq(orders.id, orderId))
    const provider = t.app.paymentProvider as TestPaymentProvider
    expect(await provider.isRefunded(card!.paymentId!)).toBe(true)
    expect(await productRow(piece.id)).toMatchObject({ status: 'available', stockQuantity: 1 })
    expect(await salesOf(orderId)).toEqual([])
  })
})

describe('payment plans', () => {
  const putPlan = (orderId: number, plan: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/plan`,
      payload: plan,
      headers: { cookie: admin },
    })

  it('takes a deposit and instalments that add up to the total, and the piece sells at the last one', async () => {
    const { orderId, piece } = await orderNewPiece() // $200.00
    const wrong = await putPlan(orderId, {
      depositAmount: 5_000,
      installments: [{ amount: 5_000, dueDate: '2099-01-10' }],
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('The deposit and instalments must add up to the order total of $200.00')
    const past = await putPlan(orderId, {
      depositAmount: 5_000,
      installments: [{ amount: 15_000, dueDate: '2001-01-10' }],
    })
    expect(past.json().message).toBe('The first instalment cannot fall due in the past')
    const unordered = await putPlan(orderId, {
      depositAmount: 5_000,
      installments: [
        { amount: 7_500, dueDate: '2099-02-10' },
        { amount: 7_500, dueDate: '2099-01-10' },
      ],
    })
    expect(unordered.json().message).toBe('Each instalment must fall due after the one before')
    const impossible = await putPlan(orderId, {
      depositAmount: 5_000,
      installments: [{ amount: 15_000, dueDate: '2099-02-30' }],
    })
    expect(impossible.statusCode).toBe(400)
    expect(impossible.json().message).toBe('Enter a real date')
    // A blank date fails the shape first; the calendar check must not throw on it (a 500).
    const blank = await putPlan(orderId, {
      depositAmount: 5_000,
      installments: [{ amount: 15_000, dueDate: '' }],
    })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe('Enter a date as yyyy-mm-dd')

    const planned = await putPlan(orderId, {
      depositAmount: 5_000,
      installments: [
        { amount: 7_500, dueDate: '2099-01-10' },
        { amount: 7_500, dueDate: '2099-02-10' },
      ],
    })
    expect(planned.statusCode).toBe(200)
    expect((planned.json() as AdminOrder).paymentPlan).toMatchObject({
      depositAmount: 5_000,
      totalAmount: 20_000,
      remainingBalance: 20_000,
      nextDueDate: '2099-01-10',
      overdue: false,
    })
    const inPlans = (await list('?tab=payment-plans&pageSize=200')).items.map((order) => order.id)
    expect(inPlans).toContain(orderId)
    expect((await list('?tab=pending-payment&pageSize=200')).items.map((order) => order.id)).not.toContain(
      orderId,
    )

    const pay = async (amount: number) => {
      const response = await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial', amount })
      expect(response.statusCode).toBe(200)
      return response.json() as AdminOrder
    }
    let order = await pay(5_000) // the deposit
    expect(order.paymentPlan!.installments.map((step) => step.paid)).toEqual([false, false])
    order = await pay(7_500)
    expect(order.paymentPlan!.installments.map((step) => step.paid)).toEqual([true, false])
    expect(order.paymentPlan!.nextDueDate).toBe('2099-02-10')
    expect((await productRow(piece.id)).status).toBe('reserved')
    order = await pay(7_500)
    expect(order.paymentStatus).toBe('paid')
    expect(order.paymentPlan!.installments.every((step) => step.paid && step.paidDate)).toBe(true)
    expect(order.paymentPlan!.remainingBalance).toBe(0)
    expect((await productRow(piece.id)).status).toBe('sold')
    expect(order.events.filter((event) => event.kind === 'plan')).toHaveLength(1)
  })

  it('is overdue when the next due day has ended and the order is unpaid', async () => {
    const { orderId } = await orderNewPiece()
    expect(
      (
        await putPlan(orderId, {
          depositAmount: 0,
          installments: [
            { amount: 10_000, dueDate: '2099-03-01' },
            { amount: 10_000, dueDate: '2099-04-01' },
          ],
        })
      ).statusCode,
    ).toBe(200)
    const at = async (today: string) => {
      const { listAdminOrders } = await import('./admin-service')
      const page = await listAdminOrders(
        t.handle.db,
        { page: 1, pageSize: 5, search: `#${orderId}`, sort: 'newest', tab: 'all' },
        today,
      )
      return page.items[0]!.paymentPlan!
    }
    expect((await at('2099-03-01')).overdue).toBe(false) // due today: not yet late
    const late = await at('2099-03-02')
    expect(late.overdue).toBe(true)
    expect(late.installments.map((step) => step.overdue)).toEqual([true, false])
    expect((await at('2099-04-02')).installments.map((step) => step.overdue)).toEqual([true, true])
  })

  it('can be removed, keeping the payments', async () => {
    const { orderId } = await orderNewPiece()
    await putPlan(orderId, {
      depositAmount: 10_000,
      installments: [{ amount: 10_000, dueDate: '2099-01-01' }],
    })
    await patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial', amount: 10_000 })
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}/plan`,
      headers: { cookie: admin },
    })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({ paymentPlan: null, amountPaid: 10_000, paymentStatus: 'partial' })
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}/plan`,
      headers: { cookie: admin },
    })
    expect(again.statusCode).toBe(404)
  })
})

describe('concurrent payments and cancels on PostgreSQL', () => {
  it('never leaves stock, sale rows and payment status disagreeing', async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('needs real concurrency')
    for (let round = 0; round < 3; round++) {
      const { orderId, piece } = await orderNewPiece()
      const requests = Array.from({ length: 50 }, (_, index) =>
        index % 5 === 0
          ? patch(`/api/orders/${orderId}/status`, { status: 'cancelled' })
          : patch(`/api/orders/${orderId}/payment`, { paymentStatus: 'partial', amount: 2_000 }),
      )
      const answers = await Promise.all(requests)
      expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true)

      const order = (await list(`?search=%23${orderId}`)).items[0]!
      const product = await productRow(piece.id)
      const ledger = await salesOf(orderId)
      const [row] = await queryRows(
        t.handle.db,
        OrderNewPieceRow,
        sql`select coalesce(sum(amount), 0)::int as paid from payments where order_id = ${orderId}`,
      )
      const paid = row!.paid
      expect(order.status).toBe('cancelled')
      expect(paid).toBeLessThanOrEqual(order.total)
      expect(order.amountPaid).toBe(paid)
      // Cancelled: the piece is back and nothing of it is in the ledger.
      expect(product).toMatchObject({ status: 'available', stockQuantity: 1 })
      expect(ledger).toEqual([])
    }
  })
})
