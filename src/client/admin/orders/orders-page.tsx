import { useQuery } from '@tanstack/react-query'
import { PackageOpen } from 'lucide-react'
import { useState } from 'react'
import { formatCents } from '../../../shared/money'
import { ADMIN_ORDER_SORT_LABELS, ADMIN_ORDER_SORTS } from '../../../shared/orders/admin-schema'
import { NEXT_STEP, ORDER_TAB_LABELS, ORDER_TABS, owedOrders } from '../../../shared/orders/rules'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { Pagination } from '../../ui/pagination'
import { Skeleton } from '../../ui/skeleton'
import { useAccess } from '../access'
import { ListTabs } from '../list-tabs'
import { clearSearchAction, ListToolbar, SortSelect } from '../list-toolbar'
import { PageHeader } from '../page-header'
import {
  ORDER_FILTERS,
  ORDER_PAGE_SIZE,
  type OrderView,
  ordersPageQuery,
  useAddTracking,
  useChangeStatus,
  useExtendReservation,
  useRecordPayment,
  useRefund,
  useRemovePlan,
  useSetPlan,
  withLedger,
} from './api'
import { confirmsByPayment, mayTakeAction, type OrderAction } from './order-actions'
import { OrderCard } from './order-card'
import { PaymentDialog, ReservationDialog, TrackingDialog } from './order-dialogs'
import { PlanDialog } from './plan-dialog'
import { RefundDialog } from './refund-dialog'
import { ReleaseBuyerDialog } from './release-buyer-dialog'

