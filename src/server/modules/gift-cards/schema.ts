import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { GIFT_CARD_PURCHASE_STATUSES, PURCHASE_PAYMENT_METHODS } from '../../../shared/gift-cards/purchase'
import {
  GIFT_CARD_AMOUNTS,
  GIFT_CARD_SOURCES,
  GIFT_CARD_TRANSACTION_KINDS,
} from '../../../shared/gift-cards/rules'
import { inList } from '../../db/columns'

// Gift cards and store credit on one ledger (issue 36). A card's balance is the money the shop
// owes its holder; every change to it is a row of gift_card_transactions, written in the same
// transaction, so the history always adds up to the balance. Money in cents, as everywhere.
//
// Who (users) and which order are kept as plain ids, without foreign keys, as staff_invitations
// keeps its inviter (from when this file could not import the tables of db/schema.ts back).

export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the normalised code (gift-cards/codes.ts); the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    initialAmount: integer('initial_amount').notNull(),
    balance: integer('balance').notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    recipientName: text('recipient_name'),
    /** Normalised (shared/accounts/identity.ts). */
    recipientEmail: text('recipient_email'),
    message: text('message'),
    senderName: text('sender_name'),
    /** The account that bought it, or whose store credit it is. */
    customerId: integer('customer_id'),
    source: text('source', { enum: GIFT_CARD_SOURCES }).notNull(),
    reason: text('reason'),
    issuedById: integer('issued_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_hash_key').on(t.codeHash),
    check('gift_cards_balance_check', sql`${t.balance} >= 0`),
    check('gift_cards_initial_amount_check', sql`${t.initialAmount} >= 0`),
    check('gift_cards_source_check', inList('source', GIFT_CARD_SOURCES)),
    index('gift_cards_created_idx').on(t.createdAt),
    index('gift_cards_customer_idx').on(t.customerId),
  ],
)

export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    kind: text('kind', { enum: GIFT_CARD_TRANSACTION_KINDS }).notNull(),
    /** Signed cents: an issue or refund adds, a debit takes away; 0 for disable, enable, reissue. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: integer('order_id'),
    reason: text('reason'),
    /** Who did it, by id and by name as it was then, and their role then (as order_events). */
    actorId: integer('actor_id'),
    actor: text('actor'),
    actorRole: text('actor_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_card_transactions_kind_check', inList('kind', GIFT_CARD_TRANSACTION_KINDS)),
    check('gift_card_transactions_balance_after_check', sql`${t.balanceAfter} >= 0`),
    index('gift_card_transactions_card_idx').on(t.giftCardId, t.createdAt),
    index('gift_card_transactions_order_idx').on(t.orderId),
  ],
)

/**
 * A gift card bought on the storefront (issue 36), from the form until the recipient has it. The
 * card itself (gift_cards, source 'purchased') is created in the transaction that records the
 * payment; `delivered_at` is set in the transaction that queues the recipient's e-mail, on the
 * delivery date (a day on the shop's calendar). Selling a card is not a sale: no order, no sale
 * rows; what the shop owes is the card's balance.
 */
export const giftCardPurchases = pgTable(
  'gift_card_purchases',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: GIFT_CARD_PURCHASE_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: PURCHASE_PAYMENT_METHODS }).notNull(),
    amount: integer('amount').notNull(),
    recipientName: text('recipient_name').notNull(),
    /** Normalised (shared/accounts/identity.ts). */
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** 'YYYY-MM-DD' on the shop's calendar. */
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    /** The card payment's intent; only this purchase is paid by it. */
    paymentIntentId: text('payment_intent_id'),
    /** The browser session that started it: only it completes the card payment from the browser. */
    sessionId: text('session_id'),
    userId: integer('user_id'),
    giftCardId: integer('gift_card_id').references(() => giftCards.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who recorded the Zelle payment. */
    recordedById: integer('recorded_by_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When an unpaid purchase was cancelled, expired or abandoned. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The member who cancelled it, with their role then (null when a job ended it). */
    endedById: integer('ended_by_id'),
    endedBy: text('ended_by'),
    endedByRole: text('ended_by_role'),
    /** When the card payment was last looked up at the provider by the reconciliation. */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_card_purchases_intent_key').on(t.paymentIntentId),
    uniqueIndex('gift_card_purchases_card_key').on(t.giftCardId),
    check('gift_card_purchases_status_check', inList('status', GIFT_CARD_PURCHASE_STATUSES)),
    check('gift_card_purchases_method_check', inList('payment_method', PURCHASE_PAYMENT_METHODS)),
    check(
      'gift_card_purchases_amount_check',
      sql.raw(`amount between ${GIFT_CARD_AMOUNTS.soldMin} and ${GIFT_CARD_AMOUNTS.max}`),
    ),
    // The delivery worker's queue: paid, not yet delivered, by date.
    index('gift_card_purchases_due_idx')
      .on(t.deliveryDate)
      .where(sql`${t.status} = 'paid' and ${t.deliveredAt} is null`),
    index('gift_card_purchases_status_idx').on(t.status, t.createdAt),
  ],
)
