import { and, eq, gt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import type { AttemptCounters } from '../../limits/attempt-counters'
import { users } from './schema'
import type { SecretBox } from './secret-box'
import { type MailLinks, recordSecurityChange } from './security-notices'
import type { SignInAccount } from './sign-in'
import { redeemSecondFactor } from './two-factor'

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
async function countCodeAttempt(db: DbOrTx, counters: AttemptCounters, userId: number): Promise<CodeAttempt> {
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
async function forgiveCodeAttempt(counters: AttemptCounters, userId: number): Promise<void> {
  await counters.forgive([codesKey(userId)])
}

/**
 * The code was wrong. When it was the last one the window allows, the account's code step waits
 * from now on; answers true (once: only one attempt is the last), so the owner is told.
 */
async function startWaitIfLast(db: DbOrTx, userId: number, attempt: number): Promise<boolean> {
  if (attempt !== TWO_FACTOR_CODES_PER_ACCOUNT.max) return false
  await db
    .update(users)
    .set({ twoFactorWaitUntil: sql`now() + make_interval(secs => ${TWO_FACTOR_WAIT_MS / 1000})` })
    .where(eq(users.id, userId))
  return true
}

/**
 * The code step of a sign-in whose password was right: 'right', 'wrong' (counted; the failure
 * that fills the window starts the wait, records it and tells the owner), or 'waiting' (refused,
 * not tried). `limit` is undefined where limits are off (tests that are not about them).
 */
export async function tryTwoFactorCode(
  db: DbOrTx,
  box: SecretBox,
  limit: AttemptCounters | undefined,
  account: Pick<SignInAccount, 'id' | 'email' | 'twoFactorSecret' | 'twoFactorLastStep'>,
  code: string,
  links: MailLinks,
): Promise<'right' | 'wrong' | 'waiting'> {
  const attempt = limit ? await countCodeAttempt(db, limit, account.id) : undefined
  if (attempt?.refused) return 'waiting'
  if (await redeemSecondFactor(db, box, account, code)) {
    if (limit) await forgiveCodeAttempt(limit, account.id)
    return 'right'
  }
  if (attempt && (await startWaitIfLast(db, account.id, attempt.count)))
    await recordSecurityChange(
      db,
      { id: account.id, addresses: [account.email] },
      'two-factor-wait',
      links,
      'sign-in',
    )
  return 'wrong'
}
