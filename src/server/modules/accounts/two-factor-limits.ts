import { and, eq, gt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { users } from '../../db/schema'
import type { AttemptCounters } from '../../lib/attempt-counters'

/**
 * Wrong two-factor codes are counted per account on their own, apart from wrong passwords: a code
 * is tried only after the right password, so whoever is guessing codes already has the password.
 * After `max` wrong codes in the window the code step of that account waits TWO_FACTOR_WAIT_MS
 * from the last of them, whatever address or browser asks, and the owner is told. A right code
 * takes back its own attempt; a right password alone proves nothing more.
 *
 * The count is an attempt counter taken up front (simultaneous guesses cannot all slip under it);
 * the wait is a time on the account's row (`two_factor_wait_until`), set once by the failure that
 * fills the window: the counters can count, not be read, and the wait must outlast the window.
 */
export const TWO_FACTOR_CODES_PER_ACCOUNT = { max: 5, windowMs: 15 * 60_000 }
export const TWO_FACTOR_WAIT_MS = 15 * 60_000
export const TWO_FACTOR_WAIT_MESSAGE =
  'Too many wrong codes for this account. Please try again in 15 minutes.'

const codesKey = (userId: number) => `two-factor-codes:${userId}`

export type CodeAttempt = { refused: true } | { refused: false; count: number }

/** Before a code is tried: refused while the account waits or its window is full, else counted. */
export async function countCodeAttempt(
  db: DbOrTx,
  counters: AttemptCounters,
  userId: number,
): Promise<CodeAttempt> {
  const [waiting] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.twoFactorWaitUntil, sql`now()`)))
  if (waiting) return { refused: true }
  const { max, windowMs } = TWO_FACTOR_CODES_PER_ACCOUNT
  const attempt = await counters.count(codesKey(userId), windowMs)
  if (attempt.count > max) {
    // Refused attempts count toward nothing.
    await counters.forgive([codesKey(userId)])
    return { refused: true }
  }
  return { refused: false, count: attempt.count }
}

/** The code was right: its attempt is taken back. */
export async function forgiveCodeAttempt(counters: AttemptCounters, userId: number): Promise<void> {
  await counters.forgive([codesKey(userId)])
}

/**
 * The code was wrong. When it was the last one the window allows, the account's code step waits
 * from now on; answers true (once: only one attempt is the last), so the owner is told.
 */
export async function startWaitIfLast(db: DbOrTx, userId: number, attempt: number): Promise<boolean> {
  if (attempt !== TWO_FACTOR_CODES_PER_ACCOUNT.max) return false
  await db
    .update(users)
    .set({ twoFactorWaitUntil: sql`now() + make_interval(secs => ${TWO_FACTOR_WAIT_MS / 1000})` })
    .where(eq(users.id, userId))
  return true
}
