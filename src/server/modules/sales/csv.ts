import { stringify } from 'csv-stringify/sync'
import type { RefundLine, Sale } from '../../../shared/sales'
import { formatCsvDateTime } from '../../../shared/shop-dates/wall-time'
import { dollars, inert } from '../../csv-cells'

/**
 * The ledger as CSV: one row per sale and one per refund line (a negative Sale Price and Profit,
 * dated when the money went back, Source 'refund'), newest first, amounts in dollars, dates in the
 * shop's time zone. The Sale Price and Profit columns add up to the cards' Total Sales and Profit.
 */
export function salesCsv(sales: Sale[], refundLines: RefundLine[], timeZone: string): string {
  const rows = [
    ...sales.map((sale) => ({ at: sale.saleDate, cells: saleCells(sale) })),
    ...refundLines.map((line) => ({ at: line.refundDate, cells: refundCells(line) })),
  ].sort((a, b) => b.at.localeCompare(a.at))
  return stringify(
    rows.map(({ at, cells }) => [formatCsvDateTime(at, timeZone), ...cells]),
    {
      header: true,
      columns: [
        'Date',
        'Product',
        'SKU',
        'Customer',
        'Email',
        'Payment Method',
        'Sale Price',
        'Tax',
        'Cost',
        'Profit',
        'Source',
        'Order',
        'Notes',
      ],
      bom: true,
    },
  )
}

const saleCells = (sale: Sale) => [
  inert(sale.productName ?? `Product #${sale.productId}`),
  inert(sale.productSku),
  inert(sale.customerName),
  inert(sale.customerEmail),
  sale.paymentMethod,
  dollars(sale.salePrice),
  dollars(sale.tax),
  dollars(sale.cost),
  dollars(sale.profit),
  sale.source,
  sale.orderId === null ? '' : `#${sale.orderId}`,
  inert(sale.notes),
]

const refundCells = (line: RefundLine) => [
  `Refund on order #${line.orderId}`,
  '',
  inert(line.customerName),
  inert(line.customerEmail),
  line.paymentMethod,
  dollars(-line.amount),
  '',
  '',
  dollars(-line.amount),
  'refund',
  `#${line.orderId}`,
  inert(line.reason),
]
