import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import type { Sweep } from '../../jobs/sweeps'
import { REMINDER_GAP_HOURS } from './reminder-job'
import { reminderRecipients } from './schema'

/**
 * Takes an address off the unfinished-checkout reminders for good (the one-click link, or the
 * page's button). Doing it twice is harmless; an address never reminded can opt out ahead.
 */
export async function unsubscribeFromReminders(db: DbOrTx, email: string): Promise<void> {
  await db
    .insert(reminderRecipients)
    .values({ email, unsubscribedAt: sql`now()` })
    .onConflictDoUpdate({
      target: reminderRecipients.email,
      set: { unsubscribedAt: sql`coalesce(${reminderRecipients.unsubscribedAt}, now())` },
    })
}

/**
 * How long the record of a judged checkout is kept: well past the REMINDER_WINDOW_HOURS in which
 * the same checkout could come up again, then it goes (it names an address).
 */
export const REMINDER_RECORD_DAYS = 7

const rowCount = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  )

/** The data sweeps of the reminders' own records (the hourly round). */
export const reminderRecordSweeps: Sweep[] = [
  {
    name: 'checkout reminder records',
    run: async (db, now, limit) => {
      const before = new Date(now.getTime() - REMINDER_RECORD_DAYS * 24 * 60 * 60_000)
      return rowCount(
        await db.execute(sql`delete from checkout_reminders where id in (
          select id from checkout_reminders where created_at < ${before} limit ${limit})`),
      )
    },
  },
  {
    // An address that did not unsubscribe is kept only to space its reminders a day apart.
    name: 'reminded addresses',
    run: async (db, now, limit) =>
      rowCount(
        await db.execute(sql`delete from reminder_recipients where email in (
          select email from reminder_recipients
          where unsubscribed_at is null
            and (last_reminded_at is null or last_reminded_at < ${new Date(now.getTime() - REMINDER_GAP_HOURS * 60 * 60_000)})
          limit ${limit})`),
      ),
  },
]
