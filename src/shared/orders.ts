// Order and payment vocabulary shared by the storefront, the back office and the server.

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'shipped',
  'delivered',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Order Received',
  confirmed: 'Payment Confirmed',
  preparing: 'Preparing to Ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partial: 'Partial Payment',
  paid: 'Paid in Full',
  refunded: 'Refunded',
}

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
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The methods offered by the back office's sale form, in its order. */
export const SALE_PAYMENT_METHODS = ['zelle', 'cash', 'check', 'venmo', 'paypal', 'credit_card'] as const

export const SALE_SOURCES = ['order', 'manual'] as const

/** A line of the shopper's order list (storefront.md §3: id, status, total, createdAt). */
export interface OrderSummary {
  id: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  total: number
  itemCount: number
  createdAt: string
}

export interface OrderDetail extends OrderSummary {
  subtotal: number
  shippingCost: number
  paymentMethod: PaymentMethod
  trackingNumber: string | null
  customerName: string | null
  shipping: {
    address: string | null
    city: string | null
    state: string | null
    zip: string | null
    country: string
  }
  items: { productId: number; productName: string; productImage: string; quantity: number; price: number }[]
}

/** The steps of an order's timeline; a cancelled order leaves it. */
export const ORDER_PROGRESS: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'shipped', 'delivered']
