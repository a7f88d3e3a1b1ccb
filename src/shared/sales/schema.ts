import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { PAYMENT_METHODS, type RefundMethod, SALE_PAYMENT_METHODS } from '../orders/rules'
import { needs } from '../staff/field-access'
import { taxAddressSchema } from '../tax/schema'
import { nullableText, optionalDollars, requiredDollars, strictObject } from '../validation'
import { timestamp } from '../wire'

// The sales ledger (back-office.md §2 Sales, §5; DESIGN.md §4): one row per piece sold, by an
// order paid in full or by hand from the Sales page.

export const SALE_PERIODS = ['all', 'today', 'week', 'month'] as const
export type SalePeriod = (typeof SALE_PERIODS)[number]
export const SALE_PERIOD_LABELS: Record<SalePeriod, string> = {
  all: 'All Time',
  today: 'Today',
  week: 'Past Week',
  month: 'Past Month',
}

export const SALE_PRICE_MESSAGE = 'Sale price must be greater than $0'
export const PAYMENT_METHOD_REQUIRED = 'Payment method is required'

export const salesQuerySchema = listQuerySchema.extend({
  period: z.enum(SALE_PERIODS, { error: 'Unknown period' }).default('all'),
})
export type SalesQuery = z.output<typeof salesQuerySchema>

const saleMethod = z.enum(SALE_PAYMENT_METHODS, { error: PAYMENT_METHOD_REQUIRED })
const customerEmail = z
  .union([
    z.literal(''),
    z.email({ error: 'Please enter a valid email address' }).trim().toLowerCase().max(254),
  ])
  .nullish()
  .transform((value) => value || null)

/**
 * Where an in-person sale is taxed (issue 34), while the shop collects sales tax: at the shop's
 * origin (the default), at an address the owner enters (a gem show), or not at all, with the reason.
 */
export const saleTaxSchema = z.discriminatedUnion(
  'at',
  [
    z.object({ at: z.literal('origin') }),
    z.object({ at: z.literal('address'), address: taxAddressSchema }),
    z.object({
      at: z.literal('exempt'),
      reason: z
        .string({ error: 'Give the reason the sale is exempt' })
        .trim()
        .min(1, 'Give the reason the sale is exempt')
        .max(200),
    }),
  ],
  { error: "Sales tax is at 'origin', at an 'address', or 'exempt'" },
)
export type SaleTax = z.infer<typeof saleTaxSchema>

/**
 * What the Mark as Sold form holds: dollars, as typed, and the sale's tax as the route takes it.
 * Beside saleInputSchema field for field (the same messages, the same building blocks), so that the
 * form refuses what the route refuses and nothing more; its output is the route's body.
 */
export const saleFormSchema = z.object({
  salePrice: requiredDollars(SALE_PRICE_MESSAGE),
  cost: optionalDollars('Cost must be $0 or more'),
  paymentMethod: saleMethod,
  customerName: nullableText(200),
  customerEmail,
  notes: nullableText(2000),
  tax: saleTaxSchema.optional(),
})
export type SaleFormInput = z.input<typeof saleFormSchema>

/** `POST /api/sales`: cents. The profit a client may send is recomputed, never trusted. */
export const saleInputSchema = strictObject({
  productId: z.number({ error: 'Choose a product' }).int().positive('Choose a product'),
  salePrice: z
    .number({ error: SALE_PRICE_MESSAGE })
    .int(SALE_PRICE_MESSAGE)
    .min(1, SALE_PRICE_MESSAGE)
    .max(1_000_000_000),
  cost: z
    .number({ error: 'Cost must be $0 or more' })
    .int()
    .min(0, 'Cost must be $0 or more')
    .max(1_000_000_000)
    .nullish(),
  profit: z.number().int().nullish(),
  paymentMethod: saleMethod,
  customerName: nullableText(200),
  customerEmail,
  notes: nullableText(2000),
  tax: saleTaxSchema.optional(),
})
export type SaleInput = z.output<typeof saleInputSchema>

const cents = z.number().int()

/** A row of the ledger; amounts in cents. */
export const saleAnswer = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string().nullable(),
  productSku: z.string().nullable(),
  salePrice: cents,
  cost: needs('products:cost', cents.nullable()),
  profit: needs('products:cost', cents.nullable()),
  paymentMethod: z.enum(PAYMENT_METHODS),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  notes: z.string().nullable(),
  saleDate: timestamp,
  source: z.enum(['order', 'manual']),
  orderId: z.number().int().nullable(),
  /** The sales tax collected with the piece (its order's, in proportion): never part of the sale price. */
  tax: cents,
})
export type Sale = z.input<typeof saleAnswer>

/**
 * A refund that takes money off the ledger (one that returns no piece, or more than the returned
 * pieces' prices): in the CSV a line of its own, dated when it was paid back, with a negative amount.
 */
export interface RefundLine {
  id: number
  orderId: number
  /** What it takes off the period's sales and profit, in cents (> 0). */
  amount: number
  /** How the money went back: a payment method, or store credit (issue 36). */
  paymentMethod: RefundMethod
  reason: string
  customerName: string | null
  customerEmail: string | null
  refundDate: string
}

/** The four cards, over the whole period (not just the page shown), net of its refund lines. */
export const salesSummaryAnswer = z.object({
  totalSales: z.number(),
  totalProfit: needs('products:cost', z.number()),
  transactions: z.number().int(),
  /** Total sales divided by transactions, 0 when there are none (back-office.md §9). */
  averageTicket: z.number(),
  /**
   * Money paid back in the period, in cents, and how many refunds. A returned piece's sale has
   * already left the rows above; this says what went back to shoppers.
   */
  refunds: z.object({ amount: z.number(), count: z.number().int() }),
})
export type SalesSummary = z.input<typeof salesSummaryAnswer>

export const salesPageAnswer = z.object({
  items: z.array(saleAnswer),
  total: z.number().int(),
  summary: salesSummaryAnswer,
})
export type SalesPage = z.input<typeof salesPageAnswer>

export const monthlySalesAnswer = z.object({
  /** 'yyyy-MM' in the shop's time zone. */
  month: z.string(),
  sales: z.number(),
  profit: needs('products:cost', z.number()),
})
export type MonthlySales = z.input<typeof monthlySalesAnswer>
