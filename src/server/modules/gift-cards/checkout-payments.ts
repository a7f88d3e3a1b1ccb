import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { GIFT_CARD_CHECKOUT_MESSAGES as MESSAGES } from '../../../shared/checkout/schema'
import {
  type GiftCardKind,
  type GiftCardPayment,
  giftCardKindOf,
  giftCardPaymentLabel,
  type PayingCard,
} from '../../../shared/gift-cards/payments'
import {
  GIFT_CARD_MESSAGES,
  giftCardStatus,
  isWellFormedCode,
  normalizeCode,
} from '../../../shared/gift-cards/rules'
import type { DbOrTx, Tx } from '../../db/client'
import { conflict, invalid, notFound } from '../../errors'
import type { CodeTryKind } from '../discounts/code-tries'
import { hashCode } from './codes'
import { debitGiftCard } from './ledger'
import { giftCards, giftCardTransactions } from './schema'

// Gift cards paying at checkout (issue 36). Checkout looks the typed codes up once, before its
// statement, to plan who pays what (shared/gift-cards/payments.ts); the debits are then made in
// checkout's own transaction, right after its statement wrote the order, by the ledger's one
// conditional UPDATE each. A card whose balance changed between the look-up and the debit refuses
// the whole checkout: the transaction rolls back and no order exists at a price the shopper did
// not see. Nothing here runs for an order without gift cards.

/** Codes tried at checkout count as tries at the balance look-up do (gift-cards/routes.ts). */
export const GIFT_CARD_CODE_TRIES: CodeTryKind = {
  prefix: 'gift-card-try',
  tooMany: GIFT_CARD_MESSAGES.tooManyTries,
}

/**
 * The cards these codes name, in the order given, each usable now (active, not expired, something
 * left), or the refusal naming the first that is not. One query; the codes themselves go no further.
 */
export async function cardsForCodes(db: DbOrTx, codes: readonly string[]): Promise<PayingCard[]> {
  const hashes = codes.map((code) => {
    const normalized = normalizeCode(code)
    if (!isWellFormedCode(normalized)) throw notFound(GIFT_CARD_MESSAGES.notFound)
    return hashCode(normalized)
  })
  if (new Set(hashes).size !== hashes.length) throw invalid(MESSAGES.sameCardTwice, 'giftCardCodes')
  const cards = await cardsByRef(db, inArray(giftCards.codeHash, hashes), (row) =>
    hashes.indexOf(row.codeHash),
  )
  if (cards.length !== hashes.length) throw notFound(GIFT_CARD_MESSAGES.notFound)
  return cards
}

/** The same by card id (the cart keeps ids, never codes), in the order given. */
export async function cardsForIds(db: DbOrTx, ids: readonly number[]): Promise<PayingCard[]> {
  const cards = await cardsByRef(db, inArray(giftCards.id, [...ids]), (row) => ids.indexOf(row.id))
  if (cards.length !== ids.length) throw notFound(GIFT_CARD_MESSAGES.notFound)
  return cards
}

async function cardsByRef(
  db: DbOrTx,
  where: ReturnType<typeof inArray>,
  position: (row: typeof giftCards.$inferSelect) => number,
): Promise<PayingCard[]> {
  const rows = await db.select().from(giftCards).where(where)
  const now = new Date()
  const ordered = [...rows].sort((a, b) => position(a) - position(b))
  for (const row of ordered) {
    const status = giftCardStatus(row, now)
    if (status !== 'active') throw conflict(MESSAGES.unusable(row.last4, status))
  }
  return ordered.map((row) => ({
    cardId: row.id,
    last4: row.last4,
    balance: row.balance,
    kind: giftCardKindOf(row.source),
  }))
}

/**
 * Whether every code names a card: after a refused checkout, a sold piece or a spent card is no
 * wrong code, and the tries are forgiven (discounts/code-tries.ts).
 */
