import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { shippingAddressSchema } from '../../../shared/orders/answers'
import {
  type OrderParticulars,
  PAYMENT_METHODS,
  type PaymentMethod,
  REFUND_METHODS,
  type RefundMethod,
} from '../../../shared/orders/rules'
import { taxLineSchema } from '../../../shared/tax/schema'
import type { DbOrTx } from '../../db/client'
import { queryRows, sqlType } from '../../db/query-rows'
import { products } from '../catalog/schema'
import { payments as paymentsTable } from '../ledger/schema'
import { orderItems } from '../orders/schema'

// One order as its papers show it (the invoice, the packing slip): read in one query per kind of
// detail, and only this order, so a PDF never holds more than the order it prints.

export interface DocumentLine {
  productId: number
  name: string
  sku: string | null
  quantity: number
  price: number
  image: string
  /** The lab's name and number (the product's `certification`), when the piece has one. */
  certification: string | null
}

export interface OrderDocument extends OrderParticulars {
  id: number
  userId: number | null
  createdAt: Date
  specialInstructions: string | null
  /** The shopper asked for shipping insurance at checkout; and whether the owner has insured it. */
  insuranceInterest: boolean
  insured: boolean
  lines: DocumentLine[]
  /** `label`: a gift card's payment names its card, "Gift card ••••AB12" (issue 36); null for others. */
  payments: { amount: number; method: PaymentMethod; at: Date; label: string | null }[]
  refunds: { amount: number; method: RefundMethod; at: Date }[]
}

const OrderRow = shippingAddressSchema.extend({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  createdAt: sqlType.timestamp,
  paymentMethod: z.enum(PAYMENT_METHODS),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  subtotal: z.number().int(),
  discountCode: z.string().nullable(),
  discount: z.number().int(),
  shippingCost: z.number().int(),
  tax: z.number().int(),
  taxLines: z.array(taxLineSchema),
  taxNote: z.string().nullable(),
  total: z.number().int(),
  specialInstructions: z.string().nullable(),
  insuranceInterest: z.boolean(),
  insured: z.boolean(),
})

const RefundRow = z.object({
  amount: z.number().int(),
  method: z.enum(REFUND_METHODS),
  at: sqlType.timestamp,
})

export async function loadOrderDocument(db: DbOrTx, orderId: number): Promise<OrderDocument | undefined> {
  const [order] = await queryRows(
    db,
    OrderRow,
    sql`select id, user_id as "userId", created_at as "createdAt", payment_method as "paymentMethod",
          customer_name as "customerName", customer_email as "customerEmail", customer_phone as "customerPhone",
          shipping_address as address, shipping_city as city, shipping_state as state, shipping_zip as zip,
          shipping_country as country, subtotal, discount_code as "discountCode", discount,
          shipping_cost as "shippingCost", tax, tax_lines as "taxLines", tax_note as "taxNote", total,
          special_instructions as "specialInstructions", insurance_interest as "insuranceInterest",
          insured_at is not null as insured
        from orders where id = ${orderId}`,
  )
  if (!order) return undefined
  const [lines, payments, refunds] = await Promise.all([
    db
      .select({
        productId: orderItems.productId,
        name: orderItems.productName,
        sku: products.sku,
        quantity: orderItems.quantity,
        price: orderItems.price,
        image: orderItems.productImage,
        certification: products.certification,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)) satisfies Promise<DocumentLine[]>,
    db
      .select({
        amount: paymentsTable.amount,
        method: paymentsTable.method,
        at: paymentsTable.paidAt,
        note: paymentsTable.note,
      })
      .from(paymentsTable)
      .where(eq(paymentsTable.orderId, orderId))
      .orderBy(asc(paymentsTable.paidAt), asc(paymentsTable.id)),
    queryRows(
      db,
      RefundRow,
      sql`select amount, method, completed_at as at from refunds where order_id = ${orderId} and status = 'done'
          order by completed_at, id`,
    ),
  ])
  const { address, city, state, zip, country, createdAt, ...rest } = order
  const dated = <T extends { at: Date | string }>(row: T) => ({ ...row, at: new Date(row.at) })
  return {
    ...rest,
    createdAt: new Date(createdAt),
    shipping: { address, city, state, zip, country },
    lines,
    // A gift card's payment names its card (its note); the others print no label.
    payments: payments.map(({ note, ...payment }) => ({
      ...payment,
      label: payment.method === 'gift_card' ? note : null,
    })),
    refunds: refunds.map(dated),
  }
}
