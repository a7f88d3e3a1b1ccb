// The order's enumerations, in a file of their own: the answers' schemas (answers.ts) and
// orders.ts, which takes its types from them, both read these without importing each other.

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'shipped',
  'delivered',
  'cancelled',
] as const

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'refunded'] as const

/** Every method the schema accepts (back-office.md §3). */
export const PAYMENT_METHODS = [
  'stripe',
  'paypal',
  'zelle',
  'venmo',
  'cash',
  'check',
  'credit_card',
  'bank_transfer',
  /** A gift card or store credit paying (part of) an order at checkout (issue 36). */
  'gift_card',
] as const

/**
 * How money goes back on an order: any way it came in, or as store credit (issue 36), a new gift
 * card in the shopper's name that the shop owes instead of money. Only a refund has this method.
 */
export const REFUND_METHODS = [...PAYMENT_METHODS, 'store_credit'] as const
