import type { OrderStatus, PaymentMethod, PaymentStatus } from './rules'

// How orders read and look, once for the account pages, the back office and e-mail: one label per
// payment method and one colour per status, so a shopper and the owner see the same words.

/** A badge's colour by meaning; the design system's Badge has one variant of each name. */
export type StatusTone = 'neutral' | 'jade' | 'gold' | 'available' | 'sold' | 'reserved' | 'draft'

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
  gift_card: 'Gift card',
}

/** A method's label, also for a value older data may hold outside the list. */
export const paymentMethodLabel = (method: string): string =>
  PAYMENT_METHOD_LABELS[method as PaymentMethod] ??
  (method.charAt(0).toUpperCase() + method.slice(1)).replace(/_/g, ' ')

export const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  pending: 'gold',
  confirmed: 'jade',
  preparing: 'jade',
  shipped: 'available',
  delivered: 'available',
  cancelled: 'sold',
}

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, StatusTone> = {
  unpaid: 'reserved',
  partial: 'gold',
  paid: 'available',
  refunded: 'neutral',
}
