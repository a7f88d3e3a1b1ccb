import { z } from 'zod'
import { formatCents } from '../money'
import { strictObject } from '../validation'
import { timestamp } from '../wire'
import { PAYMENT_METHODS, REFUND_METHODS, type RefundMethod } from './rules'

// Money paid back on an order, and the shop's return policy (storefront.md §2): returns within 14
// days, refunds to the original payment method. The server, the back office's dialog and the
// shopper's order page all read these.

export const RETURN_WINDOW_DAYS = 14

export const REFUND_REASON_REQUIRED = 'Please give a reason for the refund'

/** `POST /api/orders/:id/refunds`, in cents; `restock` holds productIds of the order's pieces. */
export const refundInputSchema = strictObject({
  amount: z
    .number({ error: 'Enter the amount to refund' })
    .int('Amount must be a whole number of cents')
    .positive('The refund must be more than $0'),
  reason: z
    .string({ error: REFUND_REASON_REQUIRED })
    .trim()
    .min(1, REFUND_REASON_REQUIRED)
    .max(500, 'Reason is too long'),
  restock: z
    .array(z.number().int().positive(), { error: 'Choose the pieces to put back on sale' })
    .max(100)
    .optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method' }).optional(),
  /**
   * Store credit instead of money, when the shopper agreed (issue 36): the whole amount becomes a
   * new gift card in their name, e-mailed to them; `method` is then not asked for.
   */
  asStoreCredit: z.boolean().optional(),
})
export type RefundInput = z.output<typeof refundInputSchema>

/**
 * A card refund is written first (pending) and the provider called after, by a worker that retries;
 * a refund by hand (Zelle, cash) is done at once. Failed: the retries ran out, the owner retries.
 */
export const REFUND_STATUSES = ['pending', 'done', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** A refund as the back office shows it; the amount in cents. */
export const refundAnswer = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  method: z.enum(REFUND_METHODS),
  reason: z.string(),
  createdAt: timestamp,
  /** The pieces this refund put back on sale. */
  restockedProductIds: z.array(z.number().int()),
  status: z.enum(REFUND_STATUSES),
  /** Why the provider's last attempt failed, for the owner. */
  lastError: z.string().nullable(),
  /** A store-credit refund's card, by its last four ("AB12"); null for any other refund. */
  storeCreditLast4: z.string().nullable(),
})
export type Refund = z.input<typeof refundAnswer>

/** The owner's reason as a clause of the trail's sentence: "Returned unworn." does not end it twice. */
// The run is matched from its first character only (the look-behind): `/[.!?…\s]+$/` alone tried
// every character of a long run to the end.
export const reasonClause = (reason: string) =>
  reason.trim().replace(/(?<![.!?…\s])[.!?…\s]+$/u, '') || reason.trim()

/** An order's line as a refund weighs it: what it cost and its share of the order's discount. */
interface PaidLine {
  productId: number
  price: number
  quantity: number
  discount: number
}

/** What the shopper paid for a line: its price less its share of the order's discount. */
export const linePaid = (line: Pick<PaidLine, 'price' | 'quantity' | 'discount'>) =>
  line.price * line.quantity - line.discount

/** What an order's sales tax weighs against (issue 34). */
interface TaxedOrder {
  tax: number
  total: number
  /** What the tax was levied on (its lines' taxable amount): goods after discount, with shipping where taxed. */
  taxable: number
}

/** An order as a refund weighs its tax: what the tax was levied on, from its lines (all alike). */
export const withTaxable = <
  O extends { total: number; tax: number; taxLines: readonly { taxable: number }[] },
>(
  order: O,
): O & { taxable: number } => ({ ...order, taxable: order.taxLines[0]?.taxable ?? order.total - order.tax })

/**
 * The sales tax that goes back with a refund of `pretax` cents of what was taxed (issue 34): the
 * order's tax in proportion to what it was levied on, so a full return gives back every cent of it.
 */
export const taxShare = (pretax: number, order: TaxedOrder) =>
  order.tax > 0 && order.taxable > 0 ? Math.round((pretax * order.tax) / order.taxable) : 0

