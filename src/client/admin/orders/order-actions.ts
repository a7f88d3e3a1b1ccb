import { NEXT_STEP } from '../../../shared/orders/rules'
import type { RoutePermission } from '../../../shared/staff/permissions'
import { type OrderView, withLedger } from './api'

// What a member may do on an order card (issue 35): each action's route permission, and the
// order's money in the answer for the actions that show or change it.

export type OrderAction =
  | 'step'
  | 'ship'
  | 'payment'
  | 'confirm'
  | 'plan'
  | 'remove-plan'
  | 'tracking'
  | 'extend'
  | 'cancel'
  | 'release-buyer'
  | 'refund'

/**
 * Whether the member may take an action on this order: its permission (the route's), and for the
 * actions that show or change money, the order's money in the answer (a role with the ledger).
 */
export function mayTakeAction(
  action: OrderAction,
  order: OrderView,
  can: (permission: RoutePermission) => boolean,
): boolean {
  const money = withLedger(order)
  switch (action) {
    case 'step':
      // Confirming an order nothing was paid on records that payment (PaymentDialog).
      return can('orders:fulfil') && (!confirmsByPayment(order) || mayTakeAction('confirm', order, can))
    case 'ship':
    case 'tracking':
      return can('orders:fulfil')
    case 'payment':
    case 'confirm':
    case 'plan':
    case 'remove-plan':
      return can('orders:payments') && money
    case 'extend':
    case 'release-buyer':
      return can('orders:payments')
    case 'refund':
      return can('orders:refund') && money
    case 'cancel':
      return can('orders:refund')
  }
}

/** Confirm on an order with nothing paid and no plan means "the money came in": it records it. */
export const confirmsByPayment = (order: OrderView) =>
  NEXT_STEP[order.status]?.to === 'confirmed' && order.paymentStatus === 'unpaid' && !order.paymentPlan
