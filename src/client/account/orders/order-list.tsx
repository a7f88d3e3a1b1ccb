import { ChevronRight, Package } from 'lucide-react'
import { Link } from 'react-router'
import { ORDER_STATUS_LABELS, type OrderSummary } from '../../../shared/orders/rules'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Price } from '../../ui/price'
import { Skeleton } from '../../ui/skeleton'
import { useMyOrders } from './api'
import { ORDER_STATUS_BADGES, orderNumber } from './order-format'

/** The Orders tab: the signed-in customer's orders, newest first (the server's order). */
export function OrderList() {
  const { data: orders, isPending, isError, refetch, isFetching } = useMyOrders()

  if (isPending) return <OrderListSkeleton />
  if (isError) {
    return (
      <EmptyState
        title="We couldn't load your orders"
        description="Please check your connection and try again."
        action={
          <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      />
    )
  }
  if (orders.length === 0) {
    return (
      <EmptyState
        icon={<Package className="size-7" aria-hidden />}
        title="No orders yet"
        description="You haven't placed any orders yet."
        action={
          <Button asChild>
            <Link to="/products">Start Shopping</Link>
          </Button>
        }
      />
    )
  }

  return (
    <ul className="divide-y divide-ink/10 border-y border-ink/10">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ul>
  )
}

function OrderRow({ order }: { order: OrderSummary }) {
  const items = `${order.itemCount} ${order.itemCount === 1 ? 'item' : 'items'}`
  // On the shop's clock, named, as its e-mails and invoices date the order.
  const placed = formatDateTime(order.createdAt, useShopTimeZone(), { zoneName: true })
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-6 gap-y-3 py-6 sm:grid-cols-[8rem_1fr_auto_auto]">
      <div>
        <p className="font-display text-2xl leading-none text-ink lining-nums tabular-nums">
          {orderNumber(order.id)}
        </p>
        <p className="mt-2 text-xs text-ink-muted sm:hidden">{placed}</p>
      </div>
      <div className="justify-self-end sm:justify-self-start">
        <Badge variant={ORDER_STATUS_BADGES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
        <p className="mt-2 hidden text-sm text-ink-muted sm:block">
          <time dateTime={order.createdAt}>{placed}</time>
          <span aria-hidden> · </span>
          {items}
        </p>
      </div>
      <p className="text-sm text-ink-muted sm:text-right">
        <span className="sm:hidden">{items} · </span>
        <span className="sr-only">Total </span>
        <Price cents={order.total} className="text-base" />
      </p>
      <Button asChild variant="link" size="sm" className="justify-self-end px-0">
        <Link to={`/order/${order.id}`} aria-label={`View details of order ${orderNumber(order.id)}`}>
          View Details
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      </Button>
    </li>
  )
}

function OrderListSkeleton() {
  return (
    <div aria-busy="true" className="divide-y divide-ink/10 border-y border-ink/10">
      <span className="sr-only">Loading your orders…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center justify-between gap-6 py-6">
          <div className="space-y-2">
            <Skeleton className="h-6 w-20" />
            <Skeleton className="h-3 w-36" />
          </div>
          <Skeleton className="h-5 w-24" />
          <Skeleton className="hidden h-5 w-20 sm:block" />
          <Skeleton className="h-5 w-24" />
        </div>
      ))}
    </div>
  )
}
