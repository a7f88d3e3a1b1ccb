import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { normalizeIdentity } from '../../../shared/accounts/identity'
import { EMAIL_CHANGE_NEEDS_PASSWORD, type profileUpdateSchema } from '../../../shared/accounts/schema'
import type { CheckoutForm } from '../../../shared/checkout/schema'
import type { Database, DbOrTx } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, invalid, notFound } from '../../errors'
import { enqueueMail } from '../mail/outbox'
import { passwordResetMail } from '../mail/templates/account-mails'
import { type ConfirmationLimit, confirmPassword } from './password-checks'
import { hashPassword } from './passwords'
import { users } from './schema'
import { type MailLinks, recordSecurityChange } from './security-notices'
import { destroyUserSessions, type UserRow } from './session-service'

export type ProfileUpdate = z.output<typeof profileUpdateSchema>

/**
 * Profile fields only: the role and the password never change through here. A new e-mail address
 * needs the password of whoever makes the change (`actor`): the address receives password resets,
 * so a borrowed session must not be able to take the account over through it.
 */
export async function updateProfile(
  db: DbOrTx,
  userId: number,
  input: ProfileUpdate,
  actor: Pick<UserRow, 'id' | 'password' | 'username'> & { role: string | null },
  limit: ConfirmationLimit,
  links: MailLinks,
): Promise<UserRow> {
  const { currentPassword, ...fields } = input
  const update = {
    ...fields,
    username: fields.username === undefined ? undefined : normalizeIdentity(fields.username),
    email: fields.email ? normalizeIdentity(fields.email) : fields.email,
  }
  /** The address before a change of it: both hear of the change. */
  let previousEmail: string | null | undefined
  if (update.email !== undefined) {
    const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
    if (!target) throw notFound('User not found')
    if (target.email !== (update.email ?? null)) {
      previousEmail = target.email
      if (!currentPassword) throw invalid(EMAIL_CHANGE_NEEDS_PASSWORD, 'currentPassword')
      if (!(await confirmPassword(limit, actor, currentPassword)))
        throw invalid('Current password is incorrect', 'currentPassword')
    }
  }
  if (update.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, update.username), ne(users.id, userId)))
    if (taken) throw conflict('Username already exists')
  }
  if (update.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, update.email), ne(users.id, userId)))
    if (taken) throw conflict('An account with this email already exists')
  }
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined))
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
      if (!row) throw notFound('User not found')
      if (previousEmail !== undefined)
        await recordSecurityChange(
          tx,
          { id: row.id, addresses: [row.email, previousEmail] },
          'email-changed',
          links,
          actor.id === userId ? 'owner' : { username: actor.username, role: actor.role },
        )
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Username or email already in use')
    throw error
  }
}

/**
 * Checkout's "Save this address to my account": the order's shipping address becomes the profile's,
 * and its name and phone fill the profile's only where it has none (the profile page owns them).
 */
export async function saveShippingAddress(
  db: DbOrTx,
  userId: number,
  form: Pick<
    CheckoutForm,
    'firstName' | 'lastName' | 'phone' | 'address' | 'city' | 'state' | 'zipCode' | 'country'
  >,
): Promise<void> {
  await db
    .update(users)
    .set({
      address: form.address,
      city: form.city,
      state: form.state,
      zipCode: form.zipCode,
      country: form.country,
      firstName: sql`coalesce(nullif(${users.firstName}, ''), ${form.firstName})`,
      lastName: sql`coalesce(nullif(${users.lastName}, ''), ${form.lastName})`,
      phone: sql`coalesce(nullif(${users.phone}, ''), ${form.phone})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
}

/** Needs the current password (failures counted); every other session of the user is signed out afterwards. */
export async function changePassword(
  db: DbOrTx,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
  keepSessionId: string | undefined,
  limit: ConfirmationLimit,
  links: MailLinks,
): Promise<void> {
  if (!(await confirmPassword(limit, user, currentPassword))) {
    throw invalid('Current password is incorrect', 'currentPassword')
  }
  const passwordHash = await hashPassword(newPassword)
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      // A reset link sent before the change must not undo it.
      .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
    await recordSecurityChange(tx, { id: user.id, addresses: [user.email] }, 'password-changed', links)
  })
  await destroyUserSessions(db, user.id, keepSessionId)
}

const RESET_TOKEN_TTL = '1 hour'
/**
 * At most one reset e-mail per address in this time (issue 31: sixteen requests from sixteen
 * addresses sent sixteen mails). The link already sent stays good; the requester's answer is the
 * same either way.
 */
export const RESET_MAIL_INTERVAL_MINUTES = 10
// The database keeps only a hash: a leaked row cannot be used to reset anybody's password.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Starts a reset when the address belongs to an account, and does nothing visible otherwise: the
 * caller answers the same either way. A link sent less than RESET_MAIL_INTERVAL_MINUTES ago (its
 * expiry more than an hour minus that away) means no new one: the update that issues a token is
 * conditional on it, so simultaneous requests send one mail.
 */
export async function requestPasswordReset(db: Database, email: string, links: MailLinks): Promise<void> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeIdentity(email)))
  if (!user?.email) return
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    const issued = await tx
      .update(users)
      .set({ resetToken: hashToken(token), resetTokenExpiry: sql`now() + ${RESET_TOKEN_TTL}::interval` })
      .where(
        and(
          eq(users.id, user.id),
          or(
            isNull(users.resetTokenExpiry),
            lte(
              users.resetTokenExpiry,
              sql`now() + ${RESET_TOKEN_TTL}::interval - make_interval(mins => ${RESET_MAIL_INTERVAL_MINUTES})`,
            ),
          ),
        ),
      )
      .returning({ id: users.id })
    if (issued.length === 0) return
    const url = `${links.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`
    await enqueueMail(tx, passwordResetMail(user.email!, url, links.store))
  })
}

/**
 * Single use, one hour: the token is cleared as the password changes; all sessions end. Answers
 * the account's username (its sign-in lockouts are then lifted by the caller), or null.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  links: MailLinks,
): Promise<string | null> {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
      .where(and(eq(users.resetToken, hashToken(token)), gt(users.resetTokenExpiry, new Date())))
      .returning({ id: users.id, username: users.username, email: users.email })
    if (!user) return null
    await destroyUserSessions(tx, user.id)
    await recordSecurityChange(tx, { id: user.id, addresses: [user.email] }, 'password-reset', links)
    return user.username
  })
}
