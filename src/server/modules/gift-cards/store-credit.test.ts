import { parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AccountGiftCards } from '../../../shared/gift-cards/account-contract'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import type { Refund } from '../../../shared/orders/refunds'
import type { SalesPage } from '../../../shared/sales/schema'
import {
  adminCookie,
  type OrderPiece,
  placedOrderId,
  postCheckout,
  zelleOrderBody,
} from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { users } from '../accounts/schema'
import { payments, refunds } from '../ledger/schema'
import { emailOutbox } from '../mail/schema'
import { drawCode } from './codes'
import { giftCardTestKit } from './gift-card-test-kit'
import { giftCards, giftCardTransactions } from './schema'

// Store credit (issue 36), through HTTP: a refund given as a new card in the shopper's name, the
// shopper's cards on their account, and checkout applying one by id with no code typed.

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const { nextAddress, piece, issueCard, cartWith, apply, refund } = giftCardTestKit(
  () => ({ t, owner }),
  '10.37',
)

let shoppers = 0
async function shopper() {
  shoppers += 1
  const email = `credit${shoppers}-${Date.now()}@example.com`
  const account = await registerCustomer(t.app, { email })
  const [me] = await t.handle.db.select().from(users).where(eq(users.username, account.username))
  return { ...account, email, id: me!.id }
}

/** A Zelle order for `ring` by the signed-in `buyer` (or a guest at `email`), paid in full by the owner. */
async function paidOrder(ring: OrderPiece, buyer: { cookie?: string; email: string }) {
  const orderId = placedOrderId(
    await postCheckout(t.app, zelleOrderBody([ring], { email: buyer.email }), {
      cookie: buyer.cookie,
      remoteAddress: nextAddress(),
    }),
  )
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/payment`,
    payload: { paymentStatus: 'paid' },
    headers: { cookie: owner },
  })
  expect(paid.statusCode).toBe(200)
  return orderId
}

const adminOrder = async (orderId: number) => {
  const response = await t.app.inject({
    url: `/api/admin/orders?search=%23${orderId}`,
    headers: { cookie: owner },
  })
  return (response.json() as { items: AdminOrder[] }).items[0]!
}
const ledger = async () =>
  ((await t.app.inject({ url: '/api/sales?period=all', headers: { cookie: owner } })).json() as SalesPage)
    .summary
const outstanding = async () =>
  (
    (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: owner } })).json() as {
      giftCardsOutstanding: number
    }
  ).giftCardsOutstanding

/** The store-credit e-mail sent to `email`, with the code read out of it. */
async function creditMail(email: string) {
  const mails = await t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'gift-card'), eq(emailOutbox.toAddress, email)))
  const mail = mails.at(-1)!
  return { mail, code: /code: ([A-Z0-9-]{19})/.exec(mail.textBody ?? '')![1]! }
}

const cardOf = async (last4: string, orderId: number) => {
  const [line] = await t.handle.db
    .select({ cardId: giftCardTransactions.giftCardId })
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.orderId, orderId), eq(giftCardTransactions.kind, 'issue')))
  const [card] = await t.handle.db.select().from(giftCards).where(eq(giftCards.id, line!.cardId))
  expect(card!.last4).toBe(last4)
  return card!
}

describe('a refund as store credit', () => {
  it('puts the whole amount on a new card in the customer’s name, done at once, e-mailed, in the ledger', async () => {
    const buyer = await shopper()
    const ring = await piece(20_000)
    const orderId = await paidOrder(ring, buyer)
    const [beforeLedger, beforeOutstanding] = [await ledger(), await outstanding()]

    const response = await refund(orderId, { amount: 20_000, reason: 'Returned unworn', asStoreCredit: true })
    expect(response.statusCode).toBe(201)
    const created = response.json() as Refund
    expect(created).toMatchObject({ amount: 20_000, method: 'store_credit', status: 'done' })
    const last4 = created.storeCreditLast4!
    expect(last4).toMatch(/^[A-Z0-9]{4}$/)

    const card = await cardOf(last4, orderId)
    expect(card).toMatchObject({
      source: 'store_credit',
      customerId: buyer.id,
      recipientEmail: buyer.email,
      initialAmount: 20_000,
      balance: 20_000,
      active: true,
      expiresAt: null,
    })
    const [row] = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(row).toMatchObject({ method: 'store_credit', status: 'done', giftCardId: card.id, attempts: 0 })
    expect(row!.completedAt).not.toBeNull()
    expect(row!.idempotencyKey).toBeNull()

    const { mail, code } = await creditMail(buyer.email)
    expect(mail.subject).toBe(`Your $200.00 store credit for order #${orderId}`)
    expect(code.replace(/-/g, '').slice(-4)).toBe(last4)
    expect(mail.textBody).toContain('Amount: $200.00')

    const order = await adminOrder(orderId)
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 20_000 })
    expect(order.refunds).toEqual([created])
    expect(order.events.map((line) => line.message)).toContain(
      `$200.00 refunded as store credit, card ••••${last4}: Returned unworn. Refunded`,
    )
    // The sale is reversed as by any refund, and the card is owed until it is spent.
    const afterLedger = await ledger()
    expect(afterLedger.refunds).toEqual({
      amount: beforeLedger.refunds.amount + 20_000,
      count: beforeLedger.refunds.count + 1,
    })
    expect(afterLedger.totalSales).toBe(beforeLedger.totalSales - 20_000)
    expect((await outstanding()) - beforeOutstanding).toBe(20_000)
  })

  it('a partial refund to the cent: the order stays paid less what went back, the card holds just that', async () => {
    const guest = { email: `guest-credit-${Date.now()}@example.com` }
    const ring = await piece(31_999)
    const orderId = await paidOrder(ring, guest)
    const response = await refund(orderId, { amount: 4_321, reason: 'Price adjustment', asStoreCredit: true })
    expect(response.statusCode).toBe(201)
    const { storeCreditLast4 } = response.json() as Refund
    const card = await cardOf(storeCreditLast4!, orderId)
    // A guest's order: the card is theirs by e-mail alone.
    expect(card).toMatchObject({ balance: 4_321, customerId: null, recipientEmail: guest.email })
    const order = await adminOrder(orderId)
    expect(order).toMatchObject({ refundedAmount: 4_321, amountPaid: 31_999 })
    expect(order.paymentStatus).toBe('paid')
    // What is left may still go back as money, and no more than that.
    const over = await refund(orderId, { amount: 31_999 - 4_321 + 1, reason: 'Too much' })
    expect(over.statusCode).toBe(409)
    const rest = await refund(orderId, { amount: 31_999 - 4_321, reason: 'Returned' })
    expect(rest.json()).toMatchObject({ method: 'zelle', status: 'done' })
    expect((await adminOrder(orderId)).paymentStatus).toBe('refunded')
  })
})

