import { stringify } from 'csv-stringify/sync'
import type { Sale } from '../../../shared/sales'

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula; text a shopper typed (a name,
 * a note) must never become one in the owner's spreadsheet.
 */
const inert = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ''))

/** The ledger as CSV: one row per sale, amounts in dollars, dates in the shop's time zone. */
export function salesCsv(sales: Sale[], timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return stringify(
    sales.map((sale) => [
      date.format(new Date(sale.saleDate)).replace(',', ''),
      inert(sale.productName ?? `Product #${sale.productId}`),
      inert(sale.productSku),
      inert(sale.customerName),
      inert(sale.customerEmail),
      sale.paymentMethod,
      dollars(sale.salePrice),
      dollars(sale.cost),
      dollars(sale.profit),
      sale.source,
      sale.orderId === null ? '' : `#${sale.orderId}`,
      inert(sale.notes),
    ]),
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
