import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { CAMPAIGN_STATUSES } from '../../../shared/campaigns/rules'
import { inList } from '../../db/columns'

// Newsletter campaigns (issue 38). Each recipient's message is a row of email_outbox (mail/schema.ts)
// carrying the campaign's id, unique per (campaign, address): the outbox worker sends it like any
// other mail, after the shop's own mail and at MAIL_RATE_PER_MINUTE. The journal story is kept as
// a plain id, without a foreign key to blog_posts (as before the tables had a file per module).

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    previewText: text('preview_text'),
    /** Markdown, rendered with the journal's sanitiser when each message is written. */
    body: text('body').notNull(),
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
    journalPostId: integer('journal_post_id'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the last recipient was queued: then only the outbox's rows are left to finish. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Queueing goes through the subscribers by id; this is the last id a committed batch took. */
    lastSubscriberId: integer('last_subscriber_id').notNull().default(0),
    recipients: integer('recipients').notNull().default(0),
    /** Readers who unsubscribed with one of this campaign's links. */
    unsubscribed: integer('unsubscribed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('campaigns_status_check', inList('status', CAMPAIGN_STATUSES)),
    check('campaigns_products_check', sql`cardinality(${t.productIds}) <= 6`),
    index('campaigns_due_idx').on(t.status, t.sendAt),
  ],
)
