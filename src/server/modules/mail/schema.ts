// The outbox of outgoing mail.
import { sql } from 'drizzle-orm'
import {
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
import { createdAt, inList } from '../../db/columns'
import { campaigns } from '../campaigns/schema'

/** Where an outbox message stands: waiting (or retrying), sent, given up, or skipped on purpose. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const

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
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
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
    check('email_outbox_status_check', inList('status', OUTBOX_STATUSES)),
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
