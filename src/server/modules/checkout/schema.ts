// Checkout: card checkout attempts and the holders of unpaid orders.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { createdAt, inList, updatedAt } from '../../db/columns'
import { users } from '../accounts/schema'
import { orders } from '../orders/schema'

/** A card checkout's attempt: waiting on the provider, made into an order, paid back, or failed. */
export const CHECKOUT_ATTEMPT_STATUSES = ['pending', 'completed', 'refunded', 'failed'] as const

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
    status: text('status', { enum: CHECKOUT_ATTEMPT_STATUSES }).notNull().default('pending'),
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
    check('checkout_attempts_status_check', inList('status', CHECKOUT_ATTEMPT_STATUSES)),
    // The attempts still open (no order yet): few at any time, looked up by the data sweeps.
    index('checkout_attempts_open_idx').on(t.sessionId).where(sql`${t.orderId} is null`),
    // The same by age, for the unfinished-checkout reminders (modules/checkout-reminders).
    index('checkout_attempts_open_created_idx').on(t.createdAt).where(sql`${t.orderId} is null`),
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
