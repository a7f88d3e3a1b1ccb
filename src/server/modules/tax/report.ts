import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { JurisdictionFigures, SalesTaxReport, StateFigures } from '../../../shared/tax/report'
import { stateCode, type TaxLine, taxLineSchema } from '../../../shared/tax/schema'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'

// The sales-tax report (issue 34): by state and jurisdiction, what was sold, what was taxable,
// what was exempt, the tax collected and the tax given back with refunds, over the shop's days
// `from`..`to`. An order counts on the day its first payment came (a card order when placed, a Zelle
// order when its money arrived), so an order awaiting payment never enters a period, and one that
// expires unpaid never changes a period already filed. A refund's tax counts on the day the money
// went back, as a return does on a filing; the refund that gives back the last of the money gives
// back the last of the tax, so a cancelled order nets to nothing.

const OrderRow = z.object({
  state: z.string().nullable(),
  pretax: z.number().int(),
  tax: z.number().int(),
  taxLines: z.array(taxLineSchema),
  taxNote: z.string().nullable(),
})

const RefundRow = z.object({
  state: z.string().nullable(),
  tax: z.number().int(),
  taxLines: z.array(taxLineSchema),
})

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
    queryRows(
      db,
      OrderRow,
      sql`select o.shipping_state as state, (o.total - o.tax)::int as pretax, o.tax, o.tax_lines as "taxLines",
            o.tax_note as "taxNote"
          from orders o
          where (select min(p.paid_at) from payments p where p.order_id = o.id) >= ${start}
            and (select min(p.paid_at) from payments p where p.order_id = o.id) < ${end}`,
    ),
    queryRows(
      db,
      RefundRow,
      sql`select o.shipping_state as state, r.tax, o.tax_lines as "taxLines"
          from refunds r join orders o on o.id = r.order_id
          where r.status = 'done' and r.tax > 0 and r.completed_at >= ${start} and r.completed_at < ${end}`,
    ),
    // In-person sales, taxed where they were made (a show's state, else the shop's).
    queryRows(
      db,
      OrderRow,
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
    const shares = shareOut(
      refund.tax,
      refund.taxLines.map((line) => line.tax),
    )
    refund.taxLines.forEach((line, index) => {
      jurisdictionOf(figures, line).taxRefunded += shares[index]!
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

/**
 * `amount` cents shared out in proportion to `weights`, to the cent and never below zero: each
 * share rounded down, then the cents left to the largest remainders (Hamilton's method).
 */
export function shareOut(amount: number, weights: number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0)
  if (whole <= 0 || weights.length === 0) return weights.map(() => 0)
  const exact = weights.map((weight) => (amount * weight) / whole)
  const shares = exact.map(Math.floor)
  let left = amount - shares.reduce((sum, share) => sum + share, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest)
  for (const { index } of byRemainder) {
    if (left <= 0) break
    shares[index]! += 1
    left -= 1
  }
  return shares
}
