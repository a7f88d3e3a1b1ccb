import { z } from 'zod'
import { listQuerySchema, sortParam } from '../admin/list'
import { giftCardPaymentAnswer } from '../gift-cards/payments'
import { addDays, addMonths } from '../shop-dates/calendar'
import { needs } from '../staff/field-access'
import { taxLineSchema } from '../tax/schema'
import { strictObject } from '../validation'
import { timestamp } from '../wire'
import { refundAnswer } from './refunds'
import {
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from './rules'

// The back office's view of orders: what its list asks for and gets, and what its buttons send.

export const ADMIN_ORDER_SORTS = ['newest', 'due-date', 'buyer'] as const
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number]
export const ADMIN_ORDER_SORT_LABELS: Record<AdminOrderSort, string> = {
  newest: 'Newest First',
  'due-date': 'Payment Due Date',
  buyer: 'Buyer Name',
}

export const adminOrderQuerySchema = listQuerySchema.extend({
  sort: sortParam(ADMIN_ORDER_SORTS),
  tab: z.enum(ORDER_TABS, { error: 'Unknown tab' }).default('all'),
})
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>

const cents = z.number().int()
/** Calendar day 'yyyy-MM-dd'. */
const dayText = z.string()

export const adminOrderItemAnswer = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productImage: z.string(),
  quantity: z.number().int(),
  price: cents,
  /** The line's share of the order's discount, in cents: the line was paid price × quantity less this. */
  discount: needs('ledger:view', cents),
})
export type AdminOrderItem = z.input<typeof adminOrderItemAnswer>

export const adminPaymentAnswer = z.object({
  id: z.number().int(),
  amount: cents,
  method: z.enum(PAYMENT_METHODS),
  paidAt: timestamp,
  note: z.string().nullable(),
})
export type AdminPayment = z.input<typeof adminPaymentAnswer>

export const adminInstallmentAnswer = z.object({
  id: z.number().int(),
  amount: cents,
  dueDate: dayText,
  paid: z.boolean(),
  paidDate: timestamp.nullable(),
  overdue: z.boolean(),
})
export type AdminInstallment = z.input<typeof adminInstallmentAnswer>

export const adminPaymentPlanAnswer = z.object({
  depositAmount: cents,
  totalAmount: cents,
  remainingBalance: cents,
  nextDueDate: dayText.nullable(),
  overdue: z.boolean(),
  installments: z.array(adminInstallmentAnswer),
})
export type AdminPaymentPlan = z.input<typeof adminPaymentPlanAnswer>

export const ORDER_EVENT_KINDS = [
  'created',
  'status',
  'payment',
  'tracking',
  'plan',
  'email',
  'refund',
  'reservation',
  'request',
] as const
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number]

/** One line of the order's audit trail: who did what, when. */
export const orderEventAnswer = z.object({
  id: z.number().int(),
  at: timestamp,
  actor: z.string().nullable(),
  /** The actor's role when they acted (issue 35); null for a line written before roles, or by the shop. */
  actorRole: z.string().nullable(),
  kind: z.enum(ORDER_EVENT_KINDS),
  message: z.string(),
})
export type OrderEvent = z.input<typeof orderEventAnswer>

/** The shopper's requests at checkout, and when the owner ticked each off (ISO), null until then. */
export const orderRequestsAnswer = z.object({
  appointment: z.boolean(),
  appointmentArrangedAt: timestamp.nullable(),
  insurance: z.boolean(),
  insuredAt: timestamp.nullable(),
})
export type OrderRequests = z.input<typeof orderRequestsAnswer>

/** An order as the back office sees it; its particulars are `OrderParticulars` (./rules.ts). */
export const adminOrderAnswer = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  shipping: z.object({
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string(),
  }),
  subtotal: needs('ledger:view', cents),
  /** The discount code the order was placed with, and the cents it took off (0: none). */
  discountCode: z.string().nullable(),
  discount: needs('ledger:view', cents),
  shippingCost: needs('ledger:view', cents),
  /** The sales tax collected (issue 34), its lines per jurisdiction as computed then, and why none. */
  tax: needs('ledger:view', cents),
  taxLines: needs('ledger:view', z.array(taxLineSchema)),
  taxNote: z.string().nullable(),
  /** A state rate stood in for a ZIP missing from its rate table: the owner checks the tax. */
  taxFallback: z.boolean(),
  total: needs('ledger:view', cents),
  amountPaid: needs('ledger:view', cents),
  balance: needs('ledger:view', cents),
  /** What gift cards paid (issue 36), each named by its last four and kind; the rest is the amount due. */
  giftCardPayments: needs('ledger:view', z.array(giftCardPaymentAnswer)),
  amountDue: needs('ledger:view', cents),
  trackingNumber: z.string().nullable(),
  notes: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  createdAt: timestamp,
  /** When an order awaiting its first payment gives its pieces back, unless paid or extended. */
  reservedUntil: timestamp.nullable(),
  items: z.array(adminOrderItemAnswer),
  payments: needs('ledger:view', z.array(adminPaymentAnswer)),
  paymentPlan: needs('ledger:view', adminPaymentPlanAnswer.nullable()),
  events: z.array(orderEventAnswer),
  /** Money paid back, oldest first (a return, a goodwill refund). */
  refunds: needs('ledger:view', z.array(refundAnswer)),
  refundedAmount: needs('ledger:view', cents),
  /** When the order was marked delivered (ISO), for the return window; null before. */
  deliveredAt: timestamp.nullable(),
  /** The shopper's requests at checkout, and when the owner ticked each off. */
  requests: orderRequestsAnswer,
})
export type AdminOrder = z.input<typeof adminOrderAnswer>

