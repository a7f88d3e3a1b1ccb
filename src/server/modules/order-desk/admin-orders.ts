import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { AdminInstallment, AdminOrder, AdminPaymentPlan } from '../../../shared/orders/admin-schema'
import {
  awaitsFirstPayment,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../../shared/orders/rules'
import { taxLineSchema } from '../../../shared/tax/schema'
import type { DbOrTx } from '../../db/client'
import { sqlType } from '../../db/query-rows'
import { giftCardPaymentsOf } from '../gift-cards/checkout-payments'
import { refundsOf } from '../ledger/refunds'
import { paymentInstallments, paymentPlans, payments as paymentsTable } from '../ledger/schema'
import { eventsOf } from '../orders/events'
import { orderItems } from '../orders/schema'

// Orders as the back office sees them: one query per kind of detail for a whole page of orders.

/** `select o.*, plan.id as plan_id` from orders: the raw row. */
const sumOf = (payments: { amount: number }[] | undefined) =>
  (payments ?? []).reduce((sum, payment) => sum + payment.amount, 0)

export const OrderRow = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  shipping_address: z.string().nullable(),
  shipping_city: z.string().nullable(),
  shipping_state: z.string().nullable(),
  shipping_zip: z.string().nullable(),
  shipping_country: z.string(),
  subtotal: z.number().int(),
  shipping_cost: z.number().int(),
  discount_code: z.string().nullable(),
  tax: z.number().int(),
  tax_lines: z.array(taxLineSchema),
  tax_note: z.string().nullable(),
  tax_fallback: z.boolean(),
  discount: z.number().int(),
  total: z.number().int(),
  tracking_number: z.string().nullable(),
  notes: z.string().nullable(),
  special_instructions: z.string().nullable(),
  created_at: sqlType.timestamp,
  reserved_until: sqlType.timestamp.nullable(),
  refunded_amount: z.number().int(),
  appointment_request: z.boolean(),
  appointment_arranged_at: sqlType.timestamp.nullable(),
  insurance_interest: z.boolean(),
  insured_at: sqlType.timestamp.nullable(),
  plan_id: z.number().int().nullable(),
})
export type OrderRow = z.input<typeof OrderRow>

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
  const orderIds = rows.map((row) => row.id)
  const [items, payments, plans, installments, events, refunds, giftCardPayments] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        productId: orderItems.productId,
        productName: orderItems.productName,
        productImage: orderItems.productImage,
        quantity: orderItems.quantity,
        price: orderItems.price,
        discount: orderItems.discount,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        id: paymentsTable.id,
        orderId: paymentsTable.orderId,
        amount: paymentsTable.amount,
        method: paymentsTable.method,
        paidAt: paymentsTable.paidAt,
        note: paymentsTable.note,
      })
      .from(paymentsTable)
      .where(inArray(paymentsTable.orderId, orderIds))
      .orderBy(asc(paymentsTable.paidAt), asc(paymentsTable.id)),
    db
      .select({
        id: paymentPlans.id,
        orderId: paymentPlans.orderId,
        depositAmount: paymentPlans.depositAmount,
        totalAmount: paymentPlans.totalAmount,
      })
      .from(paymentPlans)
      .where(inArray(paymentPlans.orderId, orderIds)),
    db
      .select({
        id: paymentInstallments.id,
        planId: paymentInstallments.planId,
        amount: paymentInstallments.amount,
        dueDate: paymentInstallments.dueDate,
        paid: paymentInstallments.paid,
        paidDate: paymentInstallments.paidDate,
      })
      .from(paymentInstallments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, paymentInstallments.planId))
      .where(inArray(paymentPlans.orderId, orderIds))
      .orderBy(asc(paymentInstallments.dueDate), asc(paymentInstallments.id)),
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
