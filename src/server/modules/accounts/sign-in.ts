import { normalizeIdentity } from '../../../shared/accounts/identity'
import type { DbOrTx } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import type { AttemptCounters } from '../../limits/attempt-counters'
import { countAttemptBelowSql } from '../../limits/attempt-limit'
import type { PublicFields } from './service'
import type { UserRow } from './session-service'

/**
 * Guesses at one account, besides the login route's per-address rate limit (RATE_LIMITS.login),
 * after OWASP's "device cookies" advice:
 * - a browser that signed in to the account before (a valid device cookie) counts its failures
 *   on that device alone: failures made elsewhere never lock it out;
 * - any other browser counts per (username, client address), so a stranger guessing at the
 *   owner's name locks out only their own address, and under a ceiling per username across every
 *   such browser, which stops a guesser with many addresses (a password reset lifts it).
 * An attempt refused by a limit counts toward nothing, so a guesser who keeps trying never
 * stretches a lockout nor fills the ceiling.
 */
export const LOGIN_ATTEMPTS_PER_USERNAME = { max: 5, windowMs: 15 * 60_000 }
export const LOGIN_ATTEMPTS_PER_DEVICE = { max: 5, windowMs: 15 * 60_000 }
export const LOGIN_CEILING_PER_USERNAME = { max: 50, windowMs: 15 * 60_000 }
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many sign-in attempts for this account. Please try again in 15 minutes.'

// JSON quoting ends the name with an unescaped quote, so one name's keys are never a prefix of another's.
// Keyed by the normalised name (shared/accounts/identity.ts): every spelling of one account counts together.
const pairKeyPrefix = (username: string) => `login-pair:${JSON.stringify(normalizeIdentity(username))}:`
const ceilingKey = (username: string) => `login-user:${normalizeIdentity(username)}`
const deviceKey = (deviceId: string) => `login-device:${deviceId}`

/** The account a sign-in names, with what its password and code checks and its answer need. */
export type SignInAccount = PublicFields &
  Pick<UserRow, 'password' | 'twoFactorSecret' | 'twoFactorLastStep' | 'active'>

/** Where an attempt comes from: its client address, and the device cookie's id when it is valid for the name. */
export interface SignInOrigin {
  address: string
  deviceId?: string
}

/** The counters an attempt was counted under: taken back when it proves to be the owner. */
export type CountedAttempt = string[]

export type SignInCheck =
  | { refused: true }
  | { refused?: undefined; account: SignInAccount | undefined; counted: CountedAttempt }

const ACCOUNT_COLUMNS = `u.id, u.username, u.password, u.is_admin as "isAdmin", u.email,
  u.first_name as "firstName", u.last_name as "lastName", u.address, u.city, u.state,
  u.zip_code as "zipCode", u.country, u.phone, u.two_factor_enabled as "twoFactorEnabled",
  u.two_factor_secret as "twoFactorSecret", u.two_factor_last_step as "twoFactorLastStep", u.active`

// Sign-in is argon2's: everything around it is one round trip, counting the attempt (on the
// device, or on the pair and then the ceiling, which counts only if the pair did) and finding the
// account together.
const COUNT_AND_FIND = `
  with by_local as (${countAttemptBelowSql('$1', '$2', '$3')}),
    by_ceiling as (${countAttemptBelowSql('$4', '$5', '$6', 'by_local where $4::text is not null')})
  select exists (select 1 from by_local) as "localCounted",
    exists (select 1 from by_ceiling) as "ceilingCounted", ${ACCOUNT_COLUMNS}
  from (select 1) as one
  left join users u on u.username = $7`

const FIND = `select ${ACCOUNT_COLUMNS} from users u where u.username = $1`

type Counted = SignInAccount & { localCounted: boolean; ceilingCounted: boolean }

/** The counters one attempt goes to: the device's alone, or the pair's then the ceiling's. */
function countersFor(username: string, origin: SignInOrigin) {
  if (origin.deviceId)
    return { local: { key: deviceKey(origin.deviceId), ...LOGIN_ATTEMPTS_PER_DEVICE }, ceiling: undefined }
  return {
    local: { key: pairKeyPrefix(username) + origin.address, ...LOGIN_ATTEMPTS_PER_USERNAME },
    ceiling: { key: ceilingKey(username), ...LOGIN_CEILING_PER_USERNAME },
  }
}

/**
 * Counts a sign-in attempt (unless limits are off: no origin) and finds the account it names.
 * Refused when the device, the pair or the ceiling is full; the per-address limit is the login
 * route's own rate limit, checked before this.
 */
export async function checkSignIn(
  db: DbOrTx,
  username: string,
  origin: SignInOrigin | undefined,
  counters?: AttemptCounters,
): Promise<SignInCheck> {
  if (origin === undefined) {
    const [account] = await runPrepared<SignInAccount>(db, 'sign-in-find', FIND, [
      normalizeIdentity(username),
    ])
    return { account, counted: [] }
  }
  const { local, ceiling } = countersFor(username, origin)
  if (counters && counters.kind !== 'postgres')
    return checkWithCounters(db, username, counters, local, ceiling)
  const [row] = await runPrepared<Counted>(db, 'sign-in-count-and-find', COUNT_AND_FIND, [
    local.key,
    local.windowMs / 1000,
    local.max,
    ceiling?.key ?? null,
    (ceiling ?? local).windowMs / 1000,
    ceiling?.max ?? 0,
    normalizeIdentity(username),
  ])
  if (!row) throw new Error('sign-in attempt not counted')
  if (!row.localCounted) return { refused: true }
  if (ceiling && !row.ceilingCounted) {
    // Refused by the ceiling: the pair's count is taken back, the attempt counts nowhere.
    if (counters) await counters.forgive([local.key])
    return { refused: true }
  }
  const { localCounted: _l, ceilingCounted: _c, ...account } = row
  return {
    account: account.id == null ? undefined : account,
    counted: ceiling ? [local.key, ceiling.key] : [local.key],
  }
}

type Limit = { key: string; max: number; windowMs: number }

/** The same check with the counters elsewhere (Redis): the counts in turn, the lookup alongside. */
async function checkWithCounters(
  db: DbOrTx,
  username: string,
  counters: AttemptCounters,
  local: Limit,
  ceiling: Limit | undefined,
): Promise<SignInCheck> {
  // Like the route limits (skipOnError): while Redis is unreachable, sign-in is not counted.
  const countBelow = (limit: Limit) =>
    counters.countBelow(limit.key, limit.windowMs, limit.max).catch(() => true)
  const found = runPrepared<SignInAccount>(db, 'sign-in-find', FIND, [normalizeIdentity(username)])
  if (!(await countBelow(local))) return found.then(() => ({ refused: true }))
  if (ceiling && !(await countBelow(ceiling))) {
    await counters.forgive([local.key]).catch(() => undefined)
    return found.then(() => ({ refused: true }))
  }
  const [account] = await found
  return { account, counted: ceiling ? [local.key, ceiling.key] : [local.key] }
}

/**
 * The right password (and code) was given: the attempt counted up front is taken back, so only
 * failures lock an account (the per-address route limit keeps counting).
 */
export async function forgiveSignIn(counters: AttemptCounters, counted: CountedAttempt): Promise<void> {
  if (counted.length > 0) await counters.forgive(counted)
}

/** A successful password reset proves the owner: every sign-in lockout on the account ends. */
export async function liftSignInLockout(counters: AttemptCounters, username: string): Promise<void> {
  await counters.clear([ceilingKey(username)], [pairKeyPrefix(username)])
}
