import { sql } from 'drizzle-orm'
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

const LineRow = z.object({
  productId: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  image: z.string(),
  certification: z.string().nullable(),
}) satisfies z.ZodType<DocumentLine>

const PaymentRow = z.object({
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  at: sqlType.timestamp,
  label: z.string().nullable(),
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
    queryRows(
      db,
      LineRow,
      sql`select i.product_id as "productId", i.product_name as name, p.sku, i.quantity, i.price,
            i.product_image as image, p.certification
          from order_items i left join products p on p.id = i.product_id
          where i.order_id = ${orderId} order by i.id`,
    ),
    queryRows(
      db,
      PaymentRow,
      sql`select amount, method, paid_at as at, case when method = 'gift_card' then note end as label
          from payments where order_id = ${orderId} order by paid_at, id`,
    ),
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
    payments: payments.map(dated),
    refunds: refunds.map(dated),
  }
}
