// The newsletter's subscribers.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

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
