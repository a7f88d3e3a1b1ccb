import { useQuery } from '@tanstack/react-query'
import { FileText } from 'lucide-react'
import { formatCents } from '../../../shared/money'
import { refundDestination } from '../../../shared/orders/refunds'
import type { OrderDetail } from '../../../shared/orders/rules'
import { formatDate } from '../../../shared/shop-dates/format'
import { queries } from '../../lib/queries'

// The shopper's side of after the sale: what the shop paid back and where it went, and the
// invoice to print or keep.

export function OrderRefunds({ order }: { order: OrderDetail }) {
  const timeZone = useQuery(queries.store()).data?.timeZone
  if (order.refunds.length === 0) return null
  return (
    <section aria-label="Refunds" className="mt-4 border-t border-ink/10 pt-4 text-sm">
      <p className="text-xs uppercase tracking-[0.2em] text-jade-700">Refunded</p>
      <ul className="mt-2 space-y-2">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            <span className="flex items-baseline justify-between gap-3">
              <span className="text-ink">
                <time dateTime={refund.createdAt}>{formatDate(refund.createdAt, timeZone)}</time>
              </span>
              <span className="font-medium tabular-nums text-ink">{formatCents(refund.amount)}</span>
            </span>
            <span className="block text-xs text-ink-muted">Refunded {refundDestination(refund.method)}.</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** With a guest's order link key, the download opens for them too (the server checks it as for the page). */
export function InvoiceLink({ orderId, accessKey }: { orderId: number; accessKey?: string }) {
  const query = accessKey ? `?key=${encodeURIComponent(accessKey)}` : ''
  return (
    <a
      href={`/api/orders/${orderId}/invoice.pdf${query}`}
      target="_blank"
      rel="noreferrer"
      className="mt-4 inline-flex min-h-11 items-center gap-2 text-sm text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
    >
      <FileText className="size-4" aria-hidden />
      Download invoice (PDF)
    </a>
  )
}
