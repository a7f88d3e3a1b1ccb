import { z } from 'zod'
import { giftCardPaymentAnswer } from '../gift-cards/payments'
import { taxLineSchema } from '../tax/schema'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_METHODS } from './vocabulary'

// The shopper's order answers (contract.ts). orders.ts takes its types from these by type alone.

/** Where an order goes, as the shopper gave it at checkout. */
export const shippingAddressSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
})

/** A line of the shopper's order list (storefront.md §3: id, status, total, createdAt). */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
})

/** One step of a payment plan's schedule; due dates are days of the shop's calendar ('yyyy-MM-dd'). */
export const shopperInstallmentSchema = z.object({
  amount: z.number().int(),
  dueDate: z.string(),
  paid: z.boolean(),
  /** Its due day has ended and it is not paid. */
  overdue: z.boolean(),
})

export const shopperPaymentPlanSchema = z.object({
  depositAmount: z.number().int(),
  /** What of the deposit is still to send, in cents (from the payments received, as the instalments' `paid`). */
  depositDue: z.number().int(),
  /** Total still to pay, in cents: the total less refunds, less what was paid and kept. */
  balance: z.number().int(),
  installments: z.array(shopperInstallmentSchema),
})

export const orderDetailSchema = orderSummarySchema.extend({
  subtotal: z.number().int(),
  /** The discount code the order was placed with, and the cents it took off (0: none). */
  discountCode: z.string().nullable(),
  discount: z.number().int(),
  shippingCost: z.number().int(),
  /** The sales tax collected (issue 34), its lines per jurisdiction as computed then, and why none. */
  tax: z.number().int(),
  taxLines: z.array(taxLineSchema),
  taxNote: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  trackingNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  shipping: shippingAddressSchema,
  items: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      productImage: z.string(),
      quantity: z.number().int(),
      price: z.number().int(),
    }),
  ),
  /** Until when the shop holds the pieces of an order awaiting its first payment (ISO). */
  reservedUntil: z.string().nullable(),
  /** Money paid back on the order, oldest first (the owner's reason stays in the back office). */
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int(),
      method: z.enum(REFUND_METHODS),
      createdAt: z.string(),
    }),
  ),
  refundedAmount: z.number().int(),
  /** What the shop received and kept, in cents: payments less refunds, as the payment status counts. */
  amountPaid: z.number().int(),
  /** What gift cards paid (issue 36), each named by its last four and kind; the rest is the amount due. */
  giftCardPayments: z.array(giftCardPaymentAnswer),
  /** The total less what the gift cards paid: what the card or Zelle pays. */
  amountDue: z.number().int(),
  /** The agreed payment plan, when there is one: its schedule as the shopper reads it. */
  plan: shopperPaymentPlanSchema.nullable(),
})
