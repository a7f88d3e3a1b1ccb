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
