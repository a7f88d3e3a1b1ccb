import { z } from 'zod'
import { endpoint } from '../contract'
import { timestamp } from '../wire'
import { giftCardPurchaseSchema, purchaseAnswer } from './purchase'
import { GIFT_CARD_STATUSES } from './rules'

// The storefront's gift-card calls (issue 36): the balance look-up and buying a card (paying with
// one is checkout's).

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
  /** Starts a purchase: by card it answers the intent to confirm, by Zelle the payment steps. */
  purchase: endpoint({
    method: 'POST',
    path: '/api/gift-cards/purchases',
    body: giftCardPurchaseSchema,
    response: { 201: purchaseAnswer },
  }),
  /** Once the card form says the payment went through: issues the card (once, whoever asks twice). */
  completePurchase: endpoint({
    method: 'POST',
    path: '/api/gift-cards/purchases/:id/complete',
    params: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    }),
    body: z.object({ paymentIntentId: z.string().min(1).max(200) }),
    response: { 200: purchaseAnswer },
  }),
}
