// Piece alerts: the wishes, the pieces that arrived and who was told about which.
import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { users } from '../accounts/schema'
import { products } from '../catalog/schema'

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
