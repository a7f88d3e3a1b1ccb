import { rateLimited } from '../../errors'
import type { AttemptCounters } from '../../limits/attempt-counters'
import { verifyPassword } from './passwords'

/**
 * A signed-in user confirming their password (a new e-mail address, a password change, turning
 * two-factor sign-in off) is a guess like a sign-in when the session is borrowed: the failures of
 * one account are counted, and past the limit every such check is refused for a while. Counted up
 * front, forgotten when right; a refused check counts toward nothing.
 */
export const PASSWORD_CHECKS_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 }
export const PASSWORD_CHECKS_LOCKED_MESSAGE = 'Too many incorrect attempts. Please try again in 15 minutes.'

const checkKey = (userId: number) => `password-check:${userId}`

/** Counts failed confirmations; `undefined` where limits are off (tests that are not about them). */
export type ConfirmationLimit = AttemptCounters | undefined

/**
 * Runs `check` (the password, and a second factor where one is needed) under the account's limit:
 * throws 429 once the limit is reached, answers whether `check` passed.
 */
export async function confirmUnderLimit(
  limit: ConfirmationLimit,
  userId: number,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const key = checkKey(userId)
  const { max, windowMs } = PASSWORD_CHECKS_PER_ACCOUNT
  if (limit && !(await limit.countBelow(key, windowMs, max)))
    throw rateLimited(PASSWORD_CHECKS_LOCKED_MESSAGE)
  const passed = await check()
  // The right password proves the owner: their earlier slips are forgotten.
  if (passed && limit) await limit.clear([key], [])
  return passed
}

/** The user's own password, under the account's limit. */
export function confirmPassword(
  limit: ConfirmationLimit,
  user: { id: number; password: string },
  password: string,
): Promise<boolean> {
  return confirmUnderLimit(limit, user.id, () => verifyPassword(user.password, password))
}
