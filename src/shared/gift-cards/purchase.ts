import { z } from 'zod'
import { normalizeIdentity } from '../accounts/identity'
import { NAME_MAX, plainText, requiredPlainText } from '../plain-text'
import { dayStart } from '../shop-dates/calendar'
import { strictObject } from '../validation'
import { timestamp } from '../wire'
import { GIFT_CARD_AMOUNTS, GIFT_CARD_MESSAGE_MAX } from './rules'

// Buying a gift card on the storefront (issue 36): the form's schema (the page and the route
// share it), the purchase's states and the answer. Money in cents, as everywhere in the API.

/** The amounts the page offers at one tap; any other whole-cent amount in the range is typed. */
export const SUGGESTED_GIFT_CARD_AMOUNTS = [5_000, 10_000, 25_000, 50_000] as const

/** How far ahead a card may be scheduled: a year covers every birthday and anniversary. */
export const MAX_DELIVERY_DAYS_AHEAD = 366

/**
 * An unpaid purchase ends: the owner cancels a Zelle one ('cancelled'), a Zelle one unpaid past
 * the reservation hold expires ('expired'), a card one never paid within a day is 'abandoned'.
 */
export const GIFT_CARD_PURCHASE_STATUSES = [
  'awaiting_card',
  'awaiting_zelle',
  'paid',
  'cancelled',
  'expired',
  'abandoned',
] as const
export type GiftCardPurchaseStatus = (typeof GIFT_CARD_PURCHASE_STATUSES)[number]

/** The states of a purchase that ended unpaid: the back office's "Ended" list (`?status=ended`). */
export const ENDED_PURCHASE_STATUSES = [
  'expired',
  'cancelled',
  'abandoned',
] as const satisfies readonly GiftCardPurchaseStatus[]

/** What the back office's purchase list filters by: one state, or every ended one. */
export const PURCHASE_LIST_STATUSES = [...GIFT_CARD_PURCHASE_STATUSES, 'ended'] as const
export type PurchaseListStatus = (typeof PURCHASE_LIST_STATUSES)[number]

/**
 * Whether the owner can record a Zelle payment for a purchase: a Zelle one awaiting it, or one that
 * expired unpaid when the money came after all (its buyer was told to reply about a payment the
 * shop missed). One the owner cancelled cannot.
 */
export const zelleRecordable = (purchase: { status: string; paymentMethod: string }) =>
  purchase.paymentMethod === 'zelle' &&
  (purchase.status === 'awaiting_zelle' || purchase.status === 'expired')

export const PURCHASE_PAYMENT_METHODS = ['card', 'zelle'] as const
export type PurchasePaymentMethod = (typeof PURCHASE_PAYMENT_METHODS)[number]

export const GIFT_CARD_PURCHASE_MESSAGES = {
  amountMin: 'A gift card is at least $25.00',
  amountMax: 'A gift card is at most $5,000.00',
  amountCents: 'Amount must be a whole number of cents',
  deliveryDate: 'Choose a delivery date',
  deliveryPast: 'The delivery date cannot be in the past',
  deliveryTooFar: 'The delivery date can be at most a year from today',
  /** The rule: a gift card is not a way to move money between cards. */
  noGiftCardPayment: 'A gift card cannot be paid for with a gift card. Please pay by card or Zelle.',
  notFound: 'Gift card purchase not found',
  notAwaitingZelle: 'This purchase is not waiting for a Zelle payment',
  zelleRecorded: 'Zelle payment recorded: the gift card is issued',
  /** The trail's words when the payment of an expired purchase is recorded. */
  recordedAfterExpiry: 'Zelle payment recorded after the purchase expired',
  zelleCancelled: 'Purchase cancelled',
  paymentIncomplete: 'Payment has not been completed',
} as const

const email = (label: string) =>
  z
    .email({ error: `Enter the ${label}’s e-mail address` })
    .trim()
    .overwrite(normalizeIdentity)
    .max(254, 'E-mail must be at most 254 characters')