describe('a signed-in shopper’s cards', () => {
  const mine = (cookie: string) => t.app.inject({ url: '/api/account/gift-cards', headers: { cookie } })
  const issueTo = (email: string, amount: number) =>
    issueCard(amount, { reason: 'Birthday', recipientEmail: email })

  /** Store credit of `amount` for `holder`, from a refund of an order of theirs. */
  async function creditFor(holder: { cookie: string; email: string }, amount: number) {
    const orderId = await paidOrder(await piece(), holder)
    const { storeCreditLast4 } = (
      await refund(orderId, { amount, reason: 'Returned', asStoreCredit: true })
    ).json() as Refund
    return cardOf(storeCreditLast4!, orderId)
  }

  it('lists their store credit and the cards sent to their e-mail, nobody else’s; anonymous is 401', async () => {
    const buyer = await shopper()
    const stranger = await shopper()
    const orderId = await paidOrder(await piece(), buyer)
    const { storeCreditLast4 } = (
      await refund(orderId, { amount: 2_500, reason: 'Goodwill', asStoreCredit: true })
    ).json() as Refund
    const gift = await issueTo(buyer.email.toUpperCase(), 7_500)
    await issueTo(stranger.email, 1_000)
    // A card the buyer bought for a friend is the friend's: not listed for the buyer.
    const bought = drawCode()
    await t.handle.db.insert(giftCards).values({
      codeHash: bought.codeHash,
      last4: bought.last4,
      initialAmount: 5_000,
      balance: 5_000,
      recipientEmail: stranger.email,
      customerId: buyer.id,
      source: 'purchased',
    })

    const response = await mine(buyer.cookie)
    expect(response.statusCode).toBe(200)
    const list = response.json() as AccountGiftCards
    expect(list.total).toBe(2)
    expect(list.items).toEqual([
      expect.objectContaining({
        last4: gift.last4,
        balance: 7_500,
        status: 'active',
        source: 'issued',
        applicable: false,
      }),
      expect.objectContaining({
        last4: storeCreditLast4,
        balance: 2_500,
        initialAmount: 2_500,
        status: 'active',
        source: 'store_credit',
        expiresAt: null,
        applicable: true,
      }),
    ])
    expect(JSON.stringify(list)).not.toMatch(/code/i)
    expect((await mine(stranger.cookie)).json()).toMatchObject({ total: 2 })
    expect((await t.app.inject({ url: '/api/account/gift-cards' })).statusCode).toBe(401)
  })

  it('apply their own store credit by id, refuse any other card by id with 404, keep { code } working', async () => {
    const buyer = await shopper()
    const stranger = await shopper()
    const own = await creditFor(buyer, 3_000)
    const theirs = await creditFor(stranger, 3_000)
    // Sent to the buyer's e-mail: theirs to spend by its code only (an e-mail is not proof of who holds it).
    const mailed = await issueTo(buyer.email, 1_500)
    await cartWith(await piece(20_000), buyer.cookie)

    for (const cardId of [theirs.id, mailed.id, 999_999]) {
      const refused = await apply(buyer.cookie, { cardId })
      expect(refused.statusCode).toBe(404)
      expect(refused.json().message).toBe('Gift card not found')
    }
    const applied = await apply(buyer.cookie, { cardId: own.id })
    expect(applied.statusCode).toBe(200)
    expect(applied.json()).toMatchObject({
      giftCards: [{ last4: own.last4, kind: 'store_credit', applied: 3_000 }],
      amountDue: 17_000,
    })
    const twice = await apply(buyer.cookie, { cardId: own.id })
    expect(twice.json().message).toBe('This gift card is already applied')
    // A typed code works as before.
    const typed = await apply(buyer.cookie, { code: mailed.code })
    expect(typed.json()).toMatchObject({
      giftCards: [{ kind: 'store_credit' }, { last4: mailed.last4, kind: 'gift_card' }],
      amountDue: 15_500,
    })
    expect((await apply(buyer.cookie, {})).json().message).toBe('Enter a gift card code')

    // A visitor who is not signed in has no cards of their own.
    const guestCookie = await cartWith(await piece())
    expect((await apply(guestCookie, { cardId: own.id })).statusCode).toBe(404)
  })

  it('a store-credit card applied by id pays part of the next order, the rest by Zelle', async () => {
    const buyer = await shopper()
    const first = await paidOrder(await piece(), buyer)
    const { storeCreditLast4 } = (
      await refund(first, { amount: 5_055, reason: 'Returned', asStoreCredit: true })
    ).json() as Refund
    const card = await cardOf(storeCreditLast4!, first)
    const ring = await piece(25_000)
    await cartWith(ring, buyer.cookie)
    expect((await apply(buyer.cookie, { cardId: card.id })).json()).toMatchObject({ amountDue: 19_945 })

    const response = await postCheckout(
      t.app,
      zelleOrderBody([ring], { email: buyer.email, fields: { amountDue: 19_945 } }),
      { cookie: buyer.cookie, remoteAddress: nextAddress() },
    )
    const orderId = placedOrderId(response)
    expect(await adminOrder(orderId)).toMatchObject({
      giftCardPayments: [{ last4: storeCreditLast4, kind: 'store_credit', amount: 5_055 }],
      amountDue: 19_945,
      paymentStatus: 'partial',
    })
    // The shopper's order says it the same way: store credit, not a gift card.
    const own = await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: buyer.cookie } })
    expect(own.json().giftCardPayments).toEqual([
      { last4: storeCreditLast4, kind: 'store_credit', amount: 5_055 },
    ])
    // The invoice names the payment by its note: store credit, not a gift card.
    expect(await t.handle.db.select().from(payments).where(eq(payments.orderId, orderId))).toMatchObject([
      { method: 'gift_card', amount: 5_055, note: `Store credit ••••${storeCreditLast4}` },
    ])
    const [spent] = await t.handle.db.select().from(giftCards).where(eq(giftCards.id, card.id))
    expect(spent!.balance).toBe(0)
    const listed = (await mine(buyer.cookie)).json() as AccountGiftCards
    expect(listed.items).toEqual([
      expect.objectContaining({ last4: storeCreditLast4, status: 'spent', balance: 0 }),
    ])
  })

  it('an order paid all by store credit reads "Store credit ••••AB12" in the sales CSV', async () => {
    const buyer = await shopper()
    const first = await paidOrder(await piece(20_000), buyer)
    const { storeCreditLast4 } = (
      await refund(first, { amount: 20_000, reason: 'Returned', asStoreCredit: true })
    ).json() as Refund
    const card = await cardOf(storeCreditLast4!, first)
    const ring = await piece(20_000)
    await cartWith(ring, buyer.cookie)
    expect((await apply(buyer.cookie, { cardId: card.id })).json()).toMatchObject({ amountDue: 0 })
    const orderId = placedOrderId(
      await postCheckout(
        t.app,
        zelleOrderBody([ring], { email: buyer.email, fields: { paymentMethod: 'gift_card', amountDue: 0 } }),
        { cookie: buyer.cookie, remoteAddress: nextAddress() },
      ),
    )
    const csv = await t.app.inject({ url: '/api/sales/export?period=all', headers: { cookie: owner } })
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[]
    expect(rows.find((row) => row.Order === `#${orderId}`)).toMatchObject({
      'Payment Method': `Store credit ••••${storeCreditLast4}`,
    })
  })
})
