import { z } from 'zod'
import { listQuerySchema, type Page, sortParam } from './admin-list'
import {
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderStatus,
  type OrderTab,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
} from './orders'
import { strictObject } from './validation'

// The back office's view of orders: what its list asks for and gets, and what its buttons send.

export const ADMIN_ORDER_SORTS = ['newest', 'due-date', 'buyer'] as const
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number]
export const ADMIN_ORDER_SORT_LABELS: Record<AdminOrderSort, string> = {
  newest: 'Newest First',
  'due-date': 'Payment Due Date',
  buyer: 'Buyer Name',
}

export const adminOrderQuerySchema = listQuerySchema.extend({
  sort: sortParam(ADMIN_ORDER_SORTS),
  tab: z.enum(ORDER_TABS, { error: 'Unknown tab' }).default('all'),
})
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>

export interface AdminOrderItem {
  productId: number
  productName: string
  productImage: string
  quantity: number
  price: number
}

export interface AdminPayment {
  id: number
  amount: number
  method: PaymentMethod
  paidAt: string
  note: string | null
}

export interface AdminInstallment {
  id: number
  amount: number
  dueDate: string
  paid: boolean
  paidDate: string | null
  overdue: boolean
}

export interface AdminPaymentPlan {
  depositAmount: number
  totalAmount: number
  remainingBalance: number
  nextDueDate: string | null
  overdue: boolean
  installments: AdminInstallment[]
}

/** One line of the order's audit trail: who did what, when. */
export interface OrderEvent {
  id: number
  at: string
  actor: string | null
  kind: OrderEventKind
  message: string
}
export const ORDER_EVENT_KINDS = [
  'created',
  'status',
  'payment',
  'tracking',
  'plan',
  'email',
  'refund',
] as const
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number]

export interface AdminOrder {
  id: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  customerName: string | null
  customerEmail: string | null
  customerPhone: string | null
  shipping: {
    address: string | null
    city: string | null
    state: string | null
    zip: string | null
    country: string
  }
  subtotal: number
  shippingCost: number
  total: number
  amountPaid: number
  balance: number
  trackingNumber: string | null
  notes: string | null
  specialInstructions: string | null
  createdAt: string
  items: AdminOrderItem[]
  payments: AdminPayment[]
  paymentPlan: AdminPaymentPlan | null
  events: OrderEvent[]
}

export interface AdminOrderPage extends Page<AdminOrder> {
  tabCounts: Record<OrderTab, number>
}

export const orderStatusUpdateSchema = strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }),
  /** Mark Shipped sends the number it asked for with the step, so neither lands without the other. */
  trackingNumber: z.string().trim().max(100, 'Tracking number is too long').optional(),
})

export const TRACKING_REQUIRED = 'Please enter a tracking number'
export const trackingUpdateSchema = strictObject({
  trackingNumber: z
    .string({ error: TRACKING_REQUIRED })
    .trim()
    .min(1, TRACKING_REQUIRED)
    .max(100, 'Tracking number is too long'),
})

export const paymentUpdateSchema = strictObject({
  paymentStatus: z.enum(['partial', 'paid'], { error: 'Choose partial or paid' }),
  /** Cents; without it, 'paid' settles the balance. */
  amount: z
    .number({ error: 'Amount must be a number of cents' })
    .int('Amount must be a whole number of cents')
    .positive('Amount must be greater than $0')
    .optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method' }).optional(),
  note: z.string().trim().max(500, 'Note is too long').optional(),
})
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>