export async function codesExist(db: DbOrTx, codes: readonly string[]): Promise<boolean> {
  const hashes = codes.map(hashCode)
  const rows = await db
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(inArray(giftCards.codeHash, hashes))
  return rows.length === new Set(hashes).size
}

/**
 * Takes each card's part off it for the order, in the caller's transaction, and books it as a
 * payment with method gift_card. Cards are debited in id order, whatever order they pay in, so two
 * checkouts sharing two cards never wait on each other in a circle. Any refusal throws a 409 naming
 * the card, and the caller's transaction (with the order) rolls back.
 */
export async function debitForOrder(tx: Tx, orderId: number, payments: readonly GiftCardPayment[]) {
  const paying = payments.filter((payment) => payment.amount > 0).sort((a, b) => a.cardId - b.cardId)
  for (const payment of paying) {
    const debited = await debitGiftCard(tx, { cardId: payment.cardId, amount: payment.amount, orderId })
    if (!debited.ok) {
      const last4 = debited.last4 ?? payment.last4
      throw conflict(
        debited.reason === 'disabled' || debited.reason === 'expired'
          ? MESSAGES.unusable(last4, debited.reason)
          : MESSAGES.balanceChanged(last4),
      )
    }
    await tx.execute(
      sql`insert into payments (order_id, amount, method, note)
          values (${orderId}, ${payment.amount}, 'gift_card', ${giftCardPaymentLabel(payment.last4, payment.kind)})`,
    )
  }
}

/**
 * What gift cards paid on each order, from their ledger's debits (the payments keep no card id),
 * in the order they were debited: the orders' answers show them as "Gift card ••••AB12".
 */
export async function giftCardPaymentsOf(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, { last4: string; kind: GiftCardKind; amount: number }[]>> {
  const byOrder = new Map<number, { last4: string; kind: GiftCardKind; amount: number }[]>()
  if (!orderIds.length) return byOrder
  const rows = await db
    .select({
      orderId: giftCardTransactions.orderId,
      last4: giftCards.last4,
      source: giftCards.source,
      amount: giftCardTransactions.amount,
    })
    .from(giftCardTransactions)
    .innerJoin(giftCards, eq(giftCards.id, giftCardTransactions.giftCardId))
    .where(and(inArray(giftCardTransactions.orderId, [...orderIds]), eq(giftCardTransactions.kind, 'debit')))
    .orderBy(asc(giftCardTransactions.id))
  for (const row of rows) {
    const list = byOrder.get(row.orderId!) ?? []
    list.push({ last4: row.last4, kind: giftCardKindOf(row.source), amount: -row.amount })
    byOrder.set(row.orderId!, list)
  }
  return byOrder
}

/**
 * A refund's part that goes back to the order's gift cards first (issue 36): what each card paid
 * on the order less what was already put back on it, card by card in the order they were debited,
 * up to `amount`. Read in the refund's transaction, with the order locked.
 */
export async function giftCardRefundShares(
  tx: Tx,
  orderId: number,
  amount: number,
): Promise<{ cardId: number; amount: number }[]> {
  const rows = await tx
    .select({
      cardId: giftCardTransactions.giftCardId,
      kind: giftCardTransactions.kind,
      amount: giftCardTransactions.amount,
    })
    .from(giftCardTransactions)
    .where(
      and(eq(giftCardTransactions.orderId, orderId), inArray(giftCardTransactions.kind, ['debit', 'refund'])),
    )
    .orderBy(asc(giftCardTransactions.id))
  // Debits are negative, refunds positive: what is left to give back is minus their sum.
  const owed = new Map<number, number>()
  for (const row of rows) owed.set(row.cardId, (owed.get(row.cardId) ?? 0) - row.amount)
  let left = amount
  const shares: { cardId: number; amount: number }[] = []
  for (const [cardId, due] of owed) {
    const share = Math.min(due, left)
    if (share <= 0) continue
    shares.push({ cardId, amount: share })
    left -= share
  }
  return shares
}
