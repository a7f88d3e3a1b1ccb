import { formatCents } from '../../../shared/money'
import type { Tx } from '../../db/client'
import { giftCardRefundShares } from '../gift-cards/checkout-payments'
import { creditGiftCard } from '../gift-cards/ledger'
import { recordEvent, type TrailActor } from '../orders/events'
import { lockOrder, recordRefund } from './ledger'

/**
 * A cancelled order's gift-card payments go back to their cards, less any refund already put back
 * on them, as one done gift_card refund beside the payments (issue 36). Nothing without them. The
 * owner's cancellation and the end of a reservation both come here, in their transaction, with the
 * order already locked by them; `actor` null is the shop itself (the reservation sweep).
 */
export async function returnGiftCardPayments(
  tx: Tx,
  orderId: number,
  actor: { name: string; role: string | null } | null,
): Promise<void> {
  const order = await lockOrder(tx, orderId)
  if (!order) return
  const shares = await giftCardRefundShares(tx, order.id, order.total)
  const amount = shares.reduce((sum, share) => sum + share.amount, 0)
  if (amount === 0) return
  for (const share of shares)
    await creditGiftCard(tx, {
      cardId: share.cardId,
      amount: share.amount,
      orderId: order.id,
      reason: 'Order cancelled',
      actor: { id: null, name: actor?.name ?? null, role: actor?.role ?? null },
    })
  await recordRefund(tx, order, {
    amount,
    method: 'gift_card',
    reason: 'Order cancelled',
    restock: [],
    actor: actor?.name ?? null,
  })
  const trailActor: TrailActor = actor
  await recordEvent(
    tx,
    order.id,
    'refund',
    `${formatCents(amount)} back on gift cards: Order cancelled`,
    trailActor,
  )
}
