// The whole data model (back-office.md §3 plus DESIGN.md §4's additions).
// The database enforces what it can: keys, references, enumerations and non-negative money.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { PRODUCT_STATUSES, PRODUCT_TYPES } from '../../shared/catalog'
import { IMPORT_FORMATS, IMPORT_STATUSES } from '../../shared/catalog-import'
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_METHODS,
  SALE_SOURCES,
} from '../../shared/orders'
import { ORDER_EVENT_KINDS } from '../../shared/orders-admin'
import { REFUND_STATUSES } from '../../shared/refunds'
import type { TaxLine } from '../../shared/tax'
import { campaigns } from '../modules/campaigns/schema'
import { giftCardPurchases, giftCards, giftCardTransactions } from '../modules/gift-cards/schema'
import { roles, staffInvitations } from '../modules/staff/schema'

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** argon2id hash, never the password itself. */
    password: text('password').notNull(),
    /** A member of the shop's team: true exactly when the account has a role (Make Admin gives Owner). */
    isAdmin: boolean('is_admin').notNull().default(false),
    roleId: integer('role_id').references(() => roles.id),
    /** A deactivated member keeps the account and its history but cannot use the back office. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    phone: text('phone'),
    /** SHA-256 of the reset token: a leaked database row cannot be used to reset a password. */
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', { withTimezone: true }),
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    /**
     * The TOTP secret, AES-256-GCM encrypted with a key derived from SESSION_SECRET (never in
     * clear). Set by setup; it signs in only once `twoFactorEnabled` (a code confirmed it).
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice (RFC 6238 §5.2). */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** Too many wrong codes: the code step waits until then (modules/accounts/two-factor-limits.ts). */
    twoFactorWaitUntil: timestamp('two_factor_wait_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Both are stored normalised (shared/identity.ts), so uniqueness is on the values themselves:
    // lower() would fold some letters unlike the application does.
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    check('users_admin_role_check', sql`${t.isAdmin} = (${t.roleId} is not null)`),
  ],
)

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

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    cost: integer('cost'),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    /** Alt text per image, in the order of image_urls; '' means the product's name. */
    imageAlts: text('image_alts').array().notNull().default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    type: text('type').notNull().default('other'),
    color: text('color').notNull(),
    innerDiameterMm: integer('inner_diameter_mm'),
    weight: text('weight'),
    dimensions: text('dimensions'),
    jadeType: text('jade_type'),
    origin: text('origin'),
    certification: text('certification'),
    /** The certificate of authenticity's image (the file store's URL), beside `certification`. */
    certificateUrl: text('certificate_url'),
    featured: boolean('featured').notNull().default(false),
    status: text('status').notNull().default('available'),
    stockQuantity: integer('stock_quantity').notNull().default(1),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    soldPrice: integer('sold_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check('products_cost_check', sql`${t.cost} is null or ${t.cost} >= 0`),
    check('products_sold_price_check', sql`${t.soldPrice} is null or ${t.soldPrice} >= 0`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
    check('products_inner_diameter_check', sql`${t.innerDiameterMm} is null or ${t.innerDiameterMm} > 0`),
    check('products_status_check', inList('status', PRODUCT_STATUSES)),
    check('products_type_check', inList('type', PRODUCT_TYPES)),
    // No index names a column that a sale changes (status, stock, sold_at, sold_price, updated_at):
    // checkout's update of a piece is then a HOT update, which writes none of these indexes, the
    // search's trigram index above all (migration 0018; products-hot-updates.test.ts).
    index('products_featured_idx').on(t.id).where(sql`${t.featured}`),
    index('products_category_idx').on(sql`lower(${t.category})`),
    // The back office lists newest first.
    index('products_created_idx').on(t.createdAt),
  ],
)

