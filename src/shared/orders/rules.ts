import type { z } from 'zod'
import type { TaxLine } from '../tax/schema'
import type {
  orderDetailSchema,
  orderSummarySchema,
  shippingAddressSchema,
  shopperInstallmentSchema,
  shopperPaymentPlanSchema,
} from './answers'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_METHODS } from './vocabulary'

export { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_METHODS }

// Order and payment vocabulary shared by the storefront, the back office and the server.

export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Order Received',
  confirmed: 'Payment Confirmed',
  preparing: 'Preparing to Ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partial: 'Partial Payment',
  paid: 'Paid in Full',
  refunded: 'Refunded',
}

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export type RefundMethod = (typeof REFUND_METHODS)[number]

/** The methods offered by the back office's sale form, in its order. */
export const SALE_PAYMENT_METHODS = ['zelle', 'cash', 'check', 'venmo', 'paypal', 'credit_card'] as const

export const SALE_SOURCES = ['order', 'manual'] as const

/** Where an order goes, as the shopper gave it at checkout. */
export type ShippingAddress = z.input<typeof shippingAddressSchema>

/** Who an order is for, where it goes and what it came to: the back office and the order's papers both show these. */
export interface OrderParticulars {
  paymentMethod: PaymentMethod
  customerName: string | null
  customerEmail: string | null
  customerPhone: string | null
  shipping: ShippingAddress
  subtotal: number
  /** The discount code the order was placed with, and the cents it took off (0: none). */
  discountCode: string | null
  discount: number
  shippingCost: number
  /** The sales tax collected (issue 34), its lines per jurisdiction as computed then, and why none. */
  tax: number
  taxLines: TaxLine[]
  taxNote: string | null
  total: number
}

// The shopper's answers: their types come from their schemas (orders/answers.ts), by type alone.

/** A line of the shopper's order list (storefront.md §3: id, status, total, createdAt). */
export type OrderSummary = z.input<typeof orderSummarySchema>
export type OrderDetail = z.input<typeof orderDetailSchema>
export type ShopperInstallment = z.input<typeof shopperInstallmentSchema>
export type ShopperPaymentPlan = z.input<typeof shopperPaymentPlanSchema>

/** The steps of an order's timeline; a cancelled order leaves it. */
export const ORDER_PROGRESS: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'shipped', 'delivered']

// ---------------------------------------------------------------------------------------------
// The order's life (back-office.md §4), defined once: the server refuses what is not here, the
// back office offers what is, the shopper's timeline follows it.

/** The one forward step each status allows, with its button; Cancel is offered in every state. */
export const NEXT_STEP: Partial<Record<OrderStatus, { to: OrderStatus; action: string }>> = {
  pending: { to: 'confirmed', action: 'Confirm' },
  confirmed: { to: 'preparing', action: 'Mark Packed' },
  preparing: { to: 'shipped', action: 'Mark Shipped' },
  shipped: { to: 'delivered', action: 'Mark Delivered' },
}

/** Why `from` may not become `to`, or undefined when it may. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string | undefined {
  if (from === 'cancelled') return 'This order is cancelled and can no longer change'
  if (to === 'cancelled') return undefined
  const next = NEXT_STEP[from]
  if (next?.to === to) return undefined
  if (to === from) return `This order is already ${ORDER_STATUS_LABELS[to]}`
  return next
    ? `An order that is ${ORDER_STATUS_LABELS[from]} can only move to ${ORDER_STATUS_LABELS[next.to]} or be cancelled`
    : `An order that is ${ORDER_STATUS_LABELS[from]} can only be cancelled`
}

/**
 * 'Payment Confirmed' means money came in (back-office.md §4): an order with nothing paid and no
 * agreed plan is confirmed by recording its payment, which confirms it in the same step.
 */
export const CONFIRM_NEEDS_PAYMENT =
  'Record the payment received (or agree a payment plan) to confirm this order'

/**
 * Payment status follows from the payments received less the refunds: none, some, or the whole
 * total. What was refunded is no longer owed either (a returned piece), and an order whose money
 * all went back is 'refunded'.
 */
