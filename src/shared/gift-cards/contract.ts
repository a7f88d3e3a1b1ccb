import { z } from 'zod'
import { endpoint } from '../contract'
import { timestamp } from '../wire'
import { GIFT_CARD_STATUSES } from './rules'

// The storefront's gift-card calls (issue 36). Only the balance look-up so far; buying a card and
// paying with one come with checkout.

export const balanceLookupSchema = z.object({
  code: z.string({ error: 'Enter a gift card code' }).trim().min(1, 'Enter a gift card code').max(64),
})

/**
 * A card that exists answers its balance whatever its state, with the state beside it (a disabled
 * or expired card's holder should know why it is refused); a code that does not exist answers 404
 * "Gift card not found" and nothing more.
 */
export const balanceAnswer = z.object({
  balance: z.number().int(),
  expiresAt: timestamp.nullable(),
  status: z.enum(GIFT_CARD_STATUSES),
})
export type GiftCardBalance = z.input<typeof balanceAnswer>

export const giftCardsContract = {
  balance: endpoint({
    method: 'POST',
    path: '/api/gift-cards/balance',
    body: balanceLookupSchema,
    response: { 200: balanceAnswer },
  }),
}
