import { FileText, Package, RotateCcw, Undo2 } from 'lucide-react'
import { formatCents } from '../../../shared/money'
import type { AdminOrder } from '../../../shared/orders-admin'
import { formatDateTime, useShopTimeZone } from '../../lib/dates'
import { Button, buttonVariants } from '../../ui/button'

// After the sale, on the order card: what was refunded, and the buttons for a refund or return,
// the invoice and the packing slip. Kept apart from the card so the card stays one thing.

/** What is left to pay back: the money received less what went back already. */
export const refundable = (order: AdminOrder) => Math.max(0, order.amountPaid - order.refundedAmount)

export function RefundsSummary({ order }: { order: AdminOrder }) {
  if (order.refunds.length === 0) return null
  const names = new Map(order.items.map((item) => [item.productId, item.productName]))
  const timeZone = useShopTimeZone()
  return (
    <section
      aria-label={`Refunds of order #${order.id}`}
      className="border-t border-ink/10 px-4 py-3 text-sm sm:px-5"
    >
      <h3 className="mb-1.5 flex items-center gap-1.5 text-xs font-medium uppercase tracking-wider text-ink-muted">
        <Undo2 className="size-3.5" aria-hidden />
        Refunds · {formatCents(order.refundedAmount)}
      </h3>
      <ul className="space-y-1.5">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 text-ink">
              {refund.reason}
              {refund.restockedProductIds.length > 0 && (
                <span className="text-ink-muted">
                  {' '}
                  · returned {refund.restockedProductIds.map((id) => names.get(id) ?? `#${id}`).join(', ')}
                </span>
              )}
              <span className="block text-xs text-ink-muted">
                {formatDateTime(refund.createdAt, { timeZone, zoneName: true })} ·{' '}
                {refund.method === 'stripe' ? 'card' : refund.method.replace(/_/g, ' ')}
              </span>
            </span>
            <span className="shrink-0 tabular-nums text-ink">−{formatCents(refund.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Refund / Return (while money is left to give back), and the order's papers. */
export function AfterSaleActions({ order, onRefund }: { order: AdminOrder; onRefund: () => void }) {
  return (
    <>
      {refundable(order) > 0 && (
        <Button size="sm" variant="secondary" onClick={onRefund}>
          <RotateCcw className="size-3.5" aria-hidden />
          Refund / Return
        </Button>
      )}
      <a
        href={`/api/orders/${order.id}/invoice.pdf`}
        target="_blank"
        rel="noreferrer"
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        aria-label={`Invoice of order #${order.id} (PDF)`}
      >
        <FileText className="size-3.5" aria-hidden />
        Invoice
      </a>
      <a
        href={`/api/orders/${order.id}/packing-slip.pdf`}
        target="_blank"
        rel="noreferrer"
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        aria-label={`Packing slip of order #${order.id} (PDF)`}
      >
        <Package className="size-3.5" aria-hidden />
        Packing Slip
      </a>
    </>
  )
}
