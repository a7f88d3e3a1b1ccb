import type { DbOrTx } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import { countAttemptSql } from '../../http/attempt-limit'
import { RATE_LIMITS } from '../../http/rate-limit'
import type { PublicFields } from './service'
import type { UserRow } from './session-service'

/** Besides the per-address limit: one account attacked from many addresses. */
export const LOGIN_ATTEMPTS_PER_USERNAME = { max: 10, windowMs: 15 * 60_000 }

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
    by_username as (${countAttemptSql('$3', '$4')})
  select by_address.count as "addressCount", by_address.ttl as "addressTtl",
    by_username.count as "usernameCount", ${ACCOUNT_COLUMNS}
  from by_address cross join by_username
  left join users u on lower(u.username) = lower($5)`

const FIND = `select ${ACCOUNT_COLUMNS} from users u where lower(u.username) = lower($1)`

type Counted = SignInAccount & { addressCount: number; addressTtl: number; usernameCount: number }

/**
 * Counts a sign-in attempt (unless limits are off) and finds the account it names. The address
 * limit is the login route's own (RATE_LIMITS.login), kept under the same key as the other routes'.
 */
export async function checkSignIn(
  db: DbOrTx,
  username: string,
  address: string | undefined,
): Promise<SignInCheck> {
  if (address === undefined) {
    const [account] = await runPrepared<SignInAccount>(db, 'sign-in-find', FIND, [username])
    return { account }
  }
  const [row] = await runPrepared<Counted>(db, 'sign-in-count-and-find', COUNT_AND_FIND, [
    `rl:POST:/api/login:${address}`,
    RATE_LIMITS.login.timeWindow / 1000,
    `login-user:${username.toLowerCase()}`,
    LOGIN_ATTEMPTS_PER_USERNAME.windowMs / 1000,
    username,
  ])
  if (!row) throw new Error('sign-in attempt not counted')
  if (row.addressCount > RATE_LIMITS.login.max) return { refused: 'address', retryInMs: row.addressTtl }
  if (row.usernameCount > LOGIN_ATTEMPTS_PER_USERNAME.max) return { refused: 'username' }
  const { addressCount: _a, addressTtl: _t, usernameCount: _u, ...account } = row
  return { account: account.id == null ? undefined : account }
}
