import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { SESSION_TTL_MS } from '../modules/accounts/session-service'
import { awaitsReminder } from '../modules/checkout-reminders/reminder-window'
import { VIEW_WINDOW_MS } from '../modules/journal/view-counter'

// What a shop running for years must not keep: each sweep deletes one kind of litter, a batch at
// a time (a long-neglected table is cleared over several short statements, never one long lock).
// Every sweep takes `now` from its caller, so a test can age rows with a fixed clock.

export const SWEEP_BATCH = 5000

/** A guest session holding nothing this long after it was made is litter (refused requests make them). */
export const EMPTY_GUEST_SESSION_AGE_MS = 24 * 60 * 60_000
/** A checkout attempt that never became an order is kept this long (a late webhook still finds it). */
export const ABANDONED_ATTEMPT_AGE_MS = 24 * 60 * 60_000

/** A newsletter address nobody confirmed in a week was typed by someone else, or forgotten. */
export const UNCONFIRMED_SUBSCRIPTION_AGE_MS = 7 * 24 * 60 * 60_000

export interface Sweep {
  name: string
  /**
   * Handles at most `limit` rows; answers how many. The runner calls it inside a transaction of
   * its own (one per batch), so what it writes lands together or not at all.
   */
  run(db: DbOrTx, now: Date, limit: number): Promise<number>
  /** Called once the batch has committed, with its count (to tell caches what changed). */
  afterCommit?(count: number): void
}

const deleted = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  )

export interface SweepSettings {
  /**
   * ABANDONED_CHECKOUT_HOURS: an abandoned checkout attempt is kept past its day until the
   * reminder job has seen it (0: reminders off, nothing is kept for them).
   */
  checkoutReminderHours: number
}

/** Every data sweep, for a shop with these settings. */
export const dataSweeps = ({ checkoutReminderHours }: SweepSettings): Sweep[] => [
  {
    name: 'expired sessions',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from sessions where sid in (
          select sid from sessions where expire <= ${now} limit ${limit})`),
      ),
  },
  {
    // A session's expiry is set to now + TTL when it is made (and renewed only once half spent),
    // so "expire earlier than now + TTL - age" means "made (or renewed) longer ago than age".
    name: 'empty guest sessions',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from sessions where sid in (
          select s.sid from sessions s
          where s.sess->>'userId' is null
            and s.expire < ${new Date(now.getTime() + SESSION_TTL_MS - EMPTY_GUEST_SESSION_AGE_MS)}
            and not exists (select 1 from cart_items c where c.session_id = s.sid)
            and not exists (select 1 from checkout_attempts a where a.session_id = s.sid and a.order_id is null
              and a.status = 'pending')
          limit ${limit})`),
      ),
  },
  {
    name: 'stale rate-limit counters',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from rate_limits where key in (
          select key from rate_limits where reset_at <= ${now} limit ${limit})`),
      ),
  },
  {
    // Only an attempt the checkout reconciliation marked failed goes (checkout/reconcile.ts): the
    // provider said its payment was cancelled or never made. A pending one may hold a payment
    // whose browser and webhook never came, and is asked about first. Refunded attempts stay: they
    // are the record of money sent back. One still awaiting its unfinished-checkout reminder
    // (ABANDONED_CHECKOUT_HOURS may be more than a day) stays until the reminder job has judged
    // it, or its time to be reminded has passed.
    name: 'abandoned checkout attempts',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from checkout_attempts where id in (
          select id from checkout_attempts a
          where order_id is null and status = 'failed'
            and created_at < ${new Date(now.getTime() - ABANDONED_ATTEMPT_AGE_MS)}
            and not ${awaitsReminder(checkoutReminderHours, now)}
          limit ${limit})`),
      ),
  },
  {
    name: 'cart lines of sessions gone',
    run: async (db, _now, limit) =>
      deleted(
        await db.execute(sql`delete from cart_items where id in (
          select c.id from cart_items c
          where not exists (select 1 from sessions s where s.sid = c.session_id)
          limit ${limit})`),
      ),
  },
  {
    name: 'cart discount codes of sessions gone',
    run: async (db, _now, limit) =>
      deleted(
        await db.execute(sql`delete from cart_discounts where session_id in (
          select d.session_id from cart_discounts d
          where not exists (select 1 from sessions s where s.sid = d.session_id)
          limit ${limit})`),
      ),
  },
  {
    // Double opt-in: an address is kept unconfirmed only as long as its link is worth opening.
    name: 'unconfirmed newsletter addresses',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from newsletters where id in (
          select id from newsletters
          where confirmed_at is null and created_at < ${new Date(now.getTime() - UNCONFIRMED_SUBSCRIPTION_AGE_MS)}
          limit ${limit})`),
      ),
  },
  {
    // A reader counts once per post a day (modules/journal/view-counter.ts): older marks go.
    name: 'journal view marks',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from blog_post_views where (post_id, visitor) in (
          select post_id, visitor from blog_post_views
          where viewed_at < ${new Date(now.getTime() - VIEW_WINDOW_MS)}
          limit ${limit})`),
      ),
  },
]

/** The sweeps of a shop that sends no unfinished-checkout reminders (ABANDONED_CHECKOUT_HOURS=0). */
export const SWEEPS: Sweep[] = dataSweeps({ checkoutReminderHours: 0 })
