import { FileText, Package, RotateCcw, Undo2 } from 'lucide-react'
import { fillPath } from '../../../shared/contract'
import { documentsAdminContract } from '../../../shared/documents/admin-contract'
import { formatCents } from '../../../shared/money'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import type { Refund } from '../../../shared/orders/refunds'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { Button, buttonVariants } from '../../ui/button'
import { type OrderView, useRetryRefund, withLedger } from './api'

// After the sale, on the order card: what was refunded, and the buttons for a refund or return,
// the invoice and the packing slip. Kept apart from the card so the card stays one thing.

/** What is left to pay back: the money received less every refund on record (done or on its way). */
export const refundable = (order: AdminOrder) =>
  Math.max(0, order.amountPaid - order.refunds.reduce((sum, refund) => sum + refund.amount, 0))

const STATUS_WORDS: Record<Refund['status'], string | null> = {
  done: null,
  pending: 'waiting for the card provider',
  failed: 'failed',
}

export function RefundsSummary({ order, canRetry }: { order: AdminOrder; canRetry: boolean }) {
  const retry = useRetryRefund()
  const timeZone = useShopTimeZone()
  if (order.refunds.length === 0) return null
  const names = new Map(order.items.map((item) => [item.productId, item.productName]))
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
                {formatDateTime(refund.createdAt, timeZone, { zoneName: true })} ·{' '}
                {refund.method === 'stripe' ? 'card' : refund.method.replace(/_/g, ' ')}
                {refund.storeCreditLast4 && ` ••••${refund.storeCreditLast4}`}
                {STATUS_WORDS[refund.status] && (
                  <span className={refund.status === 'failed' ? 'text-destructive' : undefined}>
                    {' '}
                    · {STATUS_WORDS[refund.status]}
                    {refund.lastError && `: ${refund.lastError}`}
                  </span>
                )}
              </span>
            </span>
            <span className="flex shrink-0 items-baseline gap-2">
              {refund.status === 'failed' && canRetry && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ order, refund })}
                  aria-label={`Retry the refund of ${formatCents(refund.amount)}`}
                >
                  Retry
                </Button>
              )}
              <span className="tabular-nums text-ink">−{formatCents(refund.amount)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Refund / Return (while money is left to give back), and the order's papers: each only when the
 * member's role may use it (the card decides; `onRefund` absent means no refunds).
 */
export function AfterSaleActions({
  order,
  onRefund,
  invoice,
  packingSlip,
}: {
  order: OrderView
  onRefund: (() => void) | undefined
  invoice: boolean
  packingSlip: boolean
}) {
  return (
    <>
      {onRefund && withLedger(order) && refundable(order) > 0 && (
        <Button size="sm" variant="secondary" onClick={onRefund}>
          <RotateCcw className="size-3.5" aria-hidden />
          Refund / Return
        </Button>
      )}
      {invoice && (
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
      )}
      {packingSlip && (
        <a
          href={fillPath(documentsAdminContract.packingSlip.path, { id: order.id })}
          target="_blank"
          rel="noreferrer"
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          aria-label={`Packing slip of order #${order.id} (PDF)`}
        >
          <Package className="size-3.5" aria-hidden />
          Packing Slip
        </a>
      )}
    </>
  )
}
