import { formatCents } from '../../../shared/money'
import type { Sale } from '../../../shared/sales/schema'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog'
import { methodLabel } from '../orders/order-card'
import { saleProductName } from './sale-columns'

export function SaleDetailsDialog({ sale, onClose }: { sale: Sale | undefined; onClose: () => void }) {
  const timeZone = useShopTimeZone()
  // Cost and profit are left out of the answer for a role without 'products:cost': no rows then.
  const rows: [string, string][] = sale
    ? [
        ['Sale Price', formatCents(sale.salePrice)],
        ...(sale.cost === undefined
          ? []
          : ([
              ['Cost', sale.cost === null ? '—' : formatCents(sale.cost)],
              ['Profit', sale.profit == null ? '—' : formatCents(sale.profit)],
            ] as [string, string][])),
        ['Payment Method', methodLabel(sale.paymentMethod)],
        ['Customer', [sale.customerName, sale.customerEmail].filter(Boolean).join(' · ') || '—'],
        ['Source', sale.orderId === null ? 'Recorded by hand' : `Order #${sale.orderId}`],
        ['Notes', sale.notes ?? '—'],
      ]
    : []
  return (
    <Dialog open={!!sale} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Sale details</DialogTitle>
          <DialogDescription>
            {sale &&
              `${saleProductName(sale)}${sale.productSku ? ` · ${sale.productSku}` : ''} · ${formatDateTime(sale.saleDate, timeZone, { zoneName: true })}`}
          </DialogDescription>
        </DialogHeader>
        <dl className="mt-2 divide-y divide-ink/10 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9rem_1fr] gap-3 py-2">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="whitespace-pre-line text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  )
}
