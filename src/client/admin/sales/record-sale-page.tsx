import { HandCoins, Plus } from 'lucide-react'
import { useState } from 'react'
import { formatCents } from '../../../shared/money'
import { PAYMENT_METHOD_LABELS } from '../../../shared/orders/labels'
import type { Sale } from '../../../shared/sales/schema'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ShopTime } from '../../ui/shop-time'
import { PageHeader } from '../page-header'
import { RecordSaleDialog } from './record-sale-dialog'

/**
 * Record Sale on its own page, for a member who records sales without seeing the ledger (a show
 * assistant at a fair). What they record here is listed until they leave, so a busy afternoon
 * can be checked piece by piece; the ledger itself stays with those who may read it.
 */
export function RecordSalePage() {
  const [recording, setRecording] = useState(false)
  const [recorded, setRecorded] = useState<Sale[]>([])
  const start = (
    <Button onClick={() => setRecording(true)}>
      <Plus className="size-4" aria-hidden /> Record Sale
    </Button>
  )
  return (
    <>
      <PageHeader
        title="Record Sale"
        description="A piece sold in person, at a show or in the studio: it leaves the shop at once."
        actions={recorded.length > 0 && start}
      />
      {recorded.length === 0 ? (
        <EmptyState
          icon={<HandCoins className="size-8" aria-hidden />}
          title="No sale recorded yet"
          description="Choose the piece, its final price and how the customer paid. Each sale you record is listed here until you leave this page."
          action={start}
        />
      ) : (
        <section aria-labelledby="recorded-heading">
          <h2 id="recorded-heading" className="mb-3 font-sans text-sm font-medium text-ink-muted">
            Recorded on this page
          </h2>
          <ul className="divide-y divide-ink/10 border-y border-ink/10">
            {recorded.map((sale) => (
              <li key={sale.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3">
                <span className="min-w-0 flex-1 basis-48">
                  <span className="block truncate font-medium text-ink">{sale.productName ?? 'A piece'}</span>
                  <span className="block text-xs text-ink-muted">
                    {PAYMENT_METHOD_LABELS[sale.paymentMethod]}
                    {sale.customerName && <> · {sale.customerName}</>} · <ShopTime iso={sale.saleDate} />
                  </span>
                </span>
                <span className="tabular-nums text-ink">{formatCents(sale.salePrice)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <RecordSaleDialog
        open={recording}
        onClose={() => setRecording(false)}
        onRecorded={(sale) => setRecorded((earlier) => [sale, ...earlier])}
      />
    </>
  )
}