export const orders = pgTable(
  'orders',
  {
    // Order numbers start at 1001 and are shown as #1001 (DESIGN.md §4).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    subtotal: integer('subtotal').notNull(),
    shippingCost: integer('shipping_cost').notNull().default(0),
    total: integer('total').notNull(),
    shippingAddress: text('shipping_address'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country').notNull().default('US'),
    paymentMethod: text('payment_method').notNull(),
    paymentId: text('payment_id'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
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

/**
 * Who holds each order awaiting its first payment ('email:<address>', 'address:<client address>',
 * an IPv6 client by its /64), and how many pieces the order holds, for checkout's limits on open
 * unpaid orders and pieces. Checkout writes the rows; a trigger on orders
 * deletes them once the order is paid, moved on or cancelled (migration 0010), so the table holds
 * only the few open orders and a client address is kept no longer than it is needed.
 */
export const unpaidHolds = pgTable(
  'unpaid_holds',
  {
    // No foreign key: checking one at every checkout costs more than the trigger on orders that
    // removes an order's rows when it is deleted, as it does once the order is paid or closed.
    orderId: integer('order_id').notNull(),
    holder: text('holder').notNull(),
    /** Units of stock the order holds (its lines' quantities together). */
    pieces: integer('pieces').notNull().default(0),
  },
  // One index, holder first: checkout counts by holder; the trigger's delete by order reads the
  // table whole, which holds only the orders awaiting payment.
  (t) => [primaryKey({ columns: [t.holder, t.orderId] })],
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

/** One row per payment received against an order; the order's payment status is derived from them. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method').notNull(),
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
    method: text('method').notNull(),
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
    status: text('status').notNull(),
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

/**
 * The built-in test payment provider's own records (docs/decisions/007): its intents and refunds,
 * kept in the database as Stripe keeps them on its side, so a restarted instance (or a second one)
 * finishes a refund another began. Never written with Stripe keys set.
 */
export const testProviderIntents = pgTable('test_provider_intents', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').notNull(),
  clientSecret: text('client_secret').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
})

export const testProviderRefunds = pgTable(
  'test_provider_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testProviderIntents.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('test_provider_refunds_intent_idx').on(t.intentId)],
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

/** A card checkout between "create payment intent" and the order: what was priced, for whom. */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: serial('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    sessionId: text('session_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    form: jsonb('form').notNull(),
    cartSnapshot: jsonb('cart_snapshot').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the reconciliation last asked the provider about this attempt's payment (jobs/
     * reconcile-checkouts.ts): an attempt is swept only once the provider said it was never paid.
     */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
  },
  (t) => [
    check('checkout_attempts_amount_check', sql`${t.amount} >= 0`),
    check('checkout_attempts_status_check', inList('status', ['pending', 'completed', 'refunded', 'failed'])),
    // The attempts still open (no order yet): few at any time, looked up by the data sweeps.
    index('checkout_attempts_open_idx').on(t.sessionId).where(sql`${t.orderId} is null`),
    // The same by age, for the unfinished-checkout reminders (modules/checkout-reminders).
    index('checkout_attempts_open_created_idx').on(t.createdAt).where(sql`${t.orderId} is null`),
  ],
)

/**
 * The unfinished-checkout reminders (issue 25): one row per card checkout attempt, or per version
 * of a signed-in shopper's cart (its session and last change), once the reminder job has judged it.
 * The unique keys make "once" exact: a second worker's insert finds the first's row and does
 * nothing. `outcome` says whether a reminder went out or why not. Kept a week (jobs/sweeps).
 */
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    id: serial('id').primaryKey(),
    // No reference: the attempt is swept a day after its reminder, this row a week after.
    attemptId: integer('attempt_id'),
    sessionId: text('session_id'),
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'checkout_reminders_outcome_check',
      inList('outcome', ['sent', 'no-address', 'ordered', 'superseded', 'sold', 'unsubscribed', 'recent']),
    ),
    check(
      'checkout_reminders_subject_check',
      sql`${t.attemptId} is not null or (${t.sessionId} is not null and ${t.cartChangedAt} is not null)`,
    ),
    uniqueIndex('checkout_reminders_attempt_key').on(t.attemptId).where(sql`${t.attemptId} is not null`),
    uniqueIndex('checkout_reminders_cart_key')
      .on(t.sessionId, t.cartChangedAt)
      .where(sql`${t.attemptId} is null`),
    index('checkout_reminders_created_idx').on(t.createdAt),
  ],
)

