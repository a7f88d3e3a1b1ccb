import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Clock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { formatCents } from '../../../shared/money'
import {
  ORDER_STATUS_LABELS,
  type OrderDetail,
  PAYMENT_STATUS_LABELS,
  trackingLink,
} from '../../../shared/orders/rules'
import { formatDateTime, formatDeadline } from '../../../shared/shop-dates/date-time'
import { ApiError } from '../../lib/api'
import { queries } from '../../lib/queries'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { OrderItems, shippingLines } from '../../ui/order-receipt'
import { RequireSignIn } from '../require-sign-in'
import { useOrder } from './api'
import {
  ORDER_STATUS_BADGES,
  orderNumber,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_BADGES,
} from './order-format'
import { OrderPageSkeleton } from './order-parts'
import { PaymentPlanSection } from './order-plan'
import { InvoiceLink, OrderRefunds } from './order-refunds'
import { OrderTimeline } from './order-timeline'

const ORDERS_TAB = '/account/profile?tab=orders'

/**
 * /order/:id — one of the signed-in customer's orders (client-only, outside the /account area), or,
 * with the confirmation e-mail's `?key=`, that one order for whoever holds the link (a guest).
 */
export default function OrderPage() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  if (key) return <OrderView id={id} accessKey={key} />
  return <RequireSignIn fallback={<OrderPageSkeleton />}>{() => <OrderView id={id} />}</RequireSignIn>
}

function OrderView({ id, accessKey }: { id: string; accessKey?: string }) {
  // Order ids are numbers; anything else cannot be an order, so don't ask the server.
  const wellFormed = /^\d+$/.test(id)
  const { data: order, isPending, error, refetch, isFetching } = useOrder(wellFormed ? id : '', accessKey)

  // The server answers 404 for an order that is not the visitor's, or whose key is wrong, the same
  // as for one that does not exist.
  if (!wellFormed || (error instanceof ApiError && error.status === 404))
    return <OrderNotFound guest={!!accessKey} />
  if (isPending) return <OrderPageSkeleton />
  if (error) {
    return (
      <EmptyState
        className="py-28"
        title="We couldn't load this order"
        description="Please check your connection and try again."
        action={
          <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      />
    )
  }
  return <OrderDetails order={order} accessKey={accessKey} />
}

function OrderDetails({ order, accessKey }: { order: OrderDetail; accessKey?: string }) {
  const guest = !!accessKey
  // A plan says what to send and when on its own.
  const awaitingZelle = order.paymentMethod === 'zelle' && order.paymentStatus === 'unpaid' && !order.plan
  const addressLines = shippingLines(order)
  const timeZone = useQuery(queries.store()).data?.timeZone

  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      {!guest && (
        <Link
          to={ORDERS_TAB}
          className="mb-6 inline-flex min-h-11 items-center gap-2 text-sm text-ink-muted hover:text-ink"
        >
          <ArrowLeft className="size-4" aria-hidden />
          My Orders
        </Link>
      )}

      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-ink/10 pb-8">
        <div>
          <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Order Details</p>
          <h1 className="mt-3 font-display text-4xl text-ink lining-nums tabular-nums sm:text-5xl">
            Order {orderNumber(order.id)}
          </h1>
          <p className="mt-2 text-sm text-ink-muted">
            Placed on{' '}
            <time dateTime={order.createdAt}>
              {formatDateTime(order.createdAt, timeZone, { zoneName: true })}
            </time>
          </p>
        </div>
        <Badge variant={ORDER_STATUS_BADGES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
      </header>

      {awaitingZelle && <ZelleReminder order={order} />}
      {order.plan && <PaymentPlanSection order={order} plan={order.plan} />}

      <div className="mt-10 sm:mt-12">
        <h2 className="sr-only">Status</h2>
        <OrderTimeline status={order.status} />
      </div>

      <div className="mt-14 grid gap-14 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-7">
          <SectionTitle>Items</SectionTitle>
          <OrderItems order={order} />
        </div>

        <aside className="space-y-10 lg:col-span-5 lg:border-l lg:border-ink/10 lg:pl-12">
          <div>
            <SectionTitle>Shipping Address</SectionTitle>
            <address className="text-sm not-italic leading-relaxed text-ink">
              {addressLines.length > 0 ? (
                addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))
              ) : (
                <span className="text-ink-muted">No address on file</span>
              )}
            </address>
          </div>
          <div>
            <SectionTitle>Payment</SectionTitle>
            <dl className="space-y-3 text-sm">
              <Row term="Method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Row>
              <Row term="Status">
                <Badge variant={PAYMENT_STATUS_BADGES[order.paymentStatus]}>
                  {PAYMENT_STATUS_LABELS[order.paymentStatus]}
                </Badge>
              </Row>
            </dl>
            <OrderRefunds order={order} />
            <InvoiceLink orderId={order.id} accessKey={accessKey} />
          </div>
          {order.trackingNumber && (
            <div>
              <SectionTitle>Tracking</SectionTitle>
              <p className="text-sm text-ink-muted">Tracking number</p>
              <p className="mt-1 break-all font-medium text-ink tabular-nums select-all">
                {order.trackingNumber}
              </p>
              <CarrierLink trackingNumber={order.trackingNumber} />
            </div>
          )}
        </aside>
      </div>
    </section>
  )
}

