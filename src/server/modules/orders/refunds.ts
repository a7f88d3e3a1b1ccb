import { sql } from 'drizzle-orm'
import { formatCents } from '../../../shared/money'
import { PAYMENT_STATUS_LABELS, type PaymentMethod } from '../../../shared/orders'
import { type Refund, type RefundInput, refundDestination } from '../../../shared/refunds'
import type { Database, DbOrTx, Tx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { conflict, invalid, notFound } from '../../errors'
import type { ActionContext } from './action-context'
import { recordEvent } from './events'
import { amountPaid, type LockedOrder, lockOrder, recordRefund } from './ledger'
import { tellShopper } from './order-notices'

// A refund, and with it a return: money paid back on an order, and the pieces that come back put
// on sale again, in one transaction with the order locked, so two refunds at once queue up and
// never pay back more than came in. A card refund goes through the provider inside that
// transaction: when the provider refuses, nothing is written and the owner reads why.

/** Refunds part of a card payment at the provider; returns the provider's refund id. */
export type CardRefunder = (
  intentId: string,
  amount: number,
  idempotencyKey: string,
) => Promise<{ id: string }>

export async function refundOrder(
  db: Database,
  orderId: number,
  input: RefundInput,
  context: ActionContext & { refundCard: CardRefunder },
): Promise<Refund> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound('Order not found')
    const refundable = (await amountPaid(tx, orderId)) - order.refundedAmount
    if (refundable <= 0 || order.paymentStatus === 'refunded')
      throw conflict('Nothing paid on this order is left to refund', 'amount')
    if (input.amount > refundable)
      throw conflict(`The refund exceeds the ${formatCents(refundable)} paid and not yet refunded`, 'amount')
    const returned = await piecesToReturn(tx, order, [...new Set(input.restock ?? [])])
    const method: PaymentMethod = input.method ?? order.paymentMethod
    const providerReference =
      method === 'stripe' ? await refundThroughProvider(tx, order, input.amount, context.refundCard) : null

    const { id, after } = await recordRefund(tx, order, {
      amount: input.amount,
      method,
      reason: input.reason,
      restock: returned.map((piece) => piece.productId),
      providerReference,
      actor: context.actor,
    })
    const names = returned.map((piece) => piece.name)
    await recordEvent(
      tx,
      orderId,
      'refund',
      `${formatCents(input.amount)} refunded by ${methodWords(method)}${providerReference ? ` (${providerReference})` : ''}: ${input.reason}` +
        `${names.length > 0 ? `. Back on sale: ${names.join(', ')}` : ''}. ${PAYMENT_STATUS_LABELS[after]}`,
      context.actor,
    )
    await tellShopper(tx, orderId, 'order-refunded', context.mail, {
      refund: { amount: input.amount, destination: refundDestination(method), returned: names },
    })
    const [refund] = await queryRows<Refund & { createdAt: Date | string }>(
      tx,
      sql`select id, amount, method, reason, created_at as "createdAt", restocked_product_ids as "restockedProductIds"
          from refunds where id = ${id}`,
    )
    return { ...refund!, createdAt: new Date(refund!.createdAt).toISOString() }
  })
}

const methodWords = (method: PaymentMethod) => (method === 'stripe' ? 'card' : method.replace(/_/g, ' '))

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
  const lines = await queryRows<{ productId: number; name: string; returned: boolean }>(
    tx,
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

/**
 * The card payment goes back through the provider that took it. The idempotency key names the
 * order's refund state, so a retry after a failed commit replays the provider's refund instead of
 * making a second one.
 */
async function refundThroughProvider(
  tx: Tx,
  order: LockedOrder,
  amount: number,
  refundCard: CardRefunder,
): Promise<string> {
  const [card] = await queryRows<{ reference: string }>(
    tx,
    sql`select provider_reference as reference from payments
        where order_id = ${order.id} and method = 'stripe' and provider_reference is not null
        order by id limit 1`,
  )
  if (!card)
    throw conflict(
      'This order has no card payment to refund through the provider; choose how the money goes back',
      'method',
    )
  const { id } = await refundCard(
    card.reference,
    amount,
    `refund-${order.id}-${order.refundedAmount}-${amount}`,
  )
  return id
}

/** The refunds of several orders, oldest first. */
export async function refundsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, Refund[]>> {
  const byOrder = new Map<number, Refund[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await queryRows<Refund & { orderId: number; createdAt: Date | string }>(
    db,
    sql`select id, order_id as "orderId", amount, method, reason, created_at as "createdAt",
          restocked_product_ids as "restockedProductIds" from refunds
        where order_id = any(${`{${orderIds.join(',')}}`}::int[]) order by created_at, id`,
  )
  for (const { orderId, ...row } of rows) {
    const list = byOrder.get(orderId) ?? []
    list.push({ ...row, createdAt: new Date(row.createdAt).toISOString() })
    byOrder.set(orderId, list)
  }
  return byOrder
}
