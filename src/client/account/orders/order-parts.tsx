import { Link } from 'react-router'
import { formatCents } from '../../../shared/money'
import type { OrderDetail } from '../../../shared/orders'
import { Price } from '../../ui/price'
import { ProductImage } from '../../ui/product-image'
import { Skeleton } from '../../ui/skeleton'

/** The order's pieces and its totals, like a receipt. */
export function OrderItems({ order }: { order: OrderDetail }) {
  return (
    <>
      <ul className="divide-y divide-ink/10 border-y border-ink/10">
        {order.items.map((item) => (
          <li key={`${item.productId}-${item.price}`} className="flex gap-4 py-5 sm:gap-6">
            <Link
              to={`/product/${item.productId}`}
              tabIndex={-1}
              aria-hidden
              className="block w-20 shrink-0 overflow-hidden bg-sand sm:w-24"
            >
              <ProductImage url={item.productImage || undefined} alt="" sizes="96px" />
            </Link>
            <div className="flex min-w-0 flex-1 flex-col justify-between gap-2 sm:flex-row sm:items-start">
              <div className="min-w-0">
                <Link
                  to={`/product/${item.productId}`}
                  className="font-display text-lg leading-snug text-ink hover:text-jade-700"
                >
                  {item.productName}
                </Link>
                <p className="mt-1 text-sm text-ink-muted tabular-nums">
                  Qty {item.quantity} × {formatCents(item.price)}
                </p>
              </div>
              <Price cents={item.price * item.quantity} className="sm:pt-1" />
            </div>
          </li>
        ))}
      </ul>

      <dl className="mt-6 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Subtotal</dt>
          <dd>
            <Price cents={order.subtotal} />
          </dd>
        </div>
        {order.discount > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="min-w-0 text-ink-muted">
              Discount{order.discountCode && <span className="tracking-wide"> ({order.discountCode})</span>}
            </dt>
            <dd className="tabular-nums text-jade-700">−{formatCents(order.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Shipping</dt>
          <dd>
            {order.shippingCost === 0 ? (
              <span className="font-medium tracking-wide text-jade-700">FREE</span>
            ) : (
              <Price cents={order.shippingCost} />
            )}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-ink/10 pt-4">
          <dt className="font-medium text-ink">Total</dt>
          <dd>
            <Price cents={order.total} className="font-display text-2xl lining-nums" />
          </dd>
        </div>
      </dl>
    </>
  )
}

/** Shaped like the order page: heading, timeline, items and the side column. */
export function OrderPageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16" aria-busy="true">
      <span className="sr-only">Loading your order…</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-8 h-3 w-28" />
      <Skeleton className="mt-4 h-11 w-64" />
      <Skeleton className="mt-3 h-4 w-48" />
      <div className="mt-12 grid grid-cols-5 gap-4 border-t border-ink/10 pt-10">
        {[0, 1, 2, 3, 4].map((step) => (
          <div key={step} className="flex flex-col items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="hidden h-3 w-20 sm:block" />
          </div>
        ))}
      </div>
      <div className="mt-14 grid gap-14 lg:grid-cols-12 lg:gap-16">
        <div className="space-y-5 lg:col-span-7">
          {[0, 1].map((row) => (
            <div key={row} className="flex gap-5">
              <Skeleton className="size-20 sm:size-24" />
              <div className="flex-1 space-y-2 pt-1">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-32" />
              </div>
            </div>
          ))}
        </div>
        <div className="space-y-4 lg:col-span-5">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-6 w-28" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </div>
  )
}