/**
 * Per address (lower-cased): when it was last sent an unfinished-checkout reminder (at most one a
 * day, whatever the number of checkouts) and whether it unsubscribed from them. Rows of addresses
 * that unsubscribed are kept: that is the promise; the others leave a day after their reminder.
 */
export const reminderRecipients = pgTable(
  'reminder_recipients',
  {
    email: text('email').primaryKey(),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    index('reminder_recipients_reminded_idx').on(t.lastRemindedAt).where(sql`${t.unsubscribedAt} is null`),
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
    paymentMethod: text('payment_method').notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    notes: text('notes'),
    saleDate: timestamp('sale_date', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull().default('manual'),
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
    kind: text('kind').notNull(),
    message: text('message').notNull(),
  },
  (t) => [
    check('order_events_kind_check', inList('kind', ORDER_EVENT_KINDS)),
    index('order_events_order_idx').on(t.orderId, t.at),
  ],
)

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    read: boolean('read').notNull().default(false),
    // What the inbox's search looks in, lower-cased once when the row is written: one LIKE over one
    // column is several times faster than ILIKE over three (10,000 rows within the 50 ms budget).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || email || ' ' || subject)`),
  },
  // The inbox lists newest first, per tab.
  // A trigram index answers a search anywhere in the text (LIKE '%mei%') without reading every row.
  (t) => [
    index('inquiries_read_created_idx').on(t.read, t.createdAt),
    index('inquiries_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
)

/**
 * The newsletter list, double opt-in: an address typed into the form is kept unconfirmed (and
 * swept after a week, jobs/sweeps.ts) until its owner opens the confirmation link e-mailed to it;
 * only confirmed addresses are subscribers.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    createdAt: createdAt(),
    // SHA-256 of the token in the welcome e-mail's unsubscribe link: a leaked table cannot
    // unsubscribe anyone. Null until confirmed, and for rows from before unsubscribe links existed.
    unsubscribeTokenHash: text('unsubscribe_token_hash').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // SHA-256 of the token in the confirmation link, and when that link was last sent.
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    // Permanent refusals (5xx) of campaign mail to this address; bouncing from the first, skipped
    // by campaigns from CAMPAIGN_BOUNCE_LIMIT on (issue 38).
    bounceCount: integer('bounce_count').notNull().default(0),
    lastBounceAt: timestamp('last_bounce_at', { withTimezone: true }),
  },
  (t) => [index('newsletters_unconfirmed_idx').on(t.createdAt).where(sql`${t.confirmedAt} is null`)],
)

/**
 * "Tell me when a similar piece arrives" (issue 25): an address waiting for a new piece of one
 * category, double opt-in like the newsletter (a signed-in shopper's own address is confirmed at
 * once). Kept a year after it last asked, unconfirmed a week (jobs: modules/piece-alerts/sweeps.ts).
 */
export const pieceAlerts = pgTable(
  'piece_alerts',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** Lower-cased, as the listing compares categories. */
    category: text('category').notNull(),
    /** The sold or reserved piece it was asked on; a deleted piece leaves the wish standing. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The signed-in shopper who asked: deleting the account deletes the wish. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** When it was first asked: pieces arriving after it are news to this address. */
    createdAt: createdAt(),
    /** When it was last asked (and confirmed): the year it is kept runs from here. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // SHA-256 of the token in the confirmation link, and when that link was last sent.
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('piece_alerts_email_category_key').on(t.email, t.category),
    index('piece_alerts_waiting_idx').on(t.category).where(sql`${t.confirmedAt} is not null`),
    index('piece_alerts_unconfirmed_idx').on(t.createdAt).where(sql`${t.confirmedAt} is null`),
    index('piece_alerts_requested_idx').on(t.requestedAt),
  ],
)

/**
 * When each piece last came on sale (inserted available, or turned available from draft, sold or
 * reserved), written by a trigger on products whichever path made the change (the migration
 * piece_arrival_trigger). The alert job reads it; swept after a year.
 */
export const pieceArrivals = pgTable(
  'piece_arrivals',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('piece_arrivals_arrived_idx').on(t.arrivedAt)],
)

/** Which piece each address has been e-mailed about: nobody hears twice of one piece. */
export const pieceAlertSends = pgTable(
  'piece_alert_sends',
  {
    email: text('email').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.productId] }), index('piece_alert_sends_sent_idx').on(t.sentAt)],
)

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    customerName: text('customer_name').notNull(),
    content: text('content').notNull(),
    rating: integer('rating').notNull(),
    approved: boolean('approved').notNull().default(false),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    check('testimonials_rating_check', sql`${t.rating} between 1 and 5`),
    index('testimonials_approved_idx').on(t.approved),
  ],
)

