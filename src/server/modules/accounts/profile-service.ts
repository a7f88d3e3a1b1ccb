import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { EMAIL_CHANGE_NEEDS_PASSWORD, type profileUpdateSchema } from '../../../shared/accounts'
import type { CheckoutForm } from '../../../shared/checkout'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database, DbOrTx } from '../../db/client'
import { users } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, invalid, notFound } from '../../errors'
import { enqueueMail } from '../mail/outbox'
import { passwordResetMail } from '../mail/templates/account-mails'
import { type ConfirmationLimit, confirmPassword } from './password-checks'
import { hashPassword } from './passwords'
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
  actor: Pick<UserRow, 'id' | 'password'>,
  limit?: ConfirmationLimit,
): Promise<UserRow> {
  const { currentPassword, ...update } = input
  if (update.email !== undefined) {
    const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
    if (!target) throw notFound('User not found')
    if ((target.email ?? null)?.toLowerCase() !== (update.email ?? null)) {
      if (!currentPassword) throw invalid(EMAIL_CHANGE_NEEDS_PASSWORD, 'currentPassword')
      if (!(await confirmPassword(limit, actor, currentPassword)))
        throw invalid('Current password is incorrect', 'currentPassword')
    }
  }
  if (update.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, update.username.toLowerCase()), ne(users.id, userId)))
    if (taken) throw conflict('Username already exists')
  }
  if (update.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, update.email), ne(users.id, userId)))
    if (taken) throw conflict('An account with this email already exists')
  }
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined))
  try {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning()
    if (!row) throw notFound('User not found')
    return row
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
  limit?: ConfirmationLimit,
): Promise<void> {
  if (!(await confirmPassword(limit, user, currentPassword))) {
    throw invalid('Current password is incorrect', 'currentPassword')
  }
  await db
    .update(users)
    // A reset link sent before the change must not undo it.
    .set({
      password: await hashPassword(newPassword),
      resetToken: null,
      resetTokenExpiry: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
  await destroyUserSessions(db, user.id, keepSessionId)
}

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
// The database keeps only a hash: a leaked row cannot be used to reset anybody's password.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Starts a reset when the address belongs to an account, and does nothing visible otherwise: the
 * caller answers the same either way.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  links: { publicUrl: string; store: StoreInfo },
): Promise<void> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  if (!user?.email) return
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ resetToken: hashToken(token), resetTokenExpiry: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
      .where(eq(users.id, user.id))
    const url = `${links.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`
    await enqueueMail(tx, passwordResetMail(user.email!, url, links.store))
  })
}

/**
 * Single use, one hour: the token is cleared as the password changes; all sessions end. Answers
 * the account's username (its sign-in lockouts are then lifted by the caller), or null.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<string | null> {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
      .where(and(eq(users.resetToken, hashToken(token)), gt(users.resetTokenExpiry, new Date())))
      .returning({ id: users.id, username: users.username })
    if (!user) return null
    await destroyUserSessions(tx, user.id)
    return user.username
  })
}
