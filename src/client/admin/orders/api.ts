import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryOf } from '../../../shared/contract'
import { maskedCode } from '../../../shared/gift-cards/rules'
import { ordersAdminContract as contract } from '../../../shared/orders/admin-contract'
import type {
  AdminOrder,
  AdminOrderPage,
  OrderRequestsUpdate,
  PaymentPlanInput,
  PaymentUpdate,
} from '../../../shared/orders/admin-schema'
import type { Refund, RefundInput } from '../../../shared/orders/refunds'
import { ORDER_TABS, type OrderStatus } from '../../../shared/orders/rules'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { JUST_FETCHED_MS } from '../../lib/queries'
import { listQuery, oneOfValue } from '../../lib/use-list-params'
import type { MaybeWithout } from '../access'

/** An order's money: left out of the answer for a role without 'ledger:view' (shared/orders/admin-schema.ts). */
export type LedgerField =
  | 'subtotal'
  | 'discount'
  | 'shippingCost'
  | 'tax'
  | 'taxLines'
  | 'total'
  | 'amountPaid'
  | 'balance'
  | 'payments'
  | 'paymentPlan'
  | 'refunds'
  | 'refundedAmount'

/** An order as any member reads it: the screens test for its money before they show it. */
export type OrderView = MaybeWithout<AdminOrder, LedgerField>

/** Whether this answer carries the order's money (the member's role holds the ledger). */
export const withLedger = (order: OrderView): order is AdminOrder =>
  order.total !== undefined && order.amountPaid !== undefined && order.refunds !== undefined

type Params = Record<string, string | undefined>

export const orderQueries = {
  list: (params: Params) =>
    queryOptions({
      queryKey: [contract.list.path, params],
      queryFn: (): Promise<{ items: OrderView[] } & Omit<AdminOrderPage, 'items'>> =>
        call(contract.list, { query: params as QueryOf<typeof contract.list> }),
      placeholderData: keepPreviousData,
      staleTime: JUST_FETCHED_MS,
    }),
  /** What releasing all of this order's buyer's reservations would end, for its confirmation. */
  buyerReservations: (orderId: number) =>
    queryOptions({
      queryKey: [`/api/orders/${orderId}/buyer-reservations`],
      queryFn: () => call(contract.buyerReservations, { params: { id: orderId } }),
      staleTime: 0,
      gcTime: 0,
    }),
}

export const ORDER_FILTERS = ['tab'] as const
export const ORDER_PAGE_SIZE = 20

/** The orders page's list as its URL asks for it, fetched by the page and by its preload alike. */
export const ordersPageQuery = (params: URLSearchParams) =>
  orderQueries.list({
    ...listQuery(params, ORDER_FILTERS),
    tab: oneOfValue(params, 'tab', ORDER_TABS),
    pageSize: String(ORDER_PAGE_SIZE),
  })

/** After any change: the lists (tabs and counts move), the dashboard's money and the product list. */
function useRefreshOrders() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [contract.list.path] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/products'] }),
    ])
}

export function useChangeStatus() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({
      order,
      status,
      trackingNumber,
    }: {
      order: OrderView
      status: OrderStatus
      trackingNumber?: string
    }) => call(contract.setStatus, { params: { id: order.id }, body: { status, trackingNumber } }),
    onSuccess: async () => {
      toastSuccess('Order status updated successfully.')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to update order status', error),
  })
}

export function useAddTracking() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ order, trackingNumber }: { order: OrderView; trackingNumber: string }) =>
      call(contract.addTracking, { params: { id: order.id }, body: { trackingNumber } }),
    onSuccess: async () => {
      toastSuccess('Tracking number added successfully.')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to add tracking number', error),
  })
}

export function useRecordPayment() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ order, update }: { order: OrderView; update: PaymentUpdate }) =>
      call(contract.recordPayment, { params: { id: order.id }, body: update }),
    onSuccess: async () => {
      toastSuccess('Payment status updated successfully.')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to update payment status', error),
  })
}

export function useSetPlan() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ order, plan }: { order: OrderView; plan: PaymentPlanInput }) =>
      call(contract.setPlan, { params: { id: order.id }, body: plan }),
    onSuccess: async () => {
      toastSuccess('Payment plan saved.')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to save payment plan', error),
  })
}

export function useRemovePlan() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: (order: OrderView) => call(contract.removePlan, { params: { id: order.id } }),
    onSuccess: async () => {
      toastSuccess('Payment plan removed.')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to remove payment plan', error),
  })
}

export function useExtendReservation() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ order, hours }: { order: OrderView; hours: number }) =>
      call(contract.extendReservation, { params: { id: order.id }, body: { hours } }),
    onSuccess: async () => {
      toastSuccess('Reservation extended.')
      await refresh()
    },
    onError: (error) => toastFailure('Failed to extend the reservation', error),
  })
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export function useReleaseBuyerReservations() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: (order: OrderView) => call(contract.releaseBuyerReservations, { params: { id: order.id } }),
    onSuccess: async (released) => {
      toastSuccess(
        `${plural(released.orders, 'order', 'orders')} cancelled; ${plural(released.pieces, 'piece is', 'pieces are')} back on sale.`,
      )
      await refresh()
    },
    onError: (error) => toastFailure("Failed to release this buyer's reservations", error),
  })
}

/** Retries a card refund whose automatic retries ran out; the answer is the order as it is now. */
export function useRetryRefund() {
  const refresh = useRefreshOrders()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ order, refund }: { order: OrderView; refund: Refund }) =>
      call(contract.retryRefund, { params: { id: order.id, refundId: refund.id } }),
    onSuccess: async (order, { refund }) => {
      const now = order.refunds.find((row) => row.id === refund.id)
      if (now?.status === 'done') toastSuccess('Refund made.')
      else
        toastFailure(
          'The card provider did not confirm the refund',
          new Error(now?.lastError ?? 'Try again later'),
        )
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: ['/api/sales'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
      ])
    },
    onError: (error) => toastFailure('Failed to retry the refund', error),
  })
}

export function useRefund() {
  const refresh = useRefreshOrders()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ order, input }: { order: OrderView; input: RefundInput }) =>
      call(contract.refund, { params: { id: order.id }, body: input }),
    onSuccess: async (refund) => {
      // A card refund the provider did not confirm at once is on record; the worker retries it.
      toastSuccess(
        refund.storeCreditLast4
          ? `Store credit given: gift card ${maskedCode(refund.storeCreditLast4)}, e-mailed to the shopper.`
          : 'Refund recorded.',
        refund.status === 'pending'
          ? `The card provider has not confirmed it yet${refund.lastError ? ` (${refund.lastError})` : ''}; it will be retried.`
          : undefined,
      )
      // A returned piece is back on sale and its sale leaves the ledger.
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['/api/sales'] })])
    },
    onError: (error) => toastFailure('Failed to record the refund', error),
  })
}

/** Ticks a shopper's checkout request off, or back on: the appointment arranged, the parcel insured. */
export function useUpdateRequests() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ order, update }: { order: OrderView; update: OrderRequestsUpdate }) =>
      call(contract.updateRequests, { params: { id: order.id }, body: update }),
    onSuccess: async () => {
      await refresh()
    },
    onError: (error) => toastFailure('Failed to update the request', error),
  })
}