function ZelleReminder({ order }: { order: OrderDetail }) {
  const { data: store } = useQuery(queries.store())
  return (
    <div className="mt-8 flex gap-4 border border-gold/50 bg-gold/5 p-5 sm:p-6">
      <Clock className="mt-0.5 size-5 shrink-0 text-gold-deep" aria-hidden />
      <div className="text-sm leading-relaxed">
        <p className="font-medium text-ink">Awaiting your Zelle payment</p>
        <p className="mt-1 text-ink-muted">
          Please send <span className="text-ink tabular-nums">{formatCents(order.total)}</span> with Zelle
          {store?.phone ? (
            <>
              {' '}
              to <strong className="text-ink tabular-nums">{store.phone}</strong>
            </>
          ) : null}{' '}
          and include your order number{' '}
          <strong className="text-ink tabular-nums">{orderNumber(order.id)}</strong> in the memo. Your piece
          ships once the payment is confirmed.
        </p>
        {order.reservedUntil && (
          <p className="mt-2 text-ink-muted">
            We are holding your pieces until{' '}
            <time dateTime={order.reservedUntil} className="font-medium text-ink">
              {formatDeadline(order.reservedUntil, store?.timeZone)}
            </time>
            . If we have not received your payment by then, the order will be cancelled and the pieces
            returned to the shop.
          </p>
        )}
      </div>
    </div>
  )
}

function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="mb-5 font-display text-2xl text-ink">{children}</h2>
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}

function OrderNotFound({ guest }: { guest: boolean }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-28 text-center">
      <h1 className="font-display text-4xl text-ink sm:text-5xl">Order Not Found</h1>
      <p className="mt-4 text-ink-muted">
        {guest
          ? "We couldn't find this order. Please open the link in your order confirmation e-mail again, or contact us with your order number."
          : "We couldn't find this order in your account. It may belong to another account, or the link may be mistyped."}
      </p>
      <Button asChild className="mt-10">
        {guest ? (
          <Link to="/contact">Contact Us</Link>
        ) : (
          <Link to="/account/profile">Back to My Account</Link>
        )}
      </Button>
    </section>
  )
}

function CarrierLink({ trackingNumber }: { trackingNumber: string }) {
  const link = trackingLink(trackingNumber)
  if (!link) return null
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noreferrer"
      className="mt-2 inline-block text-sm text-jade-700 underline underline-offset-4"
    >
      Track with {link.carrier}
    </a>
  )
}