/** The owner ticks a shopper's request off (or back on): the appointment arranged, the parcel insured. */
export const orderRequestsUpdateSchema = strictObject({
  appointmentArranged: z.boolean().optional(),
  insured: z.boolean().optional(),
}).refine((update) => update.appointmentArranged !== undefined || update.insured !== undefined, {
  message: 'Say which request is done',
})
export type OrderRequestsUpdate = z.output<typeof orderRequestsUpdateSchema>

export const adminOrderPageAnswer = z.object({
  items: z.array(adminOrderAnswer),
  total: z.number().int(),
  tabCounts: z.record(z.enum(ORDER_TABS), z.number().int()),
})
export type AdminOrderPage = z.input<typeof adminOrderPageAnswer>

export const orderStatusUpdateSchema = strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }),
  /** Mark Shipped sends the number it asked for with the step, so neither lands without the other. */
  trackingNumber: z.string().trim().max(100, 'Tracking number is too long').optional(),
})

/** The owner gives a shopper more time to pay: the reservation runs this many more hours. */
export const MAX_RESERVATION_EXTENSION_HOURS = 30 * 24
export const reservationExtensionSchema = strictObject({
  hours: z
    .number({ error: 'Choose how long to extend the reservation' })
    .positive('Choose how long to extend the reservation')
    .max(MAX_RESERVATION_EXTENSION_HOURS, 'A reservation can be extended by at most 30 days at a time'),
})
export type ReservationExtension = z.output<typeof reservationExtensionSchema>

/**
 * A buyer's reservations: the orders with the same e-mail address that hold pieces without any
 * payment (not yet shipped), and the pieces they hold. The owner may end them all in one action.
 */
export const buyerReservationsAnswer = z.object({
  email: z.string(),
  orders: z.number().int(),
  pieces: z.number().int(),
})
export type BuyerReservations = z.input<typeof buyerReservationsAnswer>

/** The statuses in which an order's pieces are still in the shop, held for it. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing']

/** Whether the order holds pieces without any payment: one of its buyer's reservations. */
export const holdsPiecesUnpaid = (order: { status: OrderStatus; paymentStatus: PaymentStatus }) =>
  order.paymentStatus === 'unpaid' && HOLDING_STATUSES.includes(order.status)

export const TRACKING_REQUIRED = 'Please enter a tracking number'
export const trackingUpdateSchema = strictObject({
  trackingNumber: z
    .string({ error: TRACKING_REQUIRED })
    .trim()
    .min(1, TRACKING_REQUIRED)
    .max(100, 'Tracking number is too long'),
})

export const paymentUpdateSchema = strictObject({
  paymentStatus: z.enum(['partial', 'paid'], { error: 'Choose partial or paid' }),
  /** Cents; without it, 'paid' settles the balance. */
  amount: z
    .number({ error: 'Amount must be a number of cents' })
    .int('Amount must be a whole number of cents')
    .positive('Amount must be greater than $0')
    .optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method' }).optional(),
  note: z.string().trim().max(500, 'Note is too long').optional(),
})
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>

/** Calendar day 'yyyy-MM-dd' (a due date is a day, not a moment). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd')
  // 2026-02-30 has the right shape but is no day of the calendar. zod runs this after a failed
  // regex too, so a blank or malformed value must answer false here, not throw (a 500).
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'Enter a real date')

export const MAX_INSTALLMENTS = 24

/** `PUT /api/orders/:id/plan`: a deposit and the instalments that pay the rest, in cents. */
export const paymentPlanSchema = strictObject({
  depositAmount: z.number({ error: 'Enter the deposit' }).int().min(0, 'The deposit cannot be negative'),
  installments: z
    .array(
      strictObject({
        amount: z
          .number({ error: 'Enter each instalment' })
          .int()
          .positive('Each instalment must be more than $0'),
        dueDate: day,
      }),
      { error: 'Add the instalments' },
    )
    .min(1, 'Add at least one instalment')
    .max(MAX_INSTALLMENTS, `At most ${MAX_INSTALLMENTS} instalments`)
    .refine(
      (steps) => steps.every((step, index) => index === 0 || step.dueDate > steps[index - 1]!.dueDate),
      'Each instalment must fall due after the one before',
    ),
})
export type PaymentPlanInput = z.output<typeof paymentPlanSchema>

/**
 * Splits what remains after the deposit into `count` instalments a `stepDays` (or a month, when
 * 'month') apart from `firstDue`; the last one takes the cents that do not divide evenly.
 */
export function splitInstallments(
  total: number,
  deposit: number,
  count: number,
  firstDue: string,
  every: 'month' | 'two-weeks' | 'week',
): { amount: number; dueDate: string }[] {
  const rest = total - deposit
  if (count < 1 || rest <= 0) return []
  const share = Math.floor(rest / count)
  return Array.from({ length: count }, (_, index) => ({
    amount: index === count - 1 ? rest - share * (count - 1) : share,
    // A month later keeps the day of the month, or the month's last day when it has fewer.
    dueDate:
      every === 'month' ? addMonths(firstDue, index) : addDays(firstDue, index * (every === 'week' ? 7 : 14)),
  }))
}