/**
 * The purchase form. The message is the buyer's own words, mailed from the shop's address to the
 * recipient: plain text that refuses links and addresses (as names do), at most 300 characters.
 * Whether the date is today or later is judged by the server, on the shop's calendar.
 */
export const giftCardPurchaseSchema = strictObject({
  amount: z
    .number({ error: 'Choose an amount' })
    .int(GIFT_CARD_PURCHASE_MESSAGES.amountCents)
    .min(GIFT_CARD_AMOUNTS.soldMin, GIFT_CARD_PURCHASE_MESSAGES.amountMin)
    .max(GIFT_CARD_AMOUNTS.max, GIFT_CARD_PURCHASE_MESSAGES.amountMax),
  recipientName: requiredPlainText('Recipient name', 'Enter the recipient’s name', NAME_MAX),
  recipientEmail: email('recipient'),
  message: z
    .union([z.literal(''), plainText('Message', GIFT_CARD_MESSAGE_MAX)])
    .nullish()
    .transform((value) => value || null),
  deliveryDate: z
    .string({ error: GIFT_CARD_PURCHASE_MESSAGES.deliveryDate })
    .refine((day) => dayStart(day) !== undefined, GIFT_CARD_PURCHASE_MESSAGES.deliveryDate),
  buyerName: requiredPlainText('Your name', 'Enter your name', NAME_MAX),
  buyerEmail: email('buyer'),
  /** 'gift_card' is named so that it can be refused in words, not as an unknown option. */
  paymentMethod: z.enum([...PURCHASE_PAYMENT_METHODS, 'gift_card'], {
    error: 'Choose card or Zelle',
  }),
  /** Never accepted (see paymentMethod); named for the same reason. */
  giftCardCodes: z.array(z.string().max(64)).max(3).optional(),
})
export type GiftCardPurchaseInput = z.input<typeof giftCardPurchaseSchema>
export type GiftCardPurchaseForm = z.output<typeof giftCardPurchaseSchema>

export const purchaseAnswer = z.object({
  id: z.number().int(),
  status: z.enum(GIFT_CARD_PURCHASE_STATUSES),
  paymentMethod: z.enum(PURCHASE_PAYMENT_METHODS),
  amount: z.number().int(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  deliveryDate: z.string(),
  /** Known once paid: the card's last four (the whole code goes to the recipient only). */
  last4: z.string().nullable(),
  /** For a card payment: the intent the card form confirms. */
  payment: z
    .object({
      clientSecret: z.string(),
      paymentIntentId: z.string(),
      provider: z.enum(['stripe', 'test']),
      publishableKey: z.string().optional(),
    })
    .optional(),
  /** For Zelle: where to send the money and what to write in the memo. */
  zelle: z.object({ phone: z.string(), memo: z.string() }).optional(),
})
export type GiftCardPurchaseAnswer = z.input<typeof purchaseAnswer>

/** What the Zelle memo says, so the owner can match the payment to the purchase. */
export const zelleMemo = (id: number) => `Gift card GC-${id}`

/** A purchase as the back office's "Awaiting Zelle" and "Ended" lists show it. */
export const adminPurchaseAnswer = z.object({
  id: z.number().int(),
  status: z.enum(GIFT_CARD_PURCHASE_STATUSES),
  paymentMethod: z.enum(PURCHASE_PAYMENT_METHODS),
  amount: z.number().int(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  deliveryDate: z.string(),
  memo: z.string(),
  giftCardId: z.number().int().nullable(),
  createdAt: timestamp,
  /** When it expired, was cancelled or abandoned (kept when a late Zelle payment is recorded). */
  endedAt: timestamp.nullable(),
  /** The member who cancelled it; null when a job ended it. */
  endedBy: z.string().nullable(),
})
export type AdminGiftCardPurchase = z.input<typeof adminPurchaseAnswer>
