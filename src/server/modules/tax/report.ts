import { sql } from 'drizzle-orm'
import { stateCode, type TaxLine } from '../../../shared/tax'
import type { JurisdictionFigures, SalesTaxReport, StateFigures } from '../../../shared/tax-report'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'

// The sales-tax report (issue 34): by state and jurisdiction, what was sold, what was taxable,
// what was exempt, the tax collected and the tax given back with refunds, over the shop's days
// `from`..`to`. An order counts on the day it was placed; a refund's tax on the day the money went
// back, as a return does on a filing. A cancelled order counts only if money went back for it
// (then its refunds net it out); one never paid was never a sale.

interface OrderRow {
  state: string | null
  pretax: number
  tax: number
  taxLines: TaxLine[]
  taxNote: string | null
}

interface RefundRow {
  state: string | null
  tax: number
  orderTax: number
  taxLines: TaxLine[]
}

export interface ReportPeriod {
  from: string
  to: string
  timeZone: string
}

const EXEMPT = /^Tax exempt/

export async function salesTaxReport(db: DbOrTx, period: ReportPeriod): Promise<SalesTaxReport> {
  const start = sql`(${period.from}::date::timestamp at time zone ${period.timeZone})`
  const end = sql`((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`
  const [orderRows, refundRows, inPerson] = await Promise.all([
    queryRows<OrderRow>(
      db,
      sql`select shipping_state as state, (total - tax)::int as pretax, tax, tax_lines as "taxLines",
            tax_note as "taxNote"
          from orders
          where created_at >= ${start} and created_at < ${end}
            and (status <> 'cancelled' or refunded_amount > 0)`,
    ),
    queryRows<RefundRow>(
      db,
      sql`select o.shipping_state as state, r.tax, o.tax as "orderTax", o.tax_lines as "taxLines"
          from refunds r join orders o on o.id = r.order_id
          where r.status = 'done' and r.tax > 0 and r.completed_at >= ${start} and r.completed_at < ${end}`,
    ),
    // In-person sales, taxed where they were made (a show's state, else the shop's).
    queryRows<OrderRow>(
      db,
      sql`select tax_state as state, sale_price as pretax, tax, tax_lines as "taxLines", tax_note as "taxNote"
          from sales where order_id is null and tax_state is not null
            and sale_date >= ${start} and sale_date < ${end}`,
    ),
  ])

  const states = new Map<string, StateFigures>()
  const figuresOf = (raw: string | null) => {
    const state = stateCode(raw ?? '') ?? (raw?.trim() || 'Unknown')
    let figures = states.get(state)
    if (!figures) {
      figures = {
        state,
        grossSales: 0,
        taxableSales: 0,
        exemptSales: 0,
        taxCollected: 0,
        taxRefunded: 0,
        netTax: 0,
        jurisdictions: [],
      }
      states.set(state, figures)
    }
    return figures
  }
  const jurisdictionOf = (figures: StateFigures, line: TaxLine): JurisdictionFigures => {
    let entry = figures.jurisdictions.find(
      (j) => j.jurisdiction === line.jurisdiction && j.type === line.type,
    )
    if (!entry) {
      entry = {
        jurisdiction: line.jurisdiction,
        type: line.type,
        rate: line.rate,
        taxableSales: 0,
        taxCollected: 0,
        taxRefunded: 0,
        netTax: 0,
      }
      figures.jurisdictions.push(entry)
    }
    return entry
  }

  for (const order of [...orderRows, ...inPerson]) {
    const figures = figuresOf(order.state)
    figures.grossSales += order.pretax
    if (order.taxNote && EXEMPT.test(order.taxNote)) figures.exemptSales += order.pretax
    figures.taxCollected += order.tax
    // Every line of an order has the same taxable amount; the state's line says what it was.
    figures.taxableSales += order.taxLines.find((line) => line.type === 'state')?.taxable ?? 0
    for (const line of order.taxLines) {
      const entry = jurisdictionOf(figures, line)
      entry.taxableSales += line.taxable
      entry.taxCollected += line.tax
    }
  }

  for (const refund of refundRows) {
    const figures = figuresOf(refund.state)
    figures.taxRefunded += refund.tax
    // The refund's tax, shared among the order's jurisdictions as their taxes were, to the cent.
    let left = refund.tax
    refund.taxLines.forEach((line, index) => {
      const last = index === refund.taxLines.length - 1
      const share = last ? left : Math.round((refund.tax * line.tax) / Math.max(refund.orderTax, 1))
      left -= share
      jurisdictionOf(figures, line).taxRefunded += share
    })
  }

  const result = [...states.values()].sort((a, b) => a.state.localeCompare(b.state))
  for (const figures of result) {
    figures.netTax = figures.taxCollected - figures.taxRefunded
    for (const entry of figures.jurisdictions) entry.netTax = entry.taxCollected - entry.taxRefunded
    const order = { state: 0, county: 2, city: 1, special: 3 }
    figures.jurisdictions.sort(
      (a, b) => order[a.type] - order[b.type] || a.jurisdiction.localeCompare(b.jurisdiction),
    )
  }
  return { from: period.from, to: period.to, states: result }
}
