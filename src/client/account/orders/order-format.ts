import type { OrderStatus, PaymentMethod, PaymentStatus } from '../../../shared/orders'
import type { BadgeProps } from '../../ui/badge'

type BadgeVariant = NonNullable<BadgeProps['variant']>

/** The number a customer quotes (and writes in a Zelle memo) is the order's id. */
export const orderNumber = (id: number) => `#${id}`

export const ORDER_STATUS_BADGES: Record<OrderStatus, BadgeVariant> = {
  pending: 'neutral',
  confirmed: 'jade',
  preparing: 'jade',
  shipped: 'reserved',
  delivered: 'available',
  cancelled: 'sold',
}

export const PAYMENT_STATUS_BADGES: Record<PaymentStatus, BadgeVariant> = {
  unpaid: 'gold',
  partial: 'gold',
  paid: 'available',
  refunded: 'neutral',
}

/** Shoppers pay by card (Stripe) or Zelle; the other methods come from sales the shop records itself. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card',
  zelle: 'Zelle',
  paypal: 'PayPal',
  venmo: 'Venmo',
  cash: 'Cash',
  check: 'Check',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
}
