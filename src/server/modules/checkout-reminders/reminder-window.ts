import { type SQL, sql } from 'drizzle-orm'

// When a checkout is due its reminder, in one place for the reminder job and the data sweep that
// deletes abandoned checkout attempts: the sweep keeps an attempt the job has yet to look at.

const HOUR_MS = 60 * 60_000

/**
 * How late a reminder may still go out (an instance that was down catches up within it). A
 * reminder a day past its time is no longer a reminder: the checkout is left alone.
 */
export const REMINDER_WINDOW_HOURS = 24

/** Checkouts started (or carts last changed) in (oldest, due] are due a reminder at `now`. */
export function reminderWindow(hours: number, now: Date): { due: Date; oldest: Date } {
  return {
    due: new Date(now.getTime() - hours * HOUR_MS),
    oldest: new Date(now.getTime() - (hours + REMINDER_WINDOW_HOURS) * HOUR_MS),
  }
}

export const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

/**
 * Over `checkout_attempts a`: an attempt that may still be reminded, and has not been looked at
 * by the reminder job yet (the job records every attempt it judges, sent or not). Never true with
 * reminders off (`hours` 0).
 */
export function awaitsReminder(hours: number, now: Date): SQL {
  if (hours <= 0) return sql`false`
  const { oldest } = reminderWindow(hours, now)
  return sql`(a.status = 'pending' and a.order_id is null and a.created_at > ${timestamp(oldest)}
    and not exists (select from checkout_reminders r where r.attempt_id = a.id))`
}
