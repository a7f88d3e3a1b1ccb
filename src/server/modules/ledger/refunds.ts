import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { formatCents } from '../../../shared/money'
import {
  type Refund,
  type RefundInput,
  reasonClause,
  refundAnswer,
  refundDestination,
  returnRefundLimit,
} from '../../../shared/orders/refunds'
import { PAYMENT_STATUS_LABELS, type PaymentMethod, type PaymentStatus } from '../../../shared/orders/rules'
import { crashPoint } from '../../crash-points'
import type { Database, DbOrTx, Tx } from '../../db/client'
import { queryRows, sqlType } from '../../db/query-rows'
import { conflict, invalid, notFound } from '../../errors'
import { giftCardRefundShares } from '../gift-cards/checkout-payments'
import { creditGiftCard } from '../gift-cards/ledger'
import type { ActionContext } from '../orders/action-context'
import { recordEvent } from '../orders/events'
import { tellShopper } from '../orders/order-notices'
import { orderItems } from '../orders/schema'
import { amountPaid, type LockedOrder, lockOrder, recordRefund, refundsHeld } from './ledger'
import { processRefund, type RefundDeps } from './refund-worker'
import { payments, refunds as refundsTable } from './schema'
import { refundAsStoreCredit } from './store-credit-refund'

// A refund, and with it a return: money paid back on an order, and the pieces that come back put
// on sale again, in one transaction with the order locked, so two refunds at once queue up and
// never pay back more than came in. A card refund is written down first (a pending row) and the
// provider called after the commit (refund-worker.ts): a crash or an outage in between leaves a
// row the worker finishes, never money taken and nothing owed on record (docs/decisions/011).

export async function refundOrder(
  db: Database,
  orderId: number,
  input: RefundInput,
  context: ActionContext & { refunds: RefundDeps },
): Promise<Refund> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const refundable = (await amountPaid(tx, orderId)) - (await refundsHeld(tx, orderId)).all
    if (refundable <= 0 || order.paymentStatus === 'refunded')
      throw conflict('Nothing paid on this order is left to refund', 'amount')
    if (input.amount > refundable)
      throw conflict(
        context.seesMoney
          ? `The refund exceeds the ${formatCents(refundable)} paid and not yet refunded`
          : 'The refund exceeds what was paid and not yet refunded',
        'amount',
      )
    const returned = await piecesToReturn(tx, order, [...new Set(input.restock ?? [])])
    const returnLimit = returnRefundLimit(
      await paidLines(tx, orderId),
      returned.map((piece) => piece.productId),
    )
    if (returnLimit && input.amount > returnLimit.limit)
      throw conflict(
        context.seesMoney ? returnLimit.message : 'The refund exceeds what was paid for the returned pieces',
        'amount',
      )
    let restock = returned.map((piece) => piece.productId)
    if (input.asStoreCredit) return (await refundAsStoreCredit(tx, order, { ...input, returned }, context)).id
    // What gift cards paid goes back to them first (issue 36), at once and in this transaction:
    // each card's balance restored and the card enabled again. The rest goes as below.
    const toCards = await giftCardRefundShares(tx, orderId, input.amount)
    const cardsPart = toCards.reduce((sum, share) => sum + share.amount, 0)
    let done: { id: number; after: PaymentStatus } | undefined
    if (cardsPart > 0) {
      for (const share of toCards)
        await creditGiftCard(tx, {
          cardId: share.cardId,
          amount: share.amount,
          orderId,
          reason: input.reason,
          actor: { id: null, name: context.actor.name, role: context.actor.role },
        })
      done = await recordRefund(tx, order, {
        amount: cardsPart,
        method: 'gift_card',
        reason: input.reason,
        restock,
        actor: context.actor.name,
      })
      restock = []
    }
    const rest = input.amount - cardsPart
    // The rest by the method asked for, else the order's own; a whole-gift-card order has no rest.
    const method: PaymentMethod =
      rest > 0
        ? input.method && input.method !== 'gift_card'
          ? input.method
          : order.paymentMethod
        : 'gift_card'
    if (rest > 0 && method === 'gift_card')
      throw conflict('Only what gift cards paid can go back to them; choose how the rest goes back', 'method')
    const card =
      rest > 0 && method === 'stripe'
        ? { intentId: await cardIntent(tx, order), idempotencyKey: `refund-${randomUUID()}` }
        : undefined

    const { id, after } =
      rest > 0
        ? await recordRefund(tx, order, {
            amount: rest,
            method,
            reason: input.reason,
            restock,
            card,
            actor: context.actor.name,
          })
        : done!
    const names = returned.map((piece) => piece.name)
    const backOnSale = names.length > 0 ? `. Back on sale: ${names.join(', ')}` : ''
    await recordEvent(
      tx,
      orderId,
      'refund',
      `${cardsPart > 0 ? `${formatCents(cardsPart)} back on gift cards. ` : ''}${
        rest <= 0
          ? `Refunded: ${reasonClause(input.reason)}${backOnSale}. ${PAYMENT_STATUS_LABELS[after]}`
          : card
            ? `${formatCents(rest)} card refund started: ${reasonClause(input.reason)}${backOnSale}`
            : `${formatCents(rest)} refunded by ${methodWords(method)}: ${reasonClause(input.reason)}${backOnSale}. ${PAYMENT_STATUS_LABELS[after]}`
      }`,
      context.actor,
    )
    // The shopper hears now: the refund is on record and the worker sees it through.
    await tellShopper(tx, orderId, 'order-refunded', context.mail, {
      refund: { amount: input.amount, destination: refundDestination(method), returned: names },
    })
    return id
  })
  crashPoint('refund-after-commit')
  // The owner usually sees the card refund done in the same click; an outage leaves it to the worker.
  if (!input.asStoreCredit) await processRefund(context.refunds, id)
  const [{ orderId: _order, ...refund }] = (await refundRows(db, sql`id = ${id}`)) as [
    Refund & { orderId: number },
  ]
  return refund
}