/**
 * The tax part of a refund of `amount` cents, tax included: the share of tax in taxed money
 * (tax / (taxable + tax)), never more than the tax not yet given back, and all of it when the
 * refund gives back the last of the money received.
 */
export function refundTaxPart(
  amount: number,
  order: TaxedOrder & { paid: number; refunded: number; taxRefunded: number },
): number {
  const taxLeft = Math.max(0, order.tax - order.taxRefunded)
  if (order.refunded + amount >= order.paid) return Math.min(taxLeft, amount)
  return Math.min(taxLeft, Math.round((amount * order.tax) / Math.max(order.taxable + order.tax, 1)))
}

/**
 * A return's refund is at most what was paid for the pieces coming back, plus the shipping (a
 * return may refund it too): a refund for returned studs never pays back the discount twice. It
 * counts every return of the order together, so a second return cannot pay the shipping back
 * again. None when no piece comes back (a goodwill refund, limited only by what is left to refund).
 */
export function returnRefundLimit(
  order: TaxedOrder & {
    items: PaidLine[]
    shippingCost: number
    /** The order's refunds so far, each with the pieces it took back. */
    refunds: readonly Pick<Refund, 'amount' | 'restockedProductIds'>[]
  },
  restock: readonly number[],
): { limit: number; message: string } | undefined {
  if (restock.length === 0) return undefined
  const earlierReturns = order.refunds.filter((refund) => refund.restockedProductIds.length > 0)
  const returned = new Set([...restock, ...earlierReturns.flatMap((refund) => refund.restockedProductIds)])
  const paid = order.items
    .filter((line) => returned.has(line.productId))
    .reduce((sum, line) => sum + linePaid(line), 0)
  const refunded = earlierReturns.reduce((sum, refund) => sum + refund.amount, 0)
  const shipping = order.shippingCost > 0 ? ` and ${formatCents(order.shippingCost)} shipping` : ''
  // Shipping carries tax only where it was taxed: then the taxed amount holds more than the goods.
  const goods = order.items.reduce((sum, line) => sum + linePaid(line), 0)
  const shippingTaxed = order.taxable > goods
  const tax = taxShare(paid + (shippingTaxed ? order.shippingCost : 0), order)
  const taxWords = tax > 0 ? `, with ${formatCents(tax)} of their sales tax` : ''
  const less = refunded > 0 ? `, less the ${formatCents(refunded)} already refunded on returns` : ''
  return {
    limit: paid + order.shippingCost + tax - refunded,
    message: `The refund exceeds the ${formatCents(paid)} paid for the returned pieces${shipping}${taxWords}${less}`,
  }
}

/** Where the money goes back, in the shopper's words (the e-mail, the order page). */
export function refundDestination(method: RefundMethod): string {
  switch (method) {
    case 'stripe':
    case 'credit_card':
      return 'to the card you paid with; it may take 5 to 10 days to appear on your statement'
    case 'zelle':
      return 'by Zelle, to the same phone number or e-mail you paid from'
    case 'cash':
      return 'in cash'
    case 'check':
      return 'by check'
    case 'gift_card':
      return 'to the gift card you paid with, which you can use again right away'
    case 'store_credit':
      return 'as store credit: a gift card in your name, e-mailed to you, which you can use right away'
    default:
      return `by ${method.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}, to the account you paid from`
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Where a delivered order stands in the return window: "Delivered 9 days ago — within the 14-day
 * return window", or past it. The owner may refund either way; this only tells them.
 */
export function returnWindow(
  deliveredAt: string | null,
  now: Date = new Date(),
): { within: boolean; message: string } {
  if (!deliveredAt)
    return { within: true, message: 'Not delivered yet — a return is within the 14-day window' }
  const days = Math.max(0, Math.floor((now.getTime() - new Date(deliveredAt).getTime()) / DAY_MS))
  const ago = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`
  return days <= RETURN_WINDOW_DAYS
    ? { within: true, message: `Delivered ${ago} — within the ${RETURN_WINDOW_DAYS}-day return window` }
    : {
        within: false,
        message: `Delivered ${ago} — past the ${RETURN_WINDOW_DAYS}-day return window. You may still refund.`,
      }
}