/**
 * Photos shoppers uploaded for a review, by when: the upload comes before the review is sent, so a
 * photo no review uses a day later was abandoned and is swept (testimonials/photo-sweep.ts).
 */
export const testimonialUploads = pgTable(
  'testimonial_uploads',
  {
    imageUrl: text('image_url').primaryKey(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('testimonial_uploads_uploaded_idx').on(t.uploadedAt)],
)

/** Discount codes (issue 25): a percentage of the subtotal or a fixed amount, with a window and a use limit. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** 1 to 100 for a percentage; cents for a fixed amount. */
    value: integer('value').notNull(),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    /** Orders holding a use; checkout counts them under the code's row lock. */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The code the newsletter's welcome e-mail offers (at most one). */
    welcome: boolean('welcome').notNull().default(false),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_welcome_key').on(t.welcome).where(sql`${t.welcome}`),
    check('discount_codes_kind_check', inList('kind', ['percent', 'fixed'])),
    check(
      'discount_codes_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check('discount_codes_min_subtotal_check', sql`${t.minSubtotal} >= 0`),
    check('discount_codes_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('discount_codes_uses_check', sql`${t.uses} >= 0`),
    uniqueIndex('discount_codes_code_key').on(sql`lower(${t.code})`),
  ],
)

/** The code a cart carries, by session (it follows the cart into a new session at sign-in). */
export const cartDiscounts = pgTable('cart_discounts', {
  sessionId: text('session_id').primaryKey(),
  discountCodeId: integer('discount_code_id')
    .notNull()
    .references(() => discountCodes.id, { onDelete: 'cascade' }),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
})

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    // The cart's last change (a line added, its quantity changed, another line removed): a
    // signed-in shopper's unfinished cart is reminded ABANDONED_CHECKOUT_HOURS after it.
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
    uniqueIndex('cart_items_session_product_key').on(t.sessionId, t.productId),
    index('cart_items_changed_idx').on(t.changedAt),
  ],
)

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_key').on(t.userId, t.productId)],
)

export const categoryImages = pgTable('category_images', {
  id: serial('id').primaryKey(),
  category: text('category').notNull().unique(),
  imageUrl: text('image_url').notNull(),
  description: text('description'),
})

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the story is signed with ("By …"); null signs it with the author's display name. */
    byline: text('byline'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    metaDescription: text('meta_description'),
    readingTime: integer('reading_time'),
    viewCount: integer('view_count').notNull().default(0),
    /** From the seed's schema; there is no Notion here, so nothing reads or writes it. */
    notionPageId: text('notion_page_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('blog_posts_view_count_check', sql`${t.viewCount} >= 0`),
    // Lower-case words joined by single hyphens: the URL is /journal/<slug>.
    check('blog_posts_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('blog_posts_reading_time_check', sql`${t.readingTime} is null or ${t.readingTime} >= 1`),
    // A published post has a publication time; a future one is scheduled.
    check('blog_posts_published_at_check', sql`not ${t.published} or ${t.publishedAt} is not null`),
    // The journal's pages: visible posts, newest first.
    index('blog_posts_visible_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.published}`),
    index('blog_posts_tags_idx').using('gin', t.tags),
  ],
)

/** The pieces a post links to (Markdown links to /product/{id}), in the order it names them. */
export const blogPostProducts = pgTable(
  'blog_post_products',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.productId] }),
    index('blog_post_products_product_idx').on(t.productId),
  ],
)

