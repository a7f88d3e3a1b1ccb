// Orders: customers, the orders and their lines, and the audit trail. Their money (payments,
// refunds, payment plans, sale rows) is the ledger's: ledger/schema.ts.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ORDER_EVENT_KINDS } from '../../../shared/orders/admin-schema'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/orders/rules'
import type { TaxLine } from '../../../shared/tax/schema'
import { createdAt, inList, updatedAt } from '../../db/columns'
import { users } from '../accounts/schema'
import { products } from '../catalog/schema'
import { discountCodes } from '../discounts/schema'

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customers_email_idx').on(sql`lower(${t.email})`)],
)

export const orders = pgTable(
  'orders',
  {
    // Order numbers start at 1001 and are shown as #1001 (DESIGN.md §4).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    subtotal: integer('subtotal').notNull(),
    shippingCost: integer('shipping_cost').notNull().default(0),
    total: integer('total').notNull(),
    shippingAddress: text('shipping_address'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country').notNull().default('US'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentId: text('payment_id'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    notes: text('notes'),
    orderSource: text('order_source').notNull().default('web'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    trackingNumber: text('tracking_number'),
    specialInstructions: text('special_instructions'),
    appointmentRequest: boolean('appointment_request').notNull().default(false),
    insuranceInterest: boolean('insurance_interest').notNull().default(false),
    /** When the owner ticked off the shopper's requests: the appointment arranged, the parcel insured. */
    appointmentArrangedAt: timestamp('appointment_arranged_at', { withTimezone: true }),
    insuredAt: timestamp('insured_at', { withTimezone: true }),
    /** A double-submitted checkout carries the same key and gets the same order. */
    idempotencyKey: text('idempotency_key').unique(),
    /** An order awaiting its first payment holds its pieces until then (RESERVATION_HOURS). */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    reservationRemindedAt: timestamp('reservation_reminded_at', { withTimezone: true }),
    /** The sum of the order's refund rows, kept with the order so its lock guards it. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /**
     * SHA-256 of the key in the confirmation e-mail's link, which shows a guest this order
     * (orders/access-key.ts); the key itself is never stored with the order.
     */
    accessKeyHash: text('access_key_hash'),
    /** The discount code the order was placed with, as the shopper typed it, and what it took off. */
    discountCode: text('discount_code'),
    discount: integer('discount').notNull().default(0),
    /** The code whose use this order holds; set null once the use is given back (a cancel before shipping). */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    /**
     * The sales tax collected with the order (issue 34), part of its total, and its lines per
     * jurisdiction as computed then: a snapshot no new rate table or setting ever changes.
     */
    tax: integer('tax').notNull().default(0),
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why the order carries no tax, or that a state rate stood in for a ZIP the table lacked. */
    taxNote: text('tax_note'),
    /** The state rate stood in for the destination's ZIP: flagged for the owner to check. */
    taxFallback: boolean('tax_fallback').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_subtotal_check', sql`${t.subtotal} >= 0`),
    check('orders_shipping_cost_check', sql`${t.shippingCost} >= 0`),
    check('orders_total_check', sql`${t.total} >= 0`),
    check('orders_refunded_amount_check', sql`${t.refundedAmount} >= 0`),
    check('orders_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal}`),
    check('orders_tax_check', sql`${t.tax} >= 0`),
    check('orders_status_check', inList('status', ORDER_STATUSES)),
    check('orders_payment_status_check', inList('payment_status', PAYMENT_STATUSES)),
    check('orders_payment_method_check', inList('payment_method', PAYMENT_METHODS)),
    index('orders_user_idx').on(t.userId),
    index('orders_created_idx').on(t.createdAt),
    uniqueIndex('orders_payment_id_key').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    // The Pending Payment tab and the dashboard's "awaiting payment": the orders still owed, newest
    // first, without walking the paid ones (the predicate is owedOrder()'s, literals and all).
    index('orders_owed_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} <> 'cancelled' and ${t.paymentStatus} in ('unpaid', 'partial')`),
    // The "Needs an Appointment" tab: the few orders whose appointment is still to be arranged.
    index('orders_appointment_open_idx')
      .on(t.createdAt)
      .where(sql`${t.appointmentRequest} and ${t.appointmentArrangedAt} is null`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    /** This line's share of the order's discount, in cents: its sale row is booked net of it. */
    discount: integer('discount').notNull().default(0),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_price_check', sql`${t.price} >= 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
)

/** An order's audit trail: every status change, payment, tracking number, plan change and e-mail. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it, by name as it was then (null: the shop itself, a shopper or a job). */
    actor: text('actor'),
    /** The actor's role at the time (issue 35): a trail line keeps it after the role changes. */
    actorRole: text('actor_role'),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    message: text('message').notNull(),
  },
  (t) => [
    check('order_events_kind_check', inList('kind', ORDER_EVENT_KINDS)),
    index('order_events_order_idx').on(t.orderId, t.at),
  ],
)