const PaidOrderRow = z.object({
  shippingCost: z.number(),
  tax: z.number(),
  total: z.number(),
  taxable: z.number(),
})

/** The order's lines, shipping and refunds so far, for what a return may refund. */
async function paidLines(tx: Tx, orderId: number) {
  const items = await tx
    .select({
      productId: orderItems.productId,
      price: orderItems.price,
      quantity: orderItems.quantity,
      discount: orderItems.discount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
  const [order] = await queryRows(
    tx,
    PaidOrderRow,
    sql`select shipping_cost as "shippingCost", tax, total,
          coalesce((tax_lines->0->>'taxable')::int, total - tax) as taxable from orders where id = ${orderId}`,
  )
  // Every refund on record counts, pending and failed ones too: their money is spoken for.
  const refunds = await tx
    .select({ amount: refundsTable.amount, restockedProductIds: refundsTable.restockedProductIds })
    .from(refundsTable)
    .where(eq(refundsTable.orderId, orderId))
  return {
    items,
    shippingCost: order?.shippingCost ?? 0,
    tax: order?.tax ?? 0,
    total: order?.total ?? 0,
    taxable: order?.taxable ?? 0,
    refunds,
  }
}

const methodWords = (method: PaymentMethod) => (method === 'stripe' ? 'card' : method.replace(/_/g, ' '))

const PiecesToReturnRow = z.object({ productId: z.number().int(), name: z.string(), returned: z.boolean() })

/**
 * The order's lines the owner asked to put back on sale: each must be a piece of this order not
 * returned before, and a cancelled order's pieces are already back.
 */
async function piecesToReturn(
  tx: Tx,
  order: LockedOrder,
  productIds: number[],
): Promise<{ productId: number; name: string }[]> {
  if (productIds.length === 0) return []
  if (order.status === 'cancelled')
    throw conflict('This order is cancelled: its pieces are already back on sale', 'restock')
  const lines = await queryRows(
    tx,
    PiecesToReturnRow,
    sql`select i.product_id as "productId", min(i.product_name) as name,
          exists (select from refunds r where r.order_id = ${order.id} and i.product_id = any(r.restocked_product_ids)) as returned
        from order_items i where i.order_id = ${order.id} group by i.product_id`,
  )
  return productIds.map((productId) => {
    const line = lines.find((candidate) => candidate.productId === productId)
    if (!line) throw invalid(`Product #${productId} is not a piece of this order`, 'restock')
    if (line.returned) throw conflict(`${line.name} was already returned`, 'restock')
    return { productId, name: line.name }
  })
}

/** The card payment a card refund goes back through. */
async function cardIntent(tx: Tx, order: LockedOrder): Promise<string> {
  const [card] = await tx
    .select({ reference: payments.providerReference })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.method, 'stripe'),
        isNotNull(payments.providerReference),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1)
  if (!card?.reference)
    throw conflict(
      'This order has no card payment to refund through the provider; choose how the money goes back',
      'method',
    )
  return card.reference
}

// REFUND_COLUMNS's row: the back office's refund, its date PostgreSQL's text, and its order.
const RefundRow = refundAnswer.extend({ orderId: z.number().int(), createdAt: sqlType.timestamp })

const REFUND_COLUMNS = sql`id, order_id as "orderId", amount, method, reason, created_at as "createdAt",
  restocked_product_ids as "restockedProductIds", status, last_error as "lastError",
  (select g.last4 from gift_cards g where g.id = refunds.gift_card_id) as "storeCreditLast4"`

async function refundRows(db: DbOrTx, where: SQL): Promise<(Refund & { orderId: number })[]> {
  const rows = await queryRows(
    db,
    RefundRow,
    sql`select ${REFUND_COLUMNS} from refunds where ${where} order by created_at, id`,
  )
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }))
}

/** The refunds of several orders, oldest first, whatever their state. */
export async function refundsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, Refund[]>> {
  const byOrder = new Map<number, Refund[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await refundRows(db, sql`order_id = any(${`{${orderIds.join(',')}}`}::int[])`)
  for (const { orderId, ...row } of rows) {
    const list = byOrder.get(orderId) ?? []
    list.push(row)
    byOrder.set(orderId, list)
  }
  return byOrder
}
