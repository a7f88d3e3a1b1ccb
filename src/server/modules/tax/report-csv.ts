import { stringify } from 'csv-stringify/sync'
import type { SalesTaxReport } from '../../../shared/tax/report'
import { stateName } from '../../../shared/tax/schema'
import { dollars, inert } from '../../csv-cells'

/**
 * The report as the owner files from it: a row per state (its totals), then a row per jurisdiction
 * of that state, amounts in dollars, rates as percentages.
 */
export function salesTaxCsv(report: SalesTaxReport): string {
  const rows: string[][] = []
  for (const state of report.states) {
    rows.push([
      inert(stateName(state.state)),
      'State total',
      '',
      dollars(state.grossSales),
      dollars(state.taxableSales),
      dollars(state.exemptSales),
      dollars(state.taxCollected),
      dollars(state.taxRefunded),
      dollars(state.netTax),
    ])
    for (const entry of state.jurisdictions)
      rows.push([
        inert(stateName(state.state)),
        inert(entry.jurisdiction),
        `${Number((entry.rate * 100).toFixed(4))}%`,
        '',
        dollars(entry.taxableSales),
        '',
        dollars(entry.taxCollected),
        dollars(entry.taxRefunded),
        dollars(entry.netTax),
      ])
  }
  return stringify(rows, {
    header: true,
    columns: [
      'State',
      'Jurisdiction',
      'Rate',
      'Gross Sales',
      'Taxable Sales',
      'Exempt Sales',
      'Tax Collected',
      'Tax Refunded',
      'Net Tax',
    ],
    bom: true,
  })
}
