import { z } from 'zod'
import { NAME_MAX, plainText, requiredPlainText } from '../plain-text'

// The checkout form and the order submission (storefront.md §3, §5), messages word for word.

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max)

/** 'gift_card': the applied gift cards pay the whole order (issue 36); refused when they do not. */
export const CHECKOUT_PAYMENT_METHODS = ['stripe', 'zelle', 'gift_card'] as const
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number]

export const checkoutFormSchema = z.object({
  // Names and address lines reach the shop's e-mails: plain text only (plain-text.ts).
  firstName: requiredPlainText('First name', 'First name is required', NAME_MAX),
  lastName: requiredPlainText('Last name', 'Last name is required', NAME_MAX),
  email: z.email({ error: 'Invalid email address' }).trim().toLowerCase().max(254),
  phone: required('Phone number is required', 40),
  address: requiredPlainText('Address', 'Address is required', 200),
  city: requiredPlainText('City', 'City is required', 100),
  state: required('State is required', 60),
  zipCode: required('ZIP code is required', 20),
  country: required('Country is required', 60).default('United States'),
  paymentMethod: z
    .enum(CHECKOUT_PAYMENT_METHODS, { error: 'Please select a payment method' })
    .default('stripe'),
  specialInstructions: plainText('Special instructions', 2000)
    .optional()
    .transform((value) => value || undefined),
  appointmentRequest: z.boolean().default(false),
  insuranceInterest: z.boolean().default(false),
})
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>
export type CheckoutForm = z.output<typeof checkoutFormSchema>

export const orderLineSchema = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(100),
  /** What the shopper saw, in cents: compared with the price now, never trusted. */
  price: z.number().int().min(0),
})
export type OrderLine = z.infer<typeof orderLineSchema>

const cents = z.number({ error: 'Amounts are in cents' }).int().min(0)

/** Gift cards or store credit paying an order (issue 36): at most this many, in the order applied. */
export const MAX_GIFT_CARDS = 3

/** The codes as the shopper typed them: spelling is forgiven later (normalizeCode), never stored. */
export const giftCardCodesSchema = z
  .array(z.string({ error: 'Enter a gift card code' }).trim().min(1, 'Enter a gift card code').max(64), {
    error: 'Gift card codes must be a list',
  })
  .max(MAX_GIFT_CARDS, `At most ${MAX_GIFT_CARDS} gift cards can pay one order`)

export const orderSubmissionSchema = checkoutFormSchema.extend({
  items: z.array(orderLineSchema, { error: 'Your cart is empty' }).min(1, 'Your cart is empty').max(50),
  subtotal: cents,
  /** The discount code the shopper saw applied, and what it took off (issue 25): checked, never trusted. */
  discountCode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  // Optional: the total is the check (issue 25). When absent the server prices the code itself;
  // when sent it must agree.
  discount: cents.optional(),
  shippingCost: cents,
  /** The sales tax the shopper saw (issue 34): compared when sent, like the discount; the total always is. */
  tax: cents.optional(),
  total: cents,
  /** Gift cards paying first, after tax, in this order (issue 36); absent, the cart's are used. */
  giftCardCodes: giftCardCodesSchema.optional(),
  /** What is left for the card or Zelle once the gift cards paid: compared when sent, like the tax. */
  amountDue: cents.optional(),
  paymentIntentId: z.string().trim().max(200).optional(),
  // Sent by the storefront, ignored by the server: only the payment provider decides "paid".
  paymentStatus: z.string().optional(),
  /** The same key for a retried submission: one order, however often it arrives. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
  /** A signed-in shopper's "Save this address to my account": ignored for a guest. */
  saveAddress: z.boolean().default(false),
})
export type OrderSubmission = z.input<typeof orderSubmissionSchema>

export const paymentIntentRequestSchema = z.object({
  amount: cents,
  currency: z.literal('usd', { error: 'Only USD is supported' }).default('usd'),
  metadata: z
    .object({ customerEmail: z.string().max(254).optional(), customerName: z.string().max(200).optional() })
    .default({}),
  // Our storefront also sends the form and the lines, so the order can be created from the
  // provider's webhook even if the browser never comes back.
  form: checkoutFormSchema.optional(),
  items: z.array(orderLineSchema).min(1, 'Your cart is empty').max(50).optional(),
  /** The discount code applied to the cart; any other client's cart code is used. */
  discountCode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  /** The sales tax within the order's total, as the shopper saw it: compared when sent. */
  tax: cents.optional(),
  /**
   * Gift cards paying first (issue 36); absent, the cart's are used. With them `amount` is what the
   * card is charged: the total less what the cards pay (the amount due).
   */
  giftCardCodes: giftCardCodesSchema.optional(),
})

export const paymentIntentAnswer = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(['stripe', 'test']),
  publishableKey: z.string().optional(),
})
export type PaymentIntentResponse = z.input<typeof paymentIntentAnswer>

export const checkoutAnswer = z.object({
  order: z.object({ id: z.number().int() }),
  id: z.number().int(),
  /** Opens this order read-only through /api/order-status/:id?key= (the e-mails' guest key). */
  statusKey: z.string(),
  warnings: z.array(z.string()).optional(),
})
export type CheckoutResponse = z.input<typeof checkoutAnswer>

/** A card payment asked for without the address its sales tax depends on. */
export const TAX_NEEDS_ADDRESS = 'Enter your shipping address so sales tax can be calculated'

/** Gift cards at checkout (issue 36), word for word; the card named by its last four. */
export const GIFT_CARD_CHECKOUT_MESSAGES = {
  sameCardTwice: 'This gift card is already applied',
  notCovered: 'Your gift cards do not cover this order: choose how to pay the rest',
  coveredAlready: 'Your gift cards pay this whole order: place it with the gift cards alone',
  amountDueChanged: 'The amount due changed, please review your order',
  unusable: (last4: string, why: 'disabled' | 'expired' | 'spent') =>
    why === 'spent'
      ? `Gift card ••••${last4} has no balance left`
      : `Gift card ••••${last4} is ${why} and cannot be used`,
  balanceChanged: (last4: string) =>
    `The balance of gift card ••••${last4} changed, please review your order`,
} as const

/** The message for the shopper when client prices no longer match (DESIGN.md §4). */
export const PRICES_CHANGED = 'Prices changed, please review your cart'
/** A Zelle order refused because its e-mail address or connection already holds `limit` awaiting payment. */
export const tooManyUnpaidOrders = (limit: number) =>
  `There are already ${limit} orders awaiting payment from this e-mail address or connection. Please complete their Zelle payments, or contact us, before placing another.`
/**
 * A Zelle order refused because, with it, one e-mail address or connection would hold more than
 * `limit` pieces awaiting payment: one-of-a-kind pieces are not kept off sale by unpaid orders.
 */
export const tooManyUnpaidPieces = (limit: number) =>
  `Orders awaiting a Zelle payment can hold at most ${limit} ${limit === 1 ? 'piece' : 'pieces'} for one shopper. Please pay by card, or contact us and we will gladly reserve more for you.`
