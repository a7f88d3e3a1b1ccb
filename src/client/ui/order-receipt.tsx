import { Link } from 'react-router'
import { formatCents } from '../../shared/money'
import type { OrderDetail } from '../../shared/orders/rules'
import { formatRate } from '../../shared/tax/schema'
import { Price } from './price'
import { ProductImage } from './product-image'

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
        {order.taxLines.map((line) => (
          <div key={line.jurisdiction} className="flex justify-between gap-4">
            <dt className="min-w-0 text-ink-muted">
              {line.jurisdiction} tax ({formatRate(line.rate)})
            </dt>
            <dd>
              <Price cents={line.tax} />
            </dd>
          </div>
        ))}
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

/** The lines of an order's shipping address, name first; none when the order has no address. */
export function shippingLines(order: Pick<OrderDetail, 'customerName' | 'shipping'>): string[] {
  const { shipping } = order
  const cityLine = [shipping.city, [shipping.state, shipping.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  return [order.customerName, shipping.address, cityLine, shipping.country].filter(
    (line): line is string => !!line,
  )
}
