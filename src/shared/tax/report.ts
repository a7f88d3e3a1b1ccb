import { z } from 'zod'
import { TAX_LINE_TYPES } from './schema'

// The sales-tax report (issue 34): GET /api/admin/reports/sales-tax?from=&to=, and its CSV.

const day = (label: string) =>
  z
    .string({ error: `${label} is a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} is a date (YYYY-MM-DD)`)

export const salesTaxReportQuerySchema = z
  .object({ from: day('From'), to: day('To') })
  .refine((query) => query.from <= query.to, { message: 'From must not be after To', path: ['to'] })

const cents = z.number()

export const jurisdictionFiguresAnswer = z.object({
  jurisdiction: z.string(),
  type: z.enum(TAX_LINE_TYPES),
  rate: z.number(),
  taxableSales: cents,
  taxCollected: cents,
  taxRefunded: cents,
  netTax: cents,
})
export type JurisdictionFigures = z.input<typeof jurisdictionFiguresAnswer>

/** One state's figures over the period, in cents. */
export const stateFiguresAnswer = z.object({
  state: z.string(),
  /** Sales into the state before tax: goods after discounts, and shipping. */
  grossSales: cents,
  taxableSales: cents,
  exemptSales: cents,
  taxCollected: cents,
  taxRefunded: cents,
  netTax: cents,
  jurisdictions: z.array(jurisdictionFiguresAnswer),
})
export type StateFigures = z.input<typeof stateFiguresAnswer>

export const salesTaxReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  states: z.array(stateFiguresAnswer),
})
export type SalesTaxReport = z.input<typeof salesTaxReportAnswer>
