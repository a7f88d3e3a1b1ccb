import { Eye } from 'lucide-react'
import { formatCents } from '../../../shared/money'
import type { Sale } from '../../../shared/sales/schema'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { IconAction } from '../../ui/icon-action'
import { methodLabel } from '../orders/order-card'

const column = dataTableColumns<Sale>()

export const saleProductName = (sale: Sale) => sale.productName ?? `Product #${sale.productId}`

/**
 * The ledger's table (back-office.md §2): date, product with SKU, customer, method, price, profit.
 * Dates in the shop's zone (`timeZone`), named, as the CSV export gives them.
 */
export function saleColumns(
  onDetails: (sale: Sale) => void,
  timeZone?: string,
  /** Without 'products:cost' the answer has no profit: no column then. */
  withProfit = true,
): DataTableColumn<Sale>[] {
  const columns = column.columns([
    column.accessor('saleDate', {
      header: 'Date',
      cell: ({ getValue }) => (
        <span className="tabular-nums sm:whitespace-nowrap">
          {formatDateTime(getValue(), timeZone, { zoneName: true })}
        </span>
      ),
    }),
    column.display({
      id: 'product',
      header: 'Product',
      meta: { role: 'primary' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <span className="line-clamp-1 font-medium text-ink">{saleProductName(row.original)}</span>
          <span className="block text-xs tracking-wide text-ink-muted">
            {row.original.productSku ?? 'No SKU'}
            {row.original.orderId !== null && <> · Order #{row.original.orderId}</>}
          </span>
        </div>
      ),
    }),
    column.accessor('customerName', {
      header: 'Customer',
      cell: ({ getValue }) => getValue() ?? <span className="text-ink-muted">—</span>,
    }),
    column.accessor('paymentMethod', {
      header: 'Payment Method',
      cell: ({ getValue }) => methodLabel(getValue()),
    }),
    column.accessor('salePrice', {
      header: 'Sale Price',
      meta: { align: 'right' },
      cell: ({ getValue }) => formatCents(getValue()),
    }),
    column.accessor('profit', {
      header: 'Profit',
      meta: { align: 'right' },
      cell: ({ getValue }) => {
        const profit = getValue()
        if (profit == null) return <span className="text-ink-muted">—</span>
        return (
          <span className={profit < 0 ? 'text-destructive' : 'text-jade-800'}>{formatCents(profit)}</span>
        )
      },
    }),
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => (
        <IconAction
          label={`Details of ${saleProductName(row.original)}`}
          tip="Details"
          tone="neutral"
          onClick={() => onDetails(row.original)}
        >
          <Eye className="size-4" aria-hidden />
        </IconAction>
      ),
    }),
  ])
  return withProfit ? columns : columns.filter((each) => each.id !== 'profit')
}