/**
 * Who has read a post lately, so a reader counts once: a keyed hash of the visitor's session (or
 * of their address and browser without one), never the session id or address itself. Written in
 * batches by the view counter and swept after a day.
 */
export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.visitor] }),
    index('blog_post_views_viewed_at_idx').on(t.viewedAt),
  ],
)

/** Single-use recovery codes of two-factor sign-in: only their SHA-256, a used one is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
)

/**
 * An account's audit trail: every change to how it signs in (two-factor sign-in, the password, the
 * e-mail address), by its owner or by the shop (`actor`), kept beside the notice mailed about it;
 * and every change to its place on the team (its role, deactivation), made by a member (issue 35).
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A SecurityChange (modules/accounts/security-notices.ts). */
    kind: text('kind').notNull(),
    /**
     * 'owner' (the account's own session or reset link), what acted for the shop
     * ('admin:reset-two-factor'), or the username of the member of the team who acted.
     */
    actor: text('actor').notNull(),
    /** The acting member's role at the time, when a member of the team acted. */
    actorRole: text('actor_role'),
    /** What changed, in words, where the kind alone does not say ("packer → manager"). */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
)

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
)

export interface SessionData {
  userId?: number
  /** The role an Owner is looking at the back office through, read-only (issue 35). */
  viewAs?: string
  /**
   * The gift cards applied to the cart (issue 36), by id in the order applied: checkout reads them
   * from the session it loads anyway, so an order without them costs no query. Never their codes.
   */
  giftCardIds?: number[]
}

/** Outgoing mail, written in the same transaction as what caused it and sent by a worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    // Either the message itself, or what the worker renders it from when it sends it (an order
    // e-mail holds { orderId } and is written from the order as it then stands).
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    payload: jsonb('payload'),
    // Where answers go (an inquiry notice replies to the shopper) and extra headers
    // (List-Unsubscribe on newsletter mail).
    replyTo: text('reply_to'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Issue 38: 0 is the shop's own mail (orders, accounts), always claimed first; 1 is campaign
    // mail, claimed after it and at MAIL_RATE_PER_MINUTE. A campaign's row names its campaign, once
    // per address (the unique index below: a batch queued twice adds nobody twice).
    priority: integer('priority').notNull().default(0),
    campaignId: integer('campaign_id').references(() => campaigns.id),
    // When a worker last claimed the row, by its clock: the pace counts the claims of the last minute.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    // skipped: a campaign message whose reader unsubscribed after it was queued.
    check('email_outbox_status_check', inList('status', ['pending', 'sent', 'failed', 'skipped'])),
    check(
      'email_outbox_content_check',
      sql`payload is not null or (subject is not null and text_body is not null)`,
    ),
    // Every order writes its e-mails here, so each index is a cost on checkout's path: the claim's
    // index holds only pending rows (a sent row leaves it), and the pace's and the campaigns' skip
    // the rows they never read (a row not yet claimed; the shop's own mail).
    index('email_outbox_pending_due_idx').on(t.priority, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_claimed_idx').on(t.claimedAt).where(sql`${t.claimedAt} is not null`),
    uniqueIndex('email_outbox_campaign_address_idx')
      .on(t.campaignId, t.toAddress)
      .where(sql`${t.campaignId} is not null`),
  ],
)

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/**
 * The owner's settings, one row a concern (`feeds`, later `tax`), each value checked by its zod
 * schema in src/shared/settings.ts when read and written: settings live with the data, not in
 * the environment, so the back office can change them and every instance reads the same.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/**
 * A catalogue import (issue 37) from its dry run to its report. The rows the dry run accepted
 * wait here, already parsed, until the owner confirms; the job then works through them and keeps
 * its progress here, so any instance can answer how far it is and a killed one's import resumes.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: text('id').primaryKey(),
    format: text('format').notNull(),
    status: text('status').notNull().default('pending'),
    /** The shop's address when the file came: its own picture URLs are read back as its paths. */
    origin: text('origin').notNull(),
    /** The ZIP of pictures sent beside the CSV, read only by the job. */
    images: bytea('images'),
    unmappedCategories: jsonb('unmapped_categories').$type<string[]>().notNull().default([]),
    categoryMap: jsonb('category_map').$type<Record<string, string>>().notNull().default({}),
    /** The dry run's problems and then the job's, each with its line and column. */
    errors: jsonb('errors').notNull().default([]),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    imagesFetched: integer('images_fetched').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The running job's last sign of life: a stale one is taken over (a killed instance). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('product_imports_format_check', inList('format', IMPORT_FORMATS)),
    check('product_imports_status_check', inList('status', IMPORT_STATUSES)),
  ],
)