export function derivePaymentStatus(paidCents: number, totalCents: number, refundedCents = 0): PaymentStatus {
  const kept = paidCents - refundedCents
  if (refundedCents > 0 && kept <= 0) return 'refunded'
  if (kept <= 0) return 'unpaid'
  return kept >= totalCents - refundedCents ? 'paid' : 'partial'
}

export const ORDER_TABS = [
  'all',
  'pending-payment',
  'payment-plans',
  'ready-to-ship',
  'completed',
  'appointments',
] as const
export type OrderTab = (typeof ORDER_TABS)[number]
export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  all: 'All Orders',
  'pending-payment': 'Pending Payment',
  'payment-plans': 'Payment Plans',
  'ready-to-ship': 'Ready to Ship',
  completed: 'Completed',
  appointments: 'Needs an Appointment',
}

/** The payment statuses of an order that still owes the shop money. */
export const OWED_PAYMENT_STATUSES = ['unpaid', 'partial'] as const satisfies readonly PaymentStatus[]

/**
 * What "owed" means, once for every screen: an order not cancelled whose payment is not complete,
 * on a plan or not. The dashboard's "awaiting payment", the orders header and the two tabs that
 * split it (Pending Payment without a plan, Payment Plans with one) all count exactly these.
 */
export function isOwed(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  return (
    order.status !== 'cancelled' &&
    (OWED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus)
  )
}

/** The owed orders among a list's tab counts: the two tabs that split them add up to all of them. */
export const owedOrders = (counts: Record<OrderTab, number>) =>
  counts['pending-payment'] + counts['payment-plans']

/** DESIGN.md §4's tab rules; the server's SQL says the same, and a test holds them together. */
export function orderTabs(order: {
  status: OrderStatus
  paymentStatus: PaymentStatus
  hasPlan: boolean
  /** The shopper asked for an appointment and the owner has not yet arranged it. */
  needsAppointment?: boolean
}): OrderTab[] {
  const tabs: OrderTab[] = ['all']
  if (order.status === 'cancelled') return tabs
  const shipped = order.status === 'shipped' || order.status === 'delivered'
  if (order.needsAppointment && !shipped) tabs.push('appointments')
  const settled = order.paymentStatus === 'paid'
  if (isOwed(order)) tabs.push(order.hasPlan ? 'payment-plans' : 'pending-payment')
  if (settled && (order.status === 'confirmed' || order.status === 'preparing')) tabs.push('ready-to-ship')
  if (order.status === 'shipped' || order.status === 'delivered') tabs.push('completed')
  return tabs
}

/**
 * An order still waiting for its first payment, with no plan agreed: it holds its pieces only
 * until its reservation runs out (RESERVATION_HOURS), then the shop cancels it. Once the owner
 * confirms it, takes any payment or agrees a plan, the pieces stay held.
 */
export function awaitsFirstPayment(order: {
  status: OrderStatus
  paymentStatus: PaymentStatus
  hasPlan: boolean
  /** Everything received came from gift cards: the shopper has not yet paid anything of their own. */
  paidOnlyByGiftCards?: boolean
}): boolean {
  const nothingOwnPaid =
    order.paymentStatus === 'unpaid' || (order.paymentStatus === 'partial' && !!order.paidOnlyByGiftCards)
  return order.status === 'pending' && nothingOwnPaid && !order.hasPlan
}

/** Where a tracking number can be followed, by the shape carriers give their numbers. */
export function trackingLink(trackingNumber: string): { carrier: string; url: string } | undefined {
  const number = trackingNumber.replace(/\s+/g, '').toUpperCase()
  if (/^1Z[0-9A-Z]{16}$/.test(number))
    return { carrier: 'UPS', url: `https://www.ups.com/track?tracknum=${number}` }
  if (/^(94|93|92|95)\d{20}$|^\d{20,22}$|^[A-Z]{2}\d{9}US$/.test(number))
    return { carrier: 'USPS', url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}` }
  if (/^(\d{12}|\d{15})$/.test(number))
    return { carrier: 'FedEx', url: `https://www.fedex.com/fedextrack/?trknbr=${number}` }
  return undefined
}
