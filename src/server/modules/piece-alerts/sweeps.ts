import { sql } from 'drizzle-orm'
import { type Sweep, UNCONFIRMED_SUBSCRIPTION_AGE_MS } from '../../jobs/sweeps'
import { PIECE_ALERT_RETENTION_MS } from './job'

// What the shop forgets of the wishes, in the hourly data sweeps (plugins/jobs.ts): an address
// nobody confirmed goes after a week, as the newsletter's does; a confirmed one a year after it
// last asked (asking again, or opening a new confirmation link, starts the year again); the record
// of what was sent, and when pieces came on sale, after a year too, when they no longer matter.

const deleted = (result: unknown) => {
  const counts = result as { rowCount?: number; affectedRows?: number }
  return Number(counts.rowCount ?? counts.affectedRows ?? 0)
}

const before = (now: Date, ageMs: number) => new Date(now.getTime() - ageMs)

export const PIECE_ALERT_SWEEPS: Sweep[] = [
  {
    name: 'unconfirmed piece alerts',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from piece_alerts where id in (
          select id from piece_alerts
          where confirmed_at is null and created_at < ${before(now, UNCONFIRMED_SUBSCRIPTION_AGE_MS)}
          limit ${limit})`),
      ),
  },
  {
    name: 'piece alerts a year old',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from piece_alerts where id in (
          select id from piece_alerts where requested_at < ${before(now, PIECE_ALERT_RETENTION_MS)}
          limit ${limit})`),
      ),
  },
  {
    name: 'piece alert sends a year old',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from piece_alert_sends where (email, product_id) in (
          select email, product_id from piece_alert_sends where sent_at < ${before(now, PIECE_ALERT_RETENTION_MS)}
          limit ${limit})`),
      ),
  },
  {
    name: 'piece arrivals a year old',
    run: async (db, now, limit) =>
      deleted(
        await db.execute(sql`delete from piece_arrivals where product_id in (
          select product_id from piece_arrivals where arrived_at < ${before(now, PIECE_ALERT_RETENTION_MS)}
          limit ${limit})`),
      ),
  },
]
