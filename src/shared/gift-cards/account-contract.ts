import { z } from 'zod'
import { endpoint } from '../contract'
import { timestamp } from '../wire'
import { GIFT_CARD_SOURCES, GIFT_CARD_STATUSES } from './rules'

// A signed-in shopper's own cards (issue 36): store credit from refunds in their account's name,
// and gift cards sent to the account's e-mail. Never the code: only its last four, which
// is enough to recognise a card and to apply it at checkout by id.

export const accountGiftCard = z.object({
  id: z.number().int(),
  last4: z.string(),
  initialAmount: z.number().int(),
  balance: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  source: z.enum(GIFT_CARD_SOURCES),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
  /**
   * Whether checkout may apply it by id, with no code typed: store credit in the account's name.
   * A card known only by the account's e-mail needs its code (the server says why: account-cards.ts).
   */
  applicable: z.boolean(),
})
export type AccountGiftCard = z.input<typeof accountGiftCard>

export const accountGiftCardsAnswer = z.object({ items: z.array(accountGiftCard), total: z.number().int() })
export type AccountGiftCards = z.input<typeof accountGiftCardsAnswer>

/**
 * `POST /api/cart/gift-card`: a typed `code` as before, or (issue 36) the `cardId` of the signed-in
 * shopper's own store credit, listed at checkout; any other card is "Gift card not found".
 */
export const applyGiftCardSchema = z
  .object({
    code: z.string({ error: 'Enter a gift card code' }).trim().max(64).optional(),
    cardId: z.number({ error: 'Choose one of your gift cards' }).int().positive().optional(),
  })
  .refine((body) => body.cardId !== undefined || !!body.code, {
    message: 'Enter a gift card code',
    path: ['code'],
  })
export type ApplyGiftCard = z.output<typeof applyGiftCardSchema>

/** What a card is, in the shopper's words. */
export const ACCOUNT_CARD_SOURCE_LABELS = {
  store_credit: 'Store credit',
  purchased: 'Gift card',
  issued: 'Gift card',
} as const satisfies Record<(typeof GIFT_CARD_SOURCES)[number], string>

export const accountGiftCardsContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/account/gift-cards',
    response: { 200: accountGiftCardsAnswer },
  }),
}