/**
 * An import's rows to write (modules/catalog-import/staged-rows.ts), one record each: the dry run
 * writes them in batches as it reads the file and the job reads them back a page at a time, in
 * file order (`line`), so neither holds a whole file's rows.
 */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    row: jsonb('row').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
)

/**
 * What each picture an import brought in was stored as, by where it came from: its URL, or the
 * SHA-256 of a ZIP entry's bytes. A re-import of the same file then knows a piece's pictures
 * without fetching or decoding them again, and its preview can say the piece is unchanged.
 */
export const importedPictures = pgTable(
  'imported_pictures',
  {
    source: text('source').notNull(),
    /** One source may be stored more than once (two pieces sharing a picture): each is kept. */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.source, table.url] })],
)

/**
 * The ZIP-level sales-tax rate tables the owner uploads (issue 34), one per state and version. A
 * table is a preview until applied; among a state's applied tables, the one in force on a day is
 * the newest whose effective date has come, so an order is taxed by the table of its day.
 */
export const taxRateTables = pgTable(
  'tax_rate_tables',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull().default('preview'),
    fileName: text('file_name'),
    rowCount: integer('row_count').notNull(),
    /** The preview's counts against the table in force on its effective date. */
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    removed: integer('removed').notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    check('tax_rate_tables_status_check', inList('status', ['preview', 'applied'])),
    uniqueIndex('tax_rate_tables_state_version_key').on(t.state, t.version),
    index('tax_rate_tables_in_force_idx').on(t.state, t.effectiveFrom).where(sql`${t.status} = 'applied'`),
  ],
)

/** A table's rows, rates in millionths (0.0625 → 62500) so a tax is integer arithmetic. */
export const taxRates = pgTable(
  'tax_rates',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => taxRateTables.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    regionName: text('region_name').notNull(),
    stateRate: integer('state_rate').notNull(),
    countyRate: integer('county_rate').notNull(),
    cityRate: integer('city_rate').notNull(),
    specialRate: integer('special_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.zipCode] })],
)

/**
 * A buyer's resale or exemption certificate (issue 34): their orders into its state carry no tax
 * while it is valid; an expired certificate no longer exempts. One certificate an account.
 */
export const taxExemptions = pgTable('tax_exemptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  certificateNumber: text('certificate_number').notNull(),
  state: text('state').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  /**
   * The scanned certificate's key in the file store, below its private prefix
   * (`private/tax-certificates/<name>`, never served under /uploads/), when the owner attached one.
   */
  fileKey: text('file_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export { campaigns, giftCardPurchases, giftCards, giftCardTransactions, roles, staffInvitations }