export function OrdersPage() {
  const list = useListParams(ORDER_FILTERS)
  const tabs = list.oneOf('tab', ORDER_TABS)
  const tab = tabs.value
  const query = useQuery(ordersPageQuery(list.params))
  useFailureToast('Failed to fetch orders', query.error)

  const { can } = useAccess()
  const [action, setAction] = useState<{ order: OrderView; kind: OrderAction }>()
  const changeStatus = useChangeStatus()
  const addTracking = useAddTracking()
  const recordPayment = useRecordPayment()
  const extendReservation = useExtendReservation()
  const setPlan = useSetPlan()
  const refund = useRefund()
  const removePlan = useRemovePlan()
  const close = () => setAction(undefined)
  const onAction = (order: OrderView, kind: OrderAction) => {
    // The card offers only what the role allows; this keeps a stray call from meeting a 403.
    if (!mayTakeAction(kind, order, can)) return
    if (kind === 'step') {
      const next = NEXT_STEP[order.status]
      // Nothing paid and no plan: Confirm means "the money came in", so it records that payment.
      if (confirmsByPayment(order)) return setAction({ order, kind: 'confirm' })
      if (next) changeStatus.mutate({ order, status: next.to })
      return
    }
    setAction({ order, kind })
  }

  const counts = query.data?.tabCounts
  const orders = query.data?.items
  return (
    <>
      <PageHeader
        title="Orders"
        description={
          counts
            ? `${owedOrders(counts)} awaiting payment · ${counts['ready-to-ship']} ready to ship`
            : 'Payments, plans, packing and shipping'
        }
      />
      <ListTabs
        choice={tabs}
        labels={ORDER_TAB_LABELS}
        label="Order tabs"
        className="gap-6"
        badge={(name) => (
          <span className="min-w-6 rounded-full bg-ink/[0.06] px-1.5 py-0.5 text-center text-xs tabular-nums text-ink-muted">
            {counts ? counts[name] : '·'}
            <span className="sr-only">{counts?.[name] === 1 ? ' order' : ' orders'}</span>
          </span>
        )}
      />

      <ListToolbar
        list={list}
        label="Search orders"
        placeholder="Search by customer, email or order #"
        className="my-4"
      >
        <SortSelect
          list={list}
          sorts={ADMIN_ORDER_SORTS}
          labels={ADMIN_ORDER_SORT_LABELS}
          className="sm:w-52"
        />
      </ListToolbar>

      {!orders ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-56 w-full rounded-lg" />
          ))}
        </div>
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<PackageOpen className="size-7" aria-hidden />}
          title="No orders found"
          description={
            list.search
              ? `No orders match "${list.search}".`
              : tab === 'all'
                ? 'Orders placed on the storefront appear here.'
                : `Nothing under ${ORDER_TAB_LABELS[tab]} right now.`
          }
          action={clearSearchAction(list, 'secondary')}
        />
      ) : (
        <div
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={query.isPlaceholderData || undefined}
        >
          <ol className="space-y-4" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} onAction={(kind) => onAction(order, kind)} />
              </li>
            ))}
          </ol>
          <Pagination
            className="mt-6"
            page={list.page}
            pageSize={ORDER_PAGE_SIZE}
            total={query.data?.total ?? 0}
            onPageChange={list.setPage}
            noun={{ one: 'order', other: 'orders' }}
            loading={query.isPlaceholderData}
          />
        </div>
      )}

      {(action?.kind === 'tracking' || action?.kind === 'ship') && (
        <TrackingDialog
          key={`${action.order.id}-${action.kind}`}
          order={action.order}
          shipping={action.kind === 'ship'}
          onClose={close}
          onSubmit={(trackingNumber) =>
            action.kind === 'ship'
              ? changeStatus.mutateAsync({ order: action.order, status: 'shipped', trackingNumber })
              : addTracking.mutateAsync({ order: action.order, trackingNumber })
          }
        />
      )}
      {(action?.kind === 'payment' || action?.kind === 'confirm') && withLedger(action.order) && (
        <PaymentDialog
          key={`${action.order.id}-${action.kind}`}
          order={action.order}
          confirming={action.kind === 'confirm'}
          onClose={close}
          onSubmit={(update) => recordPayment.mutateAsync({ order: action.order, update })}
        />
      )}
      {action?.kind === 'extend' && (
        <ReservationDialog
          key={action.order.id}
          order={action.order}
          onClose={close}
          onSubmit={(hours) => extendReservation.mutateAsync({ order: action.order, hours })}
        />
      )}
      {action?.kind === 'plan' && withLedger(action.order) && (
        <PlanDialog
          key={action.order.id}
          order={action.order}
          onClose={close}
          onRemove={
            action.order.paymentPlan
              ? () => setAction({ order: action.order, kind: 'remove-plan' })
              : undefined
          }
          onSubmit={(plan) => setPlan.mutateAsync({ order: action.order, plan })}
        />
      )}
      {action?.kind === 'release-buyer' && (
        <ReleaseBuyerDialog key={action.order.id} order={action.order} onClose={close} />
      )}
      {action?.kind === 'refund' && withLedger(action.order) && (
        <RefundDialog
          key={action.order.id}
          order={action.order}
          onClose={close}
          onSubmit={(input) => refund.mutateAsync({ order: action.order, input })}
        />
      )}
      <ConfirmDialog
        open={action?.kind === 'remove-plan'}
        onOpenChange={(open) => !open && close()}
        title={`Remove the payment plan of order #${action?.order.id}?`}
        description="The payments already received stay on the order; the instalments and their due dates go."
        confirmLabel="Remove Plan"
        pendingLabel="Removing…"
        destructive
        onConfirm={() => removePlan.mutateAsync(action!.order)}
      />
      <ConfirmDialog
        open={action?.kind === 'cancel'}
        onOpenChange={(open) => !open && close()}
        title={`Cancel order #${action?.order.id}?`}
        description={cancelWarning(action?.order)}
        confirmLabel="Cancel Order"
        pendingLabel="Cancelling…"
        destructive
        onConfirm={() => changeStatus.mutateAsync({ order: action!.order, status: 'cancelled' })}
      />
    </>
  )
}

/** What cancelling does, said before it is done. */
function cancelWarning(order: OrderView | undefined): string {
  if (!order) return ''
  const returned =
    order.status === 'shipped' || order.status === 'delivered'
      ? 'The pieces are with the buyer. To take a piece back and refund it, use Refund / Return on the order instead; cancel only once every piece is back in the shop, since cancelling puts them on sale again.'
      : 'Its pieces return to the shop and its sales leave the ledger.'
  const money =
    order.paymentMethod === 'stripe' && order.paymentStatus === 'paid'
      ? ' The card payment is refunded.'
      : order.amountPaid !== undefined && order.amountPaid > 0
        ? ` The ${formatCents(order.amountPaid)} received is yours to return; the order's history will say so.`
        : ''
  return `${returned}${money} This cannot be undone.`
}
