import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { GIFT_CARD_SOURCES, GIFT_CARD_TRANSACTION_KINDS } from '../../../shared/gift-cards/rules'

// Gift cards and store credit on one ledger (issue 36). A card's balance is the money the shop
// owes its holder; every change to it is a row of gift_card_transactions, written in the same
// transaction, so the history always adds up to the balance. Money in cents, as everywhere.
//
// Who (users) and which order are kept as plain ids, as staff_invitations keeps its inviter: this
// file is re-exported by db/schema.ts and cannot import its tables back.

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)

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
    /** Normalised (shared/identity.ts). */
    recipientEmail: text('recipient_email'),
    message: text('message'),
    senderName: text('sender_name'),
    /** The account that bought it, or whose store credit it is. */
    customerId: integer('customer_id'),
    source: text('source').notNull(),
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
    kind: text('kind').notNull(),
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
