// An order's money after checkout: payments received, refunds, payment plans and their
// instalments, and the sales ledger's rows (an order's, and an in-person sale's).
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { REFUND_STATUSES } from '../../../shared/orders/refunds'
import { PAYMENT_METHODS, REFUND_METHODS, SALE_SOURCES } from '../../../shared/orders/rules'
import type { TaxLine } from '../../../shared/tax/schema'
import { createdAt, inList } from '../../db/columns'
import { products } from '../catalog/schema'
import { orders } from '../orders/schema'

/** One row per payment received against an order; the order's payment status is derived from them. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    /** The provider's id (a payment intent) so one provider payment is recorded once. */
    providerReference: text('provider_reference').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_method_check', inList('method', PAYMENT_METHODS)),
    index('payments_order_idx').on(t.orderId),
  ],
)

/**
 * Money paid back on an order (a return, a goodwill refund), beside its payments: the order's
 * payment status follows from payments less refunds.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** Null for a card payment that never became an order (its piece sold meanwhile). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The part of `amount` that gives back sales tax (issue 34): the tax report nets it out. */
    tax: integer('tax').notNull().default(0),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    reason: text('reason').notNull(),
    /** The pieces this refund put back on sale. */
    restockedProductIds: integer('restocked_product_ids').array().notNull().default(sql`'{}'::int[]`),
    /** The provider's refund id, for a card refund, once the provider made it. */
    providerReference: text('provider_reference'),
    /** The owner who made it, by name as it was then. */
    actor: text('actor'),
    createdAt: createdAt(),
    /**
     * pending: written, the provider not yet done (the refund worker's queue); done: the money
     * went back; failed: the retries ran out and the owner retries by hand (docs/decisions/011).
     */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** The card payment (intent) a card refund goes back through. */
    paymentIntentId: text('payment_intent_id'),
    /** Sent with every provider call for this refund, so the provider refunds it once. */
    idempotencyKey: text('idempotency_key').unique(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A pending refund is not taken before this: the retry's backoff, or a worker's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When the money went back: the day the ledger counts the refund on. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A store-credit refund's new card (issue 36), a plain id as gift_cards keeps its order. */
    giftCardId: integer('gift_card_id'),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_method_check', inList('method', REFUND_METHODS)),
    check('refunds_status_check', inList('status', REFUND_STATUSES)),
    check('refunds_owner_check', sql`${t.orderId} is not null or ${t.paymentIntentId} is not null`),
    check('refunds_done_check', sql`(${t.status} = 'done') = (${t.completedAt} is not null)`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_completed_idx').on(t.completedAt),
    // The worker's queue: few rows at any time.
    index('refunds_queue_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('refunds_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
  ],
)

export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    depositAmount: integer('deposit_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_plans_deposit_check', sql`${t.depositAmount} >= 0`),
    check('payment_plans_total_check', sql`${t.totalAmount} >= 0`),
  ],
)

export const paymentInstallments = pgTable(
  'payment_installments',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    paid: boolean('paid').notNull().default(false),
    paidDate: timestamp('paid_date', { withTimezone: true }),
    /** When the shopper was reminded before the due day, and when after it passed: once each. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    overdueRemindedAt: timestamp('overdue_reminded_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_installments_amount_check', sql`${t.amount} > 0`),
    index('payment_installments_plan_idx').on(t.planId),
  ],
)

export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    salePrice: integer('sale_price').notNull(),
    cost: integer('cost'),
    profit: integer('profit'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    notes: text('notes'),
    saleDate: timestamp('sale_date', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: SALE_SOURCES }).notNull().default('manual'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * An in-person sale's sales tax (issue 34), charged on top of its price at the place of sale,
     * and where that was; an order's sale rows keep theirs with the order.
     */
    tax: integer('tax').notNull().default(0),
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default(sql`'[]'::jsonb`),
    taxNote: text('tax_note'),
    taxState: text('tax_state'),
  },
  (t) => [
    check('sales_sale_price_check', sql`${t.salePrice} >= 0`),
    check('sales_cost_check', sql`${t.cost} is null or ${t.cost} >= 0`),
    check('sales_payment_method_check', inList('payment_method', PAYMENT_METHODS)),
    check('sales_source_check', inList('source', SALE_SOURCES)),
    index('sales_sale_date_idx').on(t.saleDate),
    index('sales_order_idx').on(t.orderId),
  ],
)
