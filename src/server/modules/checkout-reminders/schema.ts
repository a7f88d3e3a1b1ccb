// The unfinished-checkout reminders and their recipients.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, inList } from '../../db/columns'
import { users } from '../accounts/schema'

/** Whether a reminder went out for an unfinished checkout, or why not. */
export const REMINDER_OUTCOMES = [
  'sent',
  'no-address',
  'ordered',
  'superseded',
  'sold',
  'unsubscribed',
  'recent',
] as const

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
    outcome: text('outcome', { enum: REMINDER_OUTCOMES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('checkout_reminders_outcome_check', inList('outcome', REMINDER_OUTCOMES)),
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
