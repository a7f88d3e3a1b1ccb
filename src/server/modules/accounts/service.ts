import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { normalizeIdentity } from '../../../shared/accounts/identity'
import type { PublicUser, registerSchema } from '../../../shared/accounts/schema'
import type { DbOrTx } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict } from '../../errors'
import { ownerRoleId } from '../staff/roles'
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords'
import { users } from './schema'
import { type MailLinks, recordSecurityChange } from './security-notices'
import { destroyUserSessions, type UserRow } from './session-service'

export type RegisterData = z.output<typeof registerSchema>

/** What a user's public face is made of. */
export type PublicFields = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'country'
  | 'phone'
  | 'isAdmin'
  | 'twoFactorEnabled'
>

export function toPublicUser(row: PublicFields): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    phone: row.phone,
    isAdmin: row.isAdmin,
    twoFactorEnabled: row.twoFactorEnabled,
    isAuthenticated: true,
  }
}

// Usernames and e-mail addresses are stored in their normalised form: looked up the same way.
const byUsername = (username: string) => eq(users.username, normalizeIdentity(username))

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byUsername(username))
  return row
}

/**
 * Registration never creates an administrator, whatever the request said. A name that normalises
 * to an existing one is that name: refused.
 */
export async function registerUser(db: DbOrTx, input: RegisterData): Promise<UserRow> {
  const username = normalizeIdentity(input.username)
  const email = input.email ? normalizeIdentity(input.email) : null
  if (await findUserByUsername(db, username)) throw conflict('Username already exists')
  if (email) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (taken) throw conflict('An account with this email already exists')
  }
  const password = await hashPassword(input.password)
  try {
    const [row] = await db
      .insert(users)
      .values({
        username,
        password,
        email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        isAdmin: false,
      })
      .returning()
    return row!
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('Username already exists')
    throw error
  }
}

/** The account, if the password is its own; a missing account costs the same time as a wrong password. */
export async function authenticate<Account extends { password: string }>(
  account: Account | undefined,
  password: string,
): Promise<Account | null> {
  if (!account) {
    await burnPasswordCheck(password)
    return null
  }
  return (await verifyPassword(account.password, password)) ? account : null
}

/** Creates the administrator, or resets its password and role (ADMIN_USERNAME/ADMIN_PASSWORD, admin:create). */
/** ADMIN_USERNAME names a customer's account: promoting it would hand the shop to that customer. */
export class AdminNameTakenError extends Error {
  constructor(username: string) {
    super(
      `ADMIN_USERNAME: "${username}" is an existing customer account, not an administrator. ` +
        'Choose another ADMIN_USERNAME, or promote that account from the back office (Accounts) if it is yours.',
    )
    this.name = 'AdminNameTakenError'
  }
}

/**
 * Creates the administrator named at start (ADMIN_USERNAME/ADMIN_PASSWORD, or the create-admin
 * script), or sets the password of that administrator and signs it out everywhere when the
 * password changed. Never promotes a customer: that throws AdminNameTakenError.
 */
export async function upsertAdmin(
  db: DbOrTx,
  username: string,
  password: string,
  /** Where the notice of a changed password is addressed from (none in tests' fixtures). */
  links?: MailLinks,
  attempt = 0,
): Promise<UserRow> {
  const existing = await findUserByUsername(db, username)
  if (existing) {
    if (!existing.isAdmin) throw new AdminNameTakenError(username)
    if (await verifyPassword(existing.password, password)) return existing
    const passwordHash = await hashPassword(password)
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning()
      if (links)
        await recordSecurityChange(
          tx,
          { id: existing.id, addresses: [existing.email] },
          'password-changed',
          links,
          'server',
        )
      return updated!
    })
    await destroyUserSessions(db, existing.id)
    return row
  }
  const passwordHash = await hashPassword(password)
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: normalizeIdentity(username),
        password: passwordHash,
        isAdmin: true,
        roleId: ownerRoleId,
      })
      .returning()
    return row!
  } catch (error) {
    // Several instances starting together with ADMIN_USERNAME all find no such user, and all but
    // one of them lose the insert: they take the row the winner made instead of failing to start.
    if (!isUniqueViolation(error) || attempt > 0) throw error
    return upsertAdmin(db, username, password, links, attempt + 1)
  }
}
