import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, CheckCircle2, Clock, Copy, PackageCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatCents } from '../../../shared/money'
import type { OrderDetail } from '../../../shared/orders/rules'
import { formatDeadline } from '../../../shared/shop-dates/date-time'
import type { StoreInfo } from '../../../shared/ssr'
import { useAuth } from '../../lib/auth'
import { orderQueries } from '../../lib/order-queries'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { OrderItems, shippingLines } from '../../ui/order-receipt'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/use-toast'

const COPY_FEEDBACK_MS = 2000

/**
 * /order-confirmation?orderId=…&payment=…&key=… — what was bought and what happens next. The page
 * reads the order back (with checkout's key, the e-mails' guest key, or as the signed-in owner), so
 * a reload still shows the amount to send by Zelle and the hold's deadline.
 */
export function ConfirmationPage() {
  const [searchParams] = useSearchParams()
  const orderId = searchParams.get('orderId') ?? ''
  const key = searchParams.get('key') ?? ''
  // Card orders (and Stripe's return after a redirect) are paid; everything else waits for Zelle.
  const paidByCardHint = searchParams.get('payment') === 'card' || searchParams.has('payment_intent')
  const { data: store } = useQuery(queries.store())
  const { user } = useAuth()
  const wellFormed = /^\d+$/.test(orderId)
  const { data: order, isPending } = useQuery({
    ...(key ? orderQueries.byKey(orderId, key) : orderQueries.detail(orderId)),
    enabled: wellFormed && (!!key || !!user),
    retry: false,
  })
  const queryClient = useQueryClient()

  // The cart is refreshed on arrival (storefront.md §2): it may have just been emptied.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queries.cart().queryKey })
  }, [queryClient])

  const loading = wellFormed && (!!key || !!user) && isPending
  const paidByCard = order ? order.paymentMethod === 'stripe' : paidByCardHint
  const statusLink =
    order && (key ? `/order/${order.id}?key=${encodeURIComponent(key)}` : `/order/${order.id}`)

  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-12 text-jade-700" strokeWidth={1.25} aria-hidden />
        <p className="mt-6 text-xs uppercase tracking-[0.3em] text-jade-700">Thank you</p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">Order Confirmed!</h1>
        {wellFormed && (
          <p className="mt-4 text-lg text-ink">
            Your order number is <strong className="tabular-nums">#{orderId}</strong>
          </p>
        )}
        <p className="mt-2 text-ink-muted">A confirmation e-mail is on its way to you.</p>
      </div>

      {loading ? (
        <Skeleton className="mt-12 h-56 w-full" />
      ) : paidByCard ? (
        <CardNextStep />
      ) : order?.paymentStatus === 'paid' ? (
        <CardNextStep received />
      ) : (
        store && <ZelleNextStep store={store} order={order} orderId={wellFormed ? orderId : undefined} />
      )}

      {loading ? (
        <div className="mt-14 space-y-4" aria-hidden>
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        order && <OrderRecap order={order} />
      )}

      <div className="mt-14 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/products">Continue Shopping</Link>
        </Button>
        {statusLink && (
          <Button asChild variant="secondary">
            <Link to={statusLink}>View Order Status</Link>
          </Button>
        )}
      </div>
    </section>
  )
}

/** A paid order: nothing for the shopper to do but wait for the parcel. */
function CardNextStep({ received = false }: { received?: boolean }) {
  return (
    <div className="mt-12 flex gap-4 border-y border-gold/40 py-6 sm:gap-5 sm:py-8">
      <PackageCheck className="mt-1 size-6 shrink-0 text-jade-700" strokeWidth={1.5} aria-hidden />
      <div>
        <h2 className="font-display text-2xl text-ink">
          {received ? 'Your payment has arrived' : 'Your payment is complete'}
        </h2>
        <p className="mt-2 leading-relaxed text-ink-muted">
          Nothing more to do. We inspect and pack each piece by hand, and e-mail you the tracking number as
          soon as your order ships.
        </p>
      </div>
    </div>
  )
}

function ZelleNextStep({
  store,
  order,
  orderId,
}: {
  store: StoreInfo
  order: OrderDetail | undefined
  orderId: string | undefined
}) {
  const holdHours =
    order?.reservedUntil &&
    Math.round((Date.parse(order.reservedUntil) - Date.parse(order.createdAt)) / 3_600_000)
  return (
    <div className="mt-12 border border-ink/10 bg-sand/40 p-6 sm:p-8">
      <h2 className="font-display text-3xl text-ink">Pay with Zelle</h2>
      <ol className="mt-6 space-y-4">
        <Step n={1}>Open the Zelle app or your bank's app.</Step>
        <Step n={2}>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-3">
            <span>
              {order ? (
                <>
                  Send <strong className="tabular-nums text-ink">{formatCents(order.total)}</strong>
                </>
              ) : (
                'Send the total'
              )}{' '}
              to our Zelle number <strong className="tabular-nums text-ink">{store.phone}</strong>
            </span>
            <CopyButton value={store.phone} />
          </span>
        </Step>
        <Step n={3}>
          Include your order number{orderId ? <strong className="text-ink"> #{orderId}</strong> : null} in the
          memo.
        </Step>
        <Step n={4}>Verify the details and send.</Step>
      </ol>
      {order?.reservedUntil && (
        <p className="mt-6 flex gap-3 border-t border-ink/10 pt-5 text-sm leading-relaxed text-ink-muted">
          <Clock className="mt-0.5 size-4 shrink-0 text-gold-deep" aria-hidden />
          <span>
            We hold your pieces for {holdHours ? `${holdHours} hours, ` : ''}until{' '}
            <time dateTime={order.reservedUntil} className="font-medium text-ink">
              {formatDeadline(order.reservedUntil, store.timeZone)}
            </time>
            . Your order ships once the payment arrives; without it, the order is cancelled then and the
            pieces return to the shop.
          </span>
        </p>
      )}
      <p className="mt-5 text-sm text-ink-muted">
        Questions about your payment? Please text us at {store.phone} rather than call, so we can reply with
        details in writing.
      </p>
    </div>
  )
}

/** The receipt: pieces, totals, where they go and how they were paid for. */
function OrderRecap({ order }: { order: OrderDetail }) {
  const address = shippingLines(order)
  return (
    <div className="mt-14">
      <h2 className="mb-5 font-display text-2xl text-ink">Your order</h2>
      <OrderItems order={order} />
      {address.length > 0 && (
        <div className="mt-10 border-t border-ink/10 pt-8">
          <h3 className="text-xs uppercase tracking-[0.25em] text-ink-muted">Shipping to</h3>
          <address className="mt-3 text-sm not-italic leading-relaxed text-ink">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      )}
    </div>
  )
}

export function Step({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-jade-700 text-sm font-medium text-ivory">
        {n}
      </span>
      <span className="min-w-0 pt-1 text-ink">{children}</span>
    </li>
  )
}

export function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      toast({
        title: 'Failed to copy',
        description: 'Please copy the number manually',
        variant: 'destructive',
      })
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? 'Copied!' : 'Copy number'}
    </Button>
  )
}
