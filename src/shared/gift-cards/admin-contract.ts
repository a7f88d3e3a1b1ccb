import { z } from 'zod'
import { normalizeIdentity } from '../accounts/identity'
import { listQuerySchema } from '../admin/list'
import { endpoint } from '../contract'
import { NAME_MAX, plainText } from '../plain-text'
import { strictObject } from '../validation'
import { listAnswer, timestamp } from '../wire'
import { adminPurchaseAnswer, PURCHASE_LIST_STATUSES } from './purchase'
import {
  GIFT_CARD_AMOUNTS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MESSAGES,
  GIFT_CARD_SOURCES,
  GIFT_CARD_STATUSES,
  GIFT_CARD_TRANSACTION_KINDS,
} from './rules'

// The back office's gift cards (issue 36); the routes are inside the admin scope. Money is in
// cents, as everywhere in the API.

const reason = z
  .string({ error: GIFT_CARD_MESSAGES.reasonRequired })
  .trim()
  .min(1, GIFT_CARD_MESSAGES.reasonRequired)
  .max(500, 'Reason must be at most 500 characters')

/** Blank or missing → null. */
const optional = <T extends z.ZodType<string | undefined>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((value) => (value ? (value as string) : null))

// The message reaches the recipient in an e-mail from the shop's own address: it is plain text,
// and like names it refuses links, addresses and markup, so nobody can have the shop mail a link.
export const issueGiftCardSchema = strictObject({
  amount: z
    .number({ error: 'Enter the amount in cents' })
    .int('Amount must be a whole number of cents')
    .min(GIFT_CARD_AMOUNTS.issuedMin, 'The amount must be at least $0.01')
    .max(GIFT_CARD_AMOUNTS.max, 'A gift card holds at most $5,000.00'),
  recipientEmail: optional(
    z.email({ error: 'Enter a valid e-mail address' }).trim().overwrite(normalizeIdentity).max(254),
  ),
  recipientName: optional(plainText('Recipient name', NAME_MAX)),
  /** Shown in the e-mail as who the card is from; the shop's name when empty. */
  senderName: optional(plainText('Sender name', NAME_MAX)),
  message: optional(plainText('Message', GIFT_CARD_MESSAGE_MAX)),
  reason,
  /** None by default; else at least 5 years after today (checked by the service). */
  expiresAt: z
    .union([
      z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((value) => (value ? new Date(value) : null)),
})
export type IssueGiftCardInput = z.input<typeof issueGiftCardSchema>
export type IssueGiftCard = z.output<typeof issueGiftCardSchema>

export const updateGiftCardSchema = strictObject({
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
  adjustment: strictObject({
    amount: z
      .number({ error: 'Enter the adjustment in cents' })
      .int('Adjustment must be a whole number of cents')
      .min(-GIFT_CARD_AMOUNTS.max, 'An adjustment is at most $5,000.00')
      .max(GIFT_CARD_AMOUNTS.max, 'An adjustment is at most $5,000.00')
      .refine((amount) => amount !== 0, 'An adjustment cannot be $0.00'),
    reason,
  }).optional(),
  /** Why the card is disabled or enabled again, for its history. */
  reason: optional(z.string().trim().max(500, 'Reason must be at most 500 characters')),
}).refine(
  (input) => input.active !== undefined || input.adjustment !== undefined,
  GIFT_CARD_MESSAGES.nothingToChange,
)
export type UpdateGiftCardInput = z.input<typeof updateGiftCardSchema>
export type UpdateGiftCard = z.output<typeof updateGiftCardSchema>

export const giftCardListQuerySchema = listQuerySchema

/** The only answer that carries the whole code: the card was just issued. */
export const issuedGiftCardAnswer = z.object({
  id: z.number().int(),
  /** "ABCD-EFGH-JKMN-PQRS". */
  code: z.string(),
  last4: z.string(),
  balance: z.number().int(),
  expiresAt: timestamp.nullable(),
})
export type IssuedGiftCard = z.input<typeof issuedGiftCardAnswer>

export const giftCardAnswer = z.object({
  id: z.number().int(),
  last4: z.string(),
  initialAmount: z.number().int(),
  balance: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  active: z.boolean(),
  expiresAt: timestamp.nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  /** The account that bought it (or whose store credit it is), by username. */
  buyer: z.string().nullable(),
  source: z.enum(GIFT_CARD_SOURCES),
  createdAt: timestamp,
})
export type GiftCard = z.input<typeof giftCardAnswer>

export const giftCardTransactionAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(GIFT_CARD_TRANSACTION_KINDS),
  /** Signed cents: a debit is negative. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
  actorRole: z.string().nullable(),
  createdAt: timestamp,
})
export type GiftCardTransaction = z.input<typeof giftCardTransactionAnswer>

export const giftCardDetailAnswer = giftCardAnswer.extend({
  message: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * A bought card before its delivery date: no code exists yet (docs/decisions/016), so sending it
   * now is its delivery, not a new code.
   */
  undelivered: z.boolean(),
  /** Oldest first. */
  transactions: z.array(giftCardTransactionAnswer),
})
export type GiftCardDetail = z.input<typeof giftCardDetailAnswer>

const giftCardParams = z.object({
  id: z.coerce
    .number({ error: GIFT_CARD_MESSAGES.notFound })
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

export const giftCardsAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-cards',
    querystring: giftCardListQuerySchema,
    response: { 200: listAnswer(giftCardAnswer) },
  }),
  issue: endpoint({
    method: 'POST',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-cards',
    body: issueGiftCardSchema,
    response: { 201: issuedGiftCardAnswer },
  }),
  get: endpoint({
    method: 'GET',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-cards/:id',
    params: giftCardParams,
    response: { 200: giftCardDetailAnswer },
  }),
  update: endpoint({
    method: 'PATCH',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-cards/:id',
    params: giftCardParams,
    body: updateGiftCardSchema,
    response: { 200: giftCardDetailAnswer },
  }),
  /**
   * Purchases, the "Awaiting Zelle" ones by default: what the owner still has to match to a payment.
   * `status=ended`: the expired, cancelled and abandoned ones, the most recently ended first.
   */
  purchases: endpoint({
    method: 'GET',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-card-purchases',
    querystring: listQuerySchema.extend({
      status: z.enum(PURCHASE_LIST_STATUSES).default('awaiting_zelle'),
    }),
    response: { 200: listAnswer(adminPurchaseAnswer) },
  }),
  /**
   * The Zelle payment arrived: the card is issued, the buyer's receipt sent, the recipient's mail
   * scheduled. Also for an expired purchase (zelleRecordable); 409 for a cancelled or paid one.
   */
  recordZelle: endpoint({
    method: 'POST',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-card-purchases/:id/record-zelle',
    params: giftCardParams,
    response: { 200: adminPurchaseAnswer },
  }),
  /** The owner gives up on a Zelle purchase never paid: it leaves "Awaiting Zelle", no card issued. */
  cancelZelle: endpoint({
    method: 'POST',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-card-purchases/:id/cancel',
    params: giftCardParams,
    response: { 200: adminPurchaseAnswer },
  }),
  resend: endpoint({
    method: 'POST',
    permission: 'giftcards:manage',
    path: '/api/admin/gift-cards/:id/resend',
    params: giftCardParams,
    response: { 200: giftCardDetailAnswer },
  }),
}
