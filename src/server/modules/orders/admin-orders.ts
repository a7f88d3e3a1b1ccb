import { sql } from 'drizzle-orm'
import {
  awaitsFirstPayment,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../shared/orders'
import type {
  AdminInstallment,
  AdminOrder,
  AdminOrderItem,
  AdminPayment,
  AdminPaymentPlan,
} from '../../../shared/orders-admin'
import type { TaxLine } from '../../../shared/tax'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { giftCardPaymentsOf } from '../gift-cards/checkout-payments'
import { refundsOf } from '../ledger/refunds'
import { eventsOf } from './events'

// Orders as the back office sees them: one query per kind of detail for a whole page of orders.

/** `select o.*, plan.id as plan_id` from orders: the raw row. */
const sumOf = (payments: { amount: number }[] | undefined) =>
  (payments ?? []).reduce((sum, payment) => sum + payment.amount, 0)

export interface OrderRow {
  id: number
  status: OrderStatus
  payment_status: PaymentStatus
  payment_method: PaymentMethod
  customer_name: string | null
  customer_email: string | null
  customer_phone: string | null
  shipping_address: string | null
  shipping_city: string | null
  shipping_state: string | null
  shipping_zip: string | null
  shipping_country: string
  subtotal: number
  shipping_cost: number
  discount_code: string | null
  tax: number
  tax_lines: TaxLine[]
  tax_note: string | null
  tax_fallback: boolean
  discount: number
  total: number
  tracking_number: string | null
  notes: string | null
  special_instructions: string | null
  created_at: Date | string
  reserved_until: Date | string | null
  refunded_amount: number
  appointment_request: boolean
  appointment_arranged_at: Date | string | null
  insurance_interest: boolean
  insured_at: Date | string | null
  plan_id: number | null
}

const iso = (value: Date | string) => new Date(value).toISOString()
/** Due dates are stored at noon UTC of their day, so the UTC date is the day. */
const dueDay = (value: Date | string) => iso(value).slice(0, 10)

function groupBy<T extends { orderId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const row of rows) {
    const group = groups.get(row.orderId) ?? []
    group.push(row)
    groups.set(row.orderId, group)
  }
  return groups
}

const DELIVERED_STEP = `→ ${ORDER_STATUS_LABELS.delivered}`

/** When the trail says the order became Delivered (the return window counts from there). */
function deliveredAt(trail: { kind: string; message: string; at: string }[]): string | null {
  return trail.findLast((line) => line.kind === 'status' && line.message.endsWith(DELIVERED_STEP))?.at ?? null
}

