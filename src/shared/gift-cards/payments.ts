import { z } from 'zod'
import { maskedCode } from './rules'

// How gift cards pay an order (issue 36): after tax, in the order they were applied, each as much
// as its balance allows; what is left is the amount due, paid by card or Zelle. The same plan is
// shown in the cart and checkout and is what checkout debits, so the shopper pays what they saw.

/** What a card is to the shopper: a gift card, or store credit (a refund given as a card). */
export const GIFT_CARD_KINDS = ['gift_card', 'store_credit'] as const
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number]

export const giftCardKindOf = (source: string): GiftCardKind =>
  source === 'store_credit' ? 'store_credit' : 'gift_card'

/** A card that can pay: what it holds now (or, for a card payment already charged, what it was planned to pay). */
export interface PayingCard {
  cardId: number
  last4: string
  balance: number
  kind?: GiftCardKind
}

export interface GiftCardPayment {
  cardId: number
  last4: string
  /** Cents; 0 when the cards before it already paid everything. */
  amount: number
  kind?: GiftCardKind
}

export interface GiftCardPlan {
  payments: GiftCardPayment[]
  /** What the cards pay together. */
  paid: number
  /** What is left for the card or Zelle. */
  amountDue: number
}

export function planGiftCardPayments(cards: readonly PayingCard[], total: number): GiftCardPlan {
  let left = total
  const payments = cards.map((card) => {
    const amount = Math.max(0, Math.min(card.balance, left))
    left -= amount
    return { cardId: card.cardId, last4: card.last4, amount, ...(card.kind ? { kind: card.kind } : {}) }
  })
  return { payments, paid: total - left, amountDue: left }
}

/** The cart's applied cards (issue 36) planned against a total: the browser's view of what checkout will debit. */
export function planCartGiftCards(
  cards: readonly { last4: string; balance: number; kind?: GiftCardKind }[],
  total: number,
): GiftCardPlan {
  return planGiftCardPayments(
    cards.map((card, index) => ({
      cardId: index,
      last4: card.last4,
      balance: card.balance,
      kind: card.kind,
    })),
    total,
  )
}

/**
 * A gift-card payment as checkout, the invoice and the sales CSV name it: "Gift card ••••AB12", or
 * "Store credit ••••AB12" for store credit.
 */
export const giftCardPaymentLabel = (last4: string, kind: GiftCardKind = 'gift_card') =>
  `${kind === 'store_credit' ? 'Store credit' : 'Gift card'} ${maskedCode(last4)}`

/**
 * What one gift card paid on an order, as the shopper's and the back office's order answers give
 * it: its last four, whether it is a gift card or store credit, and the cents it paid.
 */
export const giftCardPaymentAnswer = z.object({
  last4: z.string(),
  /** Store credit reads "Store credit ••••AB12" where a gift card reads "Gift card ••••AB12". */
  kind: z.enum(GIFT_CARD_KINDS),
  amount: z.number().int(),
})
