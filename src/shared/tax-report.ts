import { z } from 'zod'
import type { TaxLineType } from './tax'

// The sales-tax report (issue 34): GET /api/admin/reports/sales-tax?from=&to=, and its CSV.

const day = (label: string) =>
  z
    .string({ error: `${label} is a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} is a date (YYYY-MM-DD)`)

export const salesTaxReportQuerySchema = z
  .object({ from: day('From'), to: day('To') })
  .refine((query) => query.from <= query.to, { message: 'From must not be after To', path: ['to'] })

export interface JurisdictionFigures {
  jurisdiction: string
  type: TaxLineType
  rate: number
  taxableSales: number
  taxCollected: number
  taxRefunded: number
  netTax: number
}

/** One state's figures over the period, in cents. */
export interface StateFigures {
  state: string
  /** Sales into the state before tax: goods after discounts, and shipping. */
  grossSales: number
  taxableSales: number
  exemptSales: number
  taxCollected: number
  taxRefunded: number
  netTax: number
  jurisdictions: JurisdictionFigures[]
}

export interface SalesTaxReport {
  from: string
  to: string
  states: StateFigures[]
}
