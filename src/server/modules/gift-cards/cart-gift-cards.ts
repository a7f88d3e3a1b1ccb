import { inArray } from 'drizzle-orm'
import { MAX_GIFT_CARDS } from '../../../shared/checkout/schema'
import { type GiftCardKind, giftCardKindOf, planGiftCardPayments } from '../../../shared/gift-cards/payments'
import {
  GIFT_CARD_MESSAGES,
  giftCardStatus,
  isWellFormedCode,
  normalizeCode,
} from '../../../shared/gift-cards/rules'
import type { DbOrTx } from '../../db/client'
import { conflict, invalid, notFound } from '../../errors'
import { setCartGiftCards } from '../accounts/session-service'
import { hashCode } from './codes'
import { giftCards } from './schema'

// Gift cards applied to the cart (issue 36). The session keeps the cards' ids, in the order
// applied, never their codes; checkout uses them when it is sent no codes of its own.

export const CART_GIFT_CARD_MESSAGES = {
  tooMany: `At most ${MAX_GIFT_CARDS} gift cards can pay one order`,
  already: 'This gift card is already applied',
  spent: 'This gift card has no balance left',
  disabled: 'This gift card is disabled and cannot be used',
  expired: 'This gift card has expired and cannot be used',
  notApplied: 'No gift card ending in these characters is applied',
} as const

/** Checks the typed card (exists, active, not expired, something left) and adds it last to the session's cards. */
export async function applyCartGiftCard(
  db: DbOrTx,
  sessionId: string,
  applied: readonly number[],
  code: string,
): Promise<void> {
  const normalized = normalizeCode(code)
  if (!isWellFormedCode(normalized)) throw notFound(GIFT_CARD_MESSAGES.notFound)
  const [card] = await db
    .select()
    .from(giftCards)
    .where(inArray(giftCards.codeHash, [hashCode(normalized)]))
  if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound)
  await addCartGiftCard(db, sessionId, applied, card)
}

/**
 * Adds a card found by its code or, for a signed-in shopper, by id among their own (issue 36):
 * the same checks either way (active, not expired, something left, not twice, at most three).
 */
export async function addCartGiftCard(
  db: DbOrTx,
  sessionId: string,
  applied: readonly number[],
  card: typeof giftCards.$inferSelect,
): Promise<void> {
  const status = giftCardStatus(card)
  if (status !== 'active') throw conflict(CART_GIFT_CARD_MESSAGES[status], 'code')
  if (applied.includes(card.id)) throw invalid(CART_GIFT_CARD_MESSAGES.already, 'code')
  if (applied.length >= MAX_GIFT_CARDS) throw invalid(CART_GIFT_CARD_MESSAGES.tooMany, 'code')
  await setCartGiftCards(db, sessionId, [...applied, card.id])
}

/** Takes the applied card ending in `last4` off the session's cards. */
export async function removeCartGiftCard(
  db: DbOrTx,
  sessionId: string | undefined,
  applied: readonly number[],
  last4: string,
): Promise<void> {
  const rows = applied.length
    ? await db
        .select({ id: giftCards.id, last4: giftCards.last4 })
        .from(giftCards)
        .where(inArray(giftCards.id, [...applied]))
    : []
  const match = rows.find((row) => row.last4 === normalizeCode(last4))
  if (!sessionId || !match) throw notFound(CART_GIFT_CARD_MESSAGES.notApplied)
  await setCartGiftCards(
    db,
    sessionId,
    applied.filter((id) => id !== match.id),
  )
}

/**
 * What the applied cards pay of the cart's `total`, in the order applied; a card that cannot pay now
 * (disabled, expired, spent since) shows 0. Nothing is read without cards.
 */
export async function cartGiftCards(
  db: DbOrTx,
  applied: readonly number[],
  total: number,
): Promise<{
  giftCards: { last4: string; kind: GiftCardKind; applied: number; balance: number }[]
  amountDue: number
}> {
  if (!applied.length) return { giftCards: [], amountDue: total }
  const rows = await db
    .select()
    .from(giftCards)
    .where(inArray(giftCards.id, [...applied]))
  const now = new Date()
  const cards = applied.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id)
    if (!row) return []
    const usable = giftCardStatus(row, now) === 'active'
    return [
      {
        cardId: row.id,
        last4: row.last4,
        balance: usable ? row.balance : 0,
        kind: giftCardKindOf(row.source),
      },
    ]
  })
  const plan = planGiftCardPayments(cards, total)
  return {
    giftCards: plan.payments.map((payment, index) => ({
      last4: payment.last4,
      kind: cards[index]!.kind,
      applied: payment.amount,
      balance: cards[index]!.balance,
    })),
    amountDue: plan.amountDue,
  }
}