/** `today` ('yyyy-MM-dd', the shop's calendar) decides what is overdue: a due day that has ended. */
export async function toAdminOrders(db: DbOrTx, rows: OrderRow[], today: string): Promise<AdminOrder[]> {
  if (rows.length === 0) return []
  const ids = sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  )
  const orderIds = rows.map((row) => row.id)
  const [items, payments, plans, installments, events, refunds, giftCardPayments] = await Promise.all([
    queryRows<AdminOrderItem & { orderId: number }>(
      db,
      sql`select order_id as "orderId", product_id as "productId", product_name as "productName",
            product_image as "productImage", quantity, price, discount
          from order_items where order_id in (${ids}) order by id`,
    ),
    queryRows<Omit<AdminPayment, 'paidAt'> & { orderId: number; paidAt: Date | string }>(
      db,
      sql`select id, order_id as "orderId", amount, method, paid_at as "paidAt", note
          from payments where order_id in (${ids}) order by paid_at, id`,
    ),
    queryRows<{ id: number; orderId: number; depositAmount: number; totalAmount: number }>(
      db,
      sql`select id, order_id as "orderId", deposit_amount as "depositAmount", total_amount as "totalAmount"
          from payment_plans where order_id in (${ids})`,
    ),
    queryRows<{
      id: number
      planId: number
      amount: number
      dueDate: Date | string
      paid: boolean
      paidDate: Date | string | null
    }>(
      db,
      sql`select i.id, i.plan_id as "planId", i.amount, i.due_date as "dueDate", i.paid, i.paid_date as "paidDate"
          from payment_installments i join payment_plans p on p.id = i.plan_id
          where p.order_id in (${ids}) order by i.due_date, i.id`,
    ),
    eventsOf(db, orderIds),
    refundsOf(db, orderIds),
    giftCardPaymentsOf(db, orderIds),
  ])
  const itemsOf = groupBy(items)
  const paymentsOf = groupBy(payments)
  const planOf = new Map(plans.map((plan) => [plan.orderId, plan]))
  const installmentsOf = new Map<number, AdminInstallment[]>()
  for (const installment of installments) {
    const list = installmentsOf.get(installment.planId) ?? []
    list.push({
      id: installment.id,
      amount: installment.amount,
      dueDate: dueDay(installment.dueDate),
      paid: installment.paid,
      paidDate: installment.paidDate ? iso(installment.paidDate) : null,
      overdue: !installment.paid && dueDay(installment.dueDate) < today,
    })
    installmentsOf.set(installment.planId, list)
  }

  return rows.map((row) => {
    const orderPayments = (paymentsOf.get(row.id) ?? []).map(({ orderId: _, paidAt, ...payment }) => ({
      ...payment,
      paidAt: iso(paidAt),
    }))
    const amountPaid = orderPayments.reduce((sum, payment) => sum + payment.amount, 0)
    const plan = planOf.get(row.id)
    let paymentPlan: AdminPaymentPlan | null = null
    if (plan) {
      const steps = installmentsOf.get(plan.id) ?? []
      const nextDueDate = steps.find((step) => !step.paid)?.dueDate ?? null
      paymentPlan = {
        depositAmount: plan.depositAmount,
        totalAmount: plan.totalAmount,
        remainingBalance: Math.max(0, plan.totalAmount - amountPaid),
        nextDueDate,
        // back-office.md §4: overdue when the next due date is past and the order is not paid.
        overdue: nextDueDate !== null && nextDueDate < today && row.payment_status !== 'paid',
        installments: steps,
      }
    }
    return {
      id: row.id,
      status: row.status,
      paymentStatus: row.payment_status,
      paymentMethod: row.payment_method,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      customerPhone: row.customer_phone,
      shipping: {
        address: row.shipping_address,
        city: row.shipping_city,
        state: row.shipping_state,
        zip: row.shipping_zip,
        country: row.shipping_country,
      },
      subtotal: row.subtotal,
      discountCode: row.discount_code,
      discount: row.discount,
      shippingCost: row.shipping_cost,
      tax: row.tax,
      taxLines: row.tax_lines,
      taxNote: row.tax_note,
      taxFallback: row.tax_fallback,
      total: row.total,
      amountPaid,
      balance: Math.max(0, row.total - amountPaid),
      giftCardPayments: giftCardPayments.get(row.id) ?? [],
      amountDue: row.total - sumOf(giftCardPayments.get(row.id)),
      trackingNumber: row.tracking_number,
      notes: row.notes,
      specialInstructions: row.special_instructions,
      createdAt: iso(row.created_at),
      reservedUntil:
        row.reserved_until &&
        awaitsFirstPayment({
          status: row.status,
          paymentStatus: row.payment_status,
          hasPlan: !!plan,
          paidOnlyByGiftCards: amountPaid === sumOf(giftCardPayments.get(row.id)),
        })
          ? iso(row.reserved_until)
          : null,
      items: (itemsOf.get(row.id) ?? []).map(({ orderId: _, ...item }) => item),
      payments: orderPayments,
      paymentPlan,
      events: events.get(row.id) ?? [],
      refunds: refunds.get(row.id) ?? [],
      refundedAmount: row.refunded_amount,
      deliveredAt: row.status === 'delivered' ? deliveredAt(events.get(row.id) ?? []) : null,
      requests: {
        appointment: row.appointment_request,
        appointmentArrangedAt: row.appointment_arranged_at ? iso(row.appointment_arranged_at) : null,
        insurance: row.insurance_interest,
        insuredAt: row.insured_at ? iso(row.insured_at) : null,
      },
    }
  })
}
