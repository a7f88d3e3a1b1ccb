import type { AttemptCounters } from '../../lib/attempt-counters'

/**
 * Wrong two-factor codes are counted per account on their own, apart from wrong passwords: a code
 * is tried only after the right password, so whoever is guessing codes already has the password.
 * After `max` wrong codes in the window the code step of that account waits `waitMs` (from the
 * last of them), whatever address or browser asks, and the owner is told. A right code takes
 * back its own attempt; a right password alone proves nothing more.
 */
export const TWO_FACTOR_CODES_PER_ACCOUNT = { max: 5, windowMs: 15 * 60_000 }
export const TWO_FACTOR_WAIT_MS = 15 * 60_000
export const TWO_FACTOR_WAIT_MESSAGE =
  'Too many wrong codes for this account. Please try again in 15 minutes.'

const codesKey = (userId: number) => `two-factor-codes:${userId}`
const waitKey = (userId: number) => `two-factor-wait:${userId}`

export type CodeAttempt = { refused: true } | { refused: false; count: number }

/**
 * Before a code is tried: refused while the account waits, else the attempt is counted up front
 * (so simultaneous guesses cannot all slip under the limit) and its number answered.
 */
export async function countCodeAttempt(counters: AttemptCounters, userId: number): Promise<CodeAttempt> {
  // The wait is a window whose count is 1 while it holds: seen through a count taken back at once.
  const wait = await counters.count(waitKey(userId), TWO_FACTOR_WAIT_MS)
  if (wait.count > 1) return { refused: true }
  await counters.forgive([waitKey(userId)])
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
 * The code was wrong. When it was the last one allowed, the account's code step starts its wait
 * (a fresh window holding one count) and this answers true, exactly once: the owner is told.
 */
export async function startWaitIfLast(
  counters: AttemptCounters,
  userId: number,
  attempt: number,
): Promise<boolean> {
  if (attempt !== TWO_FACTOR_CODES_PER_ACCOUNT.max) return false
  await counters.clear([waitKey(userId)], [])
  await counters.count(waitKey(userId), TWO_FACTOR_WAIT_MS)
  return true
}
