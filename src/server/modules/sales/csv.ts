import { stringify } from 'csv-stringify/sync'
import type { RefundLine, Sale } from '../../../shared/sales/schema'
import { formatCsvDateTime } from '../../../shared/shop-dates/wall-time'
import { dollars, inert } from '../../csv-cells'

/**
 * The ledger as CSV: one row per sale and one per refund line (a negative Sale Price and Profit,
 * dated when the money went back, Source 'refund'), newest first, amounts in dollars, dates in the
 * shop's time zone. The Sale Price and Profit columns add up to the cards' Total Sales and Profit.
 */
export function salesCsv(
  sales: Sale[],
  refundLines: RefundLine[],
  timeZone: string,
  /** A member without `products:cost` gets the file without Cost and Profit (issue 35). */
  {
    withCost = true,
    giftCardLabels,
  }: {
    withCost?: boolean
    /** Per order its gift cards as "Gift card ••••AB12" (issue 36), for the sales they paid. */
    giftCardLabels?: Map<number, string>
  } = {},
): string {
  const rows = [
    ...sales.map((sale) => ({ at: sale.saleDate, cells: saleCells(sale, giftCardLabels) })),
    ...refundLines.map((line) => ({ at: line.refundDate, cells: refundCells(line) })),
  ].sort((a, b) => b.at.localeCompare(a.at))
  const kept = COLUMNS.flatMap((column, index) => (withCost || !COST_COLUMNS.has(column) ? [index] : []))
  return stringify(
    rows.map(({ at, cells }) => {
      const row = [formatCsvDateTime(at, timeZone), ...cells]
      return kept.map((index) => row[index])
    }),
    { header: true, columns: kept.map((index) => COLUMNS[index]!), bom: true },
  )
}

const COLUMNS = [
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
] as const
const COST_COLUMNS = new Set<string>(['Cost', 'Profit'])

const saleCells = (sale: Sale, giftCardLabels?: Map<number, string>) => [
  inert(sale.productName ?? `Product #${sale.productId}`),
  inert(sale.productSku),
  inert(sale.customerName),
  inert(sale.customerEmail),
  (sale.paymentMethod === 'gift_card' && sale.orderId !== null && giftCardLabels?.get(sale.orderId)) ||
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
