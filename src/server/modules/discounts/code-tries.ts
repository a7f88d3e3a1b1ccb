import type { OrderLine } from '../../../shared/checkout/schema'
import { CODE_TRIES, tooManyCodeTries } from '../../../shared/discounts/schema'
import type { DbOrTx } from '../../db/client'
import { rateLimited } from '../../errors'
import type { AttemptCounters } from '../../limits/attempt-counters'
import { clientHolder } from '../checkout/holders'
import { codeProblem, findCode } from './service'

// Discount codes could be guessed at 221 a second (issue 31: a 110-word dictionary found one).
// Every try is counted per client address (an IPv6 client by its /64, as checkout's holders are)
// and per session, in the shared counters; a try whose code was right is taken back, so only
// wrong codes add up. Over CODE_TRIES.max in the window every try is refused with a 429 naming
// when to try again, a right code too: otherwise the 429 itself would tell a guesser which of its
// tries was right. The window is fixed, so refused tries never stretch it.

/** Where a try comes from. */
export interface CodeTryOrigin {
  address: string | undefined
  sessionId: string | undefined
}

/**
 * A kind of code counted this way: its counters' key prefix and the 429's words. Gift-card codes
 * (issue 36) are counted the same way under their own prefix.
 */
export interface CodeTryKind {
  prefix: string
  tooMany: (retryAfterMs: number) => string
}

const DISCOUNT_CODES: CodeTryKind = { prefix: 'code-try', tooMany: tooManyCodeTries }

function keysOf(origin: CodeTryOrigin, prefix: string): string[] {
  const holder = clientHolder(origin.address)
  return [
    ...(holder ? [`${prefix}:${holder}`] : []),
    ...(origin.sessionId ? [`${prefix}:session:${origin.sessionId}`] : []),
  ]
}

/**
 * Tries a discount code: counts the try, refuses it when its address or session is over the
 * limit, runs `attempt`, and takes the try back when the code proved right. `codeWasRight` says,
 * after an attempt that failed, whether the code itself was fine (checkout can fail for a sold
 * piece); without it a failed attempt counts. No counters (limits off in tests): just runs it.
 */
export function tryCode<T>(
  counters: AttemptCounters | undefined,
  origin: CodeTryOrigin,
  attempt: () => Promise<T>,
  codeWasRight?: () => Promise<boolean>,
): Promise<T> {
  return tryCodeOf(DISCOUNT_CODES, counters, origin, attempt, codeWasRight)
}

/** `tryCode` for any kind of code. */
export async function tryCodeOf<T>(
  kind: CodeTryKind,
  counters: AttemptCounters | undefined,
  origin: CodeTryOrigin,
  attempt: () => Promise<T>,
  codeWasRight?: () => Promise<boolean>,
): Promise<T> {
  const keys = counters ? keysOf(origin, kind.prefix) : []
  if (!counters || keys.length === 0) return attempt()
  const counts = await Promise.all(keys.map((key) => counters.count(key, CODE_TRIES.windowMs)))
  const over = counts.filter(({ count }) => count > CODE_TRIES.max)
  if (over.length > 0) {
    const retryAfterMs = Math.max(...over.map(({ ttlMs }) => ttlMs))
    throw rateLimited(kind.tooMany(retryAfterMs), Math.ceil(retryAfterMs / 1000))
  }
  let result: T
  try {
    result = await attempt()
  } catch (error) {
    if (codeWasRight && (await codeWasRight())) await counters.forgive(keys)
    throw error
  }
  await counters.forgive(keys)
  return result
}

/** Whether a code can be used on these lines now: the code of a checkout that failed was right. */
export async function isUsableCode(db: DbOrTx, code: string, lines: OrderLine[]): Promise<boolean> {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0)
  return !codeProblem(await findCode(db, code), subtotal)
}
