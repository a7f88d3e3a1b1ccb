import { CalendarClock, History, Hourglass, Truck } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import { formatCents } from '../../../shared/money'
import { type AdminOrder, holdsPiecesUnpaid } from '../../../shared/orders/admin-schema'
import { ORDER_STATUS_TONES, PAYMENT_STATUS_TONES, paymentMethodLabel } from '../../../shared/orders/labels'
import {
  NEXT_STEP,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  trackingLink,
} from '../../../shared/orders/rules'
import { formatDay } from '../../../shared/shop-dates/calendar'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { formatRate } from '../../../shared/tax/schema'
import { cn } from '../../lib/cn'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ProductImage } from '../../ui/product-image'
import { roleLabel, useAccess } from '../access'
import { AfterSaleActions, RefundsSummary } from './after-sale'
import { type OrderView, withLedger } from './api'
import { mayTakeAction, type OrderAction } from './order-actions'
import { OrderRequests } from './order-requests'

/** The back office says a method as the shopper's pages and e-mails do: one shared map. */
export const methodLabel = paymentMethodLabel

/** One order as the owner works on it: what was bought, where it goes, what was paid, what is next. */
export function OrderCard({
  order,
  onAction,
}: {
  order: OrderView
  onAction: (action: OrderAction) => void
}) {
  const { can } = useAccess()
  const may = (action: OrderAction) => mayTakeAction(action, order, can)
  const money = withLedger(order) ? order : undefined
  const next = NEXT_STEP[order.status]
  const open = order.status !== 'cancelled'
  const link = order.trackingNumber ? trackingLink(order.trackingNumber) : undefined
  // This order holds pieces without any payment: its buyer may hold others the same way.
  const holdsUnpaid = !!order.customerEmail && holdsPiecesUnpaid(order)
  const unpaid = order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded'
  // The shop's clock, named: the owner may be reading this in another zone.
  const timeZone = useShopTimeZone()
  const when = (iso: string) => formatDateTime(iso, timeZone, { zoneName: true })
  return (
    <article
      aria-labelledby={`order-${order.id}-title`}
      className="rounded-lg border border-ink/10 bg-white/70 shadow-xs"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-ink/10 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={`order-${order.id}-title`} className="font-serif text-xl leading-tight text-ink">
            Order #{order.id}
            <span className="ml-2 align-middle font-sans text-xs font-normal text-ink-muted">
              {when(order.createdAt)}
            </span>
          </h2>
          <p className="mt-0.5 truncate text-sm text-ink-muted">
            <span className="font-medium text-ink">{order.customerName ?? 'Guest'}</span>
            {order.customerEmail && (
              <>
                {' '}
                ·{' '}
                <a className="underline-offset-2 hover:underline" href={`mailto:${order.customerEmail}`}>
                  {order.customerEmail}
                </a>
              </>
            )}
            {order.customerPhone && (
              <>
                {' '}
                ·{' '}
                <a className="underline-offset-2 hover:underline" href={`tel:${order.customerPhone}`}>
                  {order.customerPhone}
                </a>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
          <Badge variant={PAYMENT_STATUS_TONES[order.paymentStatus]}>
            {/* Paid in full, and some of it went back: not "Paid in Full" any more. */}
            {order.paymentStatus === 'paid' && (order.refundedAmount ?? 0) > 0
              ? 'Partly Refunded'
              : PAYMENT_STATUS_LABELS[order.paymentStatus]}
          </Badge>
          {order.paymentPlan?.overdue && <Badge variant="destructive">Overdue</Badge>}
        </div>
      </header>

      <ul aria-label={`Items of order #${order.id}`} className="divide-y divide-ink/5 px-4 sm:px-5">
        {order.items.map((item) => (
          <li key={`${item.productId}-${item.price}`} className="flex items-center gap-3 py-2.5">
            <div className="size-12 shrink-0 overflow-hidden rounded-md bg-sand">
              {item.productImage && (
                <ProductImage
                  url={item.productImage}
                  alt=""
                  sizes="48px"
                  className="size-full object-cover"
                />
              )}
            </div>
            <p className="min-w-0 flex-1 truncate text-sm text-ink">{item.productName}</p>
            <p className="shrink-0 text-sm tabular-nums text-ink-muted">
              {item.quantity} × {formatCents(item.price)}
            </p>
          </li>
        ))}
      </ul>

      <div
        className={cn(
          'grid gap-4 border-t border-ink/10 px-4 py-3 text-sm sm:px-5',
          money ? 'sm:grid-cols-3' : 'sm:grid-cols-2',
        )}
      >
        <Detail title="Ship to">
          <address className="not-italic text-ink">
            {order.shipping.address ?? '—'}
            <br />
            {[order.shipping.city, [order.shipping.state, order.shipping.zip].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ')}
            {order.shipping.country !== 'US' && <>, {order.shipping.country}</>}
          </address>
          {order.trackingNumber && (
            <p className="mt-1 flex items-center gap-1.5 text-ink-muted">
              <Truck className="size-3.5" aria-hidden />
              {link ? (
                <a
                  href={link.url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-jade-800 underline underline-offset-2"
                >
                  {link.carrier} {order.trackingNumber}
                </a>
              ) : (
                <span className="text-ink">{order.trackingNumber}</span>
              )}
            </p>
          )}
        </Detail>
        <Detail title="Payment">
          <p className="text-ink">{methodLabel(order.paymentMethod)}</p>
          {money && <PaidSummary order={money} />}
          {money?.paymentPlan && <PlanSummary plan={money.paymentPlan} />}
          {order.reservedUntil && (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-ink-muted">
              <Hourglass className="size-3.5" aria-hidden />
              <span>
                Held until{' '}
                <time dateTime={order.reservedUntil} className="text-ink">
                  {when(order.reservedUntil)}
                </time>
              </span>
              {may('extend') && (
                <button
                  type="button"
                  onClick={() => onAction('extend')}
                  className="min-h-8 text-jade-800 underline underline-offset-2 hover:text-jade-900"
                  aria-label={`Extend the reservation of order #${order.id}`}
                >
                  Extend
                </button>
              )}
            </p>
          )}
        </Detail>
        {money && <TotalDetail order={money} />}
      </div>

      {money && <RefundsSummary order={money} canRetry={can('orders:refund')} />}
      <OrderRequests order={order} disabled={order.status === 'cancelled' || !can('orders:fulfil')} />

      {(order.specialInstructions || order.notes) && (
        <p className="border-t border-ink/10 px-4 py-2.5 text-sm text-ink-muted sm:px-5">
          <span className="font-medium text-ink">Note: </span>
          {order.specialInstructions ?? order.notes}
        </p>
      )}

      {open && (
        <div className="flex flex-wrap items-center gap-2 border-t border-ink/10 px-4 py-3 sm:px-5">
          {next && may(next.to === 'shipped' ? 'ship' : 'step') && (
            <Button size="sm" onClick={() => onAction(next.to === 'shipped' ? 'ship' : 'step')}>
              {next.action}
            </Button>
          )}
          {unpaid && may('payment') && (
            <Button size="sm" variant="secondary" onClick={() => onAction('payment')}>
              Record Payment
            </Button>
          )}
          {unpaid && may('plan') && (
            <Button size="sm" variant="secondary" onClick={() => onAction('plan')}>
              {order.paymentPlan ? 'Edit Plan' : 'Payment Plan'}
            </Button>
          )}
          {may('tracking') && (
            <Button size="sm" variant="secondary" onClick={() => onAction('tracking')}>
              {order.trackingNumber ? 'Change Tracking' : 'Add Tracking Number'}
            </Button>
          )}
          <AfterSaleActions
            order={order}
            onRefund={may('refund') ? () => onAction('refund') : undefined}
            invoice={can('ledger:view')}
            packingSlip={can('orders:fulfil')}
          />
          <div className="ml-auto flex min-w-0 max-w-full flex-wrap justify-end gap-2">
            {holdsUnpaid && may('release-buyer') && (
              <Button
                size="sm"
                variant="ghost"
                className="h-auto min-h-9 max-w-full shrink whitespace-normal py-1.5 text-right text-destructive hover:text-destructive"
                onClick={() => onAction('release-buyer')}
              >
                Release all of this buyer's reservations
              </Button>
            )}
            {may('cancel') && (
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={() => onAction('cancel')}
              >
                Cancel Order
              </Button>
            )}
          </div>
        </div>
      )}

      <details className="group border-t border-ink/10 px-4 py-2.5 text-sm sm:px-5">
        <summary className="flex min-h-8 cursor-pointer list-none items-center gap-1.5 text-ink-muted hover:text-ink">
          <History className="size-3.5" aria-hidden />
          History ({order.events.length + 1})
        </summary>
        <ol className="mt-2 space-y-1.5 border-l border-ink/10 pl-4">
          <li className="text-ink">
            Order placed on the storefront
            <span className="block text-xs text-ink-muted">{when(order.createdAt)}</span>
          </li>
          {order.events.map((event) => (
            <li key={event.id} className="text-ink">
              {event.message}
              <span className="block text-xs text-ink-muted">
                {when(event.at)}
                {event.actor && (
                  <>
                    {' · '}
                    {event.actor}
                    {event.actorRole && ` (${roleLabel(event.actorRole)})`}
                  </>
                )}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </article>
  )
}

function Detail({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wider text-ink-muted">{title}</h3>
      {children}
    </section>
  )
}

function PlanSummary({ plan }: { plan: NonNullable<AdminOrder['paymentPlan']> }) {
  return (
    <div className="mt-2">
      <p className={cn('flex items-center gap-1.5', plan.overdue ? 'text-destructive' : 'text-ink-muted')}>
        <CalendarClock className="size-3.5" aria-hidden />
        Plan: {formatCents(plan.depositAmount)} deposit, {formatCents(plan.remainingBalance)} to go
      </p>
      <ol aria-label="Instalments" className="mt-1 space-y-0.5 text-xs tabular-nums">
        {plan.installments.map((step) => (
          <li key={step.id} className="flex justify-between gap-3">
            <span className={step.overdue ? 'text-destructive' : 'text-ink-muted'}>
              {formatDay(step.dueDate)}
              {step.overdue && ' · overdue'}
            </span>
            <span className={step.paid ? 'text-jade-800' : 'text-ink'}>
              {formatCents(step.amount)}
              {step.paid && ' ✓'}
              {step.paid && <span className="sr-only"> paid</span>}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** The order's Paid / Balance / Refunded lines: only in an answer with the order's money. */
function PaidSummary({ order }: { order: AdminOrder }) {
  return (
    <>
      <p className="tabular-nums text-ink-muted">
        Paid {formatCents(order.amountPaid)} of {formatCents(order.total)}
        {order.balance > 0 && order.status !== 'cancelled' && order.paymentStatus !== 'refunded' && (
          <>
            {' '}
            · <span className="font-medium text-ink">Balance {formatCents(order.balance)}</span>
          </>
        )}
      </p>
      {order.refundedAmount > 0 && (
        <p className="tabular-nums text-ink-muted">
          Refunded {formatCents(order.refundedAmount)} ·{' '}
          <span className="font-medium text-ink">
            Kept {formatCents(Math.max(0, order.amountPaid - order.refundedAmount))}
          </span>
        </p>
      )}
    </>
  )
}

/** Subtotal, discount, shipping, each tax and the total: only in an answer with the order's money. */
function TotalDetail({ order }: { order: AdminOrder }) {
  return (
    <Detail title="Total">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 tabular-nums">
        <dt className="text-ink-muted">Subtotal</dt>
        <dd className="text-right">{formatCents(order.subtotal)}</dd>
        {order.discount > 0 && (
          <>
            <dt className="text-ink-muted">Discount{order.discountCode && ` (${order.discountCode})`}</dt>
            <dd className="text-right">−{formatCents(order.discount)}</dd>
          </>
        )}
        <dt className="text-ink-muted">Shipping</dt>
        <dd className="text-right">{order.shippingCost ? formatCents(order.shippingCost) : 'Free'}</dd>
        {order.taxLines.map((line) => (
          <Fragment key={line.jurisdiction}>
            <dt className="text-ink-muted">
              {line.jurisdiction} tax ({formatRate(line.rate)})
            </dt>
            <dd className="text-right">{formatCents(line.tax)}</dd>
          </Fragment>
        ))}
        <dt className="font-medium text-ink">Total</dt>
        <dd className="text-right font-medium text-ink">{formatCents(order.total)}</dd>
      </dl>
      {order.taxFallback && (
        <p className="mt-1 text-xs text-amber-800">{order.taxNote} — check the tax before shipping.</p>
      )}
      {!order.taxFallback && order.tax === 0 && order.taxNote?.startsWith('Tax exempt') && (
        <p className="mt-1 text-xs text-ink-muted">{order.taxNote}</p>
      )}
    </Detail>
  )
}
