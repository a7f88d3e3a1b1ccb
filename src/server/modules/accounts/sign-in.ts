import type { DbOrTx } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import type { AttemptCounters } from '../../lib/attempt-counters'
import { countAttemptSql } from '../../lib/attempt-limit'
import { RATE_LIMITS } from '../../lib/rate-limits'
import type { PublicFields } from './service'
import type { UserRow } from './session-service'

/**
 * Besides the per-address limit: guesses at one account. Counted per (username, client address),
 * so a stranger guessing at the owner's name locks out only their own address, never the owner;
 * a ceiling per username across every address stops a guesser with many addresses, and a
 * successful password reset lifts it (liftSignInLockout).
 */
export const LOGIN_ATTEMPTS_PER_USERNAME = { max: 5, windowMs: 15 * 60_000 }
export const LOGIN_CEILING_PER_USERNAME = { max: 50, windowMs: 15 * 60_000 }
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many sign-in attempts for this account. Please try again in 15 minutes.'

// JSON quoting ends the name with an unescaped quote, so one name's keys are never a prefix of another's.
const pairKeyPrefix = (username: string) => `login-pair:${JSON.stringify(username.toLowerCase())}:`
const ceilingKey = (username: string) => `login-user:${username.toLowerCase()}`

/** The account a sign-in names, with what its password check and its answer need. */
export type SignInAccount = PublicFields & Pick<UserRow, 'password'>

export type SignInCheck =
  | { refused: 'address'; retryInMs: number }
  | { refused: 'username' }
  | { refused?: undefined; account: SignInAccount | undefined }

const ACCOUNT_COLUMNS = `u.id, u.username, u.password, u.is_admin as "isAdmin", u.email,
  u.first_name as "firstName", u.last_name as "lastName", u.address, u.city, u.state,
  u.zip_code as "zipCode", u.country, u.phone`

// Sign-in is argon2's: everything around it is one round trip, counting the attempt against
// the client's address and against the username and finding the account together.
const COUNT_AND_FIND = `
  with by_address as (${countAttemptSql('$1', '$2')}),
    by_pair as (${countAttemptSql('$3', '$4')}),
    by_username as (${countAttemptSql('$6', '$4')})
  select by_address.count as "addressCount", by_address.ttl as "addressTtl",
    by_pair.count as "pairCount", by_username.count as "usernameCount", ${ACCOUNT_COLUMNS}
  from by_address cross join by_pair cross join by_username
  left join users u on lower(u.username) = lower($5)`

const FIND = `select ${ACCOUNT_COLUMNS} from users u where lower(u.username) = lower($1)`

type Counted = SignInAccount & {
  addressCount: number
  addressTtl: number
  pairCount: number
  usernameCount: number
}

/**
 * Counts a sign-in attempt (unless limits are off) and finds the account it names. The address
 * limit is the login route's own (RATE_LIMITS.login), kept under the same key as the other routes'.
 */
export async function checkSignIn(
  db: DbOrTx,
  username: string,
  address: string | undefined,
  counters?: AttemptCounters,
): Promise<SignInCheck> {
  if (address === undefined) {
    const [account] = await runPrepared<SignInAccount>(db, 'sign-in-find', FIND, [username])
    return { account }
  }
  if (counters && counters.kind !== 'postgres') return checkWithCounters(db, username, address, counters)
  const [row] = await runPrepared<Counted>(db, 'sign-in-count-and-find', COUNT_AND_FIND, [
    `rl:POST:/api/login:${address}`,
    RATE_LIMITS.login.timeWindow / 1000,
    pairKeyPrefix(username) + address,
    LOGIN_ATTEMPTS_PER_USERNAME.windowMs / 1000,
    username,
    ceilingKey(username),
  ])
  if (!row) throw new Error('sign-in attempt not counted')
  if (row.addressCount > RATE_LIMITS.login.max) return { refused: 'address', retryInMs: row.addressTtl }
  if (row.pairCount > LOGIN_ATTEMPTS_PER_USERNAME.max || row.usernameCount > LOGIN_CEILING_PER_USERNAME.max)
    return { refused: 'username' }
  const { addressCount: _a, addressTtl: _t, pairCount: _p, usernameCount: _u, ...account } = row
  return { account: account.id == null ? undefined : account }
}

/** The same check with the counters elsewhere (Redis): three counts and the lookup, side by side. */
async function checkWithCounters(
  db: DbOrTx,
  username: string,
  address: string,
  counters: AttemptCounters,
): Promise<SignInCheck> {
  // Like the route limits (skipOnError): while Redis is unreachable, sign-in is not counted.
  const count = (key: string, windowMs: number) =>
    counters.count(key, windowMs).catch(() => ({ count: 0, ttlMs: 0 }))
  const [byAddress, byPair, byUsername, [account]] = await Promise.all([
    count(`rl:POST:/api/login:${address}`, RATE_LIMITS.login.timeWindow),
    count(pairKeyPrefix(username) + address, LOGIN_ATTEMPTS_PER_USERNAME.windowMs),
    count(ceilingKey(username), LOGIN_CEILING_PER_USERNAME.windowMs),
    runPrepared<SignInAccount>(db, 'sign-in-find', FIND, [username]),
  ])
  if (byAddress.count > RATE_LIMITS.login.max) return { refused: 'address', retryInMs: byAddress.ttlMs }
  if (byPair.count > LOGIN_ATTEMPTS_PER_USERNAME.max || byUsername.count > LOGIN_CEILING_PER_USERNAME.max)
    return { refused: 'username' }
  return { account }
}

/**
 * A right password was given: the attempt counted up front is taken back from the account's
 * counters, so only failures lock an account (the per-address route limit keeps counting).
 */
export async function forgiveSignIn(
  counters: AttemptCounters,
  username: string,
  address: string,
): Promise<void> {
  await counters.forgive([pairKeyPrefix(username) + address, ceilingKey(username)])
}

/** A successful password reset proves the owner: every sign-in lockout on the account ends. */
export async function liftSignInLockout(counters: AttemptCounters, username: string): Promise<void> {
  await counters.clear([ceilingKey(username)], [pairKeyPrefix(username)])
}
