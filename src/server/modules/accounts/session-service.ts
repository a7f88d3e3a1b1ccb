import { randomBytes } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Permission, roleNeedsTwoFactor } from '../../../shared/staff/permissions'
import type { DbOrTx } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import { cartItems } from '../cart/schema'
import { cartDiscounts } from '../discounts/schema'
import { holdsAll, permissionsOf } from '../staff/roles'
import { roles } from '../staff/schema'
import { type SessionData, sessions, users } from './schema'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
// Extending the expiry on every request would write on every request; half the lifetime is enough.
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2

export type UserRow = typeof users.$inferSelect

const viewedRoles = alias(roles, 'viewed_roles')

/** The signed-in account as a request sees it: its row, and its role as it stands right now. */
export type SessionUser = UserRow & {
  /** The role's name (`owner`, `packer`, a custom role's slug); null for a customer. */
  role: string | null
  /** What the member may do: none for a customer or a deactivated member. */
  permissions: Permission[]
  /**
   * The role an Owner is viewing the back office as (read-only): `permissions` are then that
   * role's, while `role` stays the member's own.
   */
  viewingAs: string | null
  /**
   * The member must turn on two-factor sign-in before anything else: `permissions` are then
   * empty, so no check anywhere lets them through (http/guards.ts names the reason).
   */
  twoFactorPending: boolean
}

export interface LoadedSession {
  sid: string
  data: SessionData
  expire: Date
  user: SessionUser | null
}

export const newSessionId = () => randomBytes(32).toString('base64url')

const INSERT_SESSION = 'insert into sessions (sid, sess, expire) values ($1, $2, $3)'

export async function createSession(db: DbOrTx, data: SessionData): Promise<string> {
  const sid = newSessionId()
  // Prepared: every sign-in and every first visit that keeps a cart writes one.
  await runPrepared(db, 'session-insert', INSERT_SESSION, [sid, data, new Date(Date.now() + SESSION_TTL_MS)])
  return sid
}

/**
 * The live session, its user and the user's role in one query; renews the expiry once it is half
 * spent. The role is read on every request, so a change takes effect on the member's next one, on
 * every instance.
 */
export async function loadSession(db: DbOrTx, sid: string): Promise<LoadedSession | null> {
  const [row] = await db
    .select({
      sid: sessions.sid,
      data: sessions.sess,
      expire: sessions.expire,
      user: users,
      role: { name: roles.name, builtIn: roles.builtIn, permissions: roles.permissions },
      viewed: { name: viewedRoles.name, builtIn: viewedRoles.builtIn, permissions: viewedRoles.permissions },
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::int`))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(viewedRoles, eq(viewedRoles.name, sql`${sessions.sess}->>'viewAs'`))
    .where(and(eq(sessions.sid, sid), sql`${sessions.expire} > now()`))
  if (!row) return null
  if (row.expire.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    const expire = new Date(Date.now() + SESSION_TTL_MS)
    await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid))
    row.expire = expire
  }
  const { user, role, viewed } = row
  const own = user?.isAdmin && user.active ? permissionsOf(role) : []
  // Viewing as a role shows no more than the viewer holds (the route checked it, and a role may
  // have changed since).
  const viewing = viewed && holdsAll(own, permissionsOf(viewed)) ? viewed : null
  const twoFactorPending = !!user && !!role && !user.twoFactorEnabled && roleNeedsTwoFactor(role.name, own)
  return {
    sid: row.sid,
    data: row.data,
    expire: row.expire,
    user: user && {
      ...user,
      role: role?.name ?? null,
      permissions: twoFactorPending ? [] : viewing ? permissionsOf(viewing) : own,
      viewingAs: viewing?.name ?? null,
      twoFactorPending,
    },
  }
}

/**
 * Replaces a session by a new one (sign-in, sign-out): a fixed session id can never be upgraded
 * by an attacker who planted it. The guest cart moves to the new session.
 */
export async function rotateSession(
  db: DbOrTx,
  oldSid: string | undefined,
  data: SessionData,
): Promise<string> {
  const sid = await createSession(db, data)
  if (oldSid) {
    await db.update(cartItems).set({ sessionId: sid }).where(eq(cartItems.sessionId, oldSid))
    await db.update(cartDiscounts).set({ sessionId: sid }).where(eq(cartDiscounts.sessionId, oldSid))
    await db.delete(sessions).where(eq(sessions.sid, oldSid))
  }
  return sid
}

export async function destroySession(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid))
}

/** Signs a user out everywhere, except the session given (after a password change). */
export async function destroyUserSessions(db: DbOrTx, userId: number, exceptSid?: string): Promise<void> {
  const ofUser = sql`(${sessions.sess}->>'userId')::int = ${userId}`
  await db.delete(sessions).where(exceptSid ? and(ofUser, ne(sessions.sid, exceptSid)) : ofUser)
}

/** The gift cards applied to the session's cart (issue 36), by id, in the order applied; none clears them. */
export async function setCartGiftCards(db: DbOrTx, sid: string, ids: readonly number[]): Promise<void> {
  const sess = ids.length
    ? sql`jsonb_set(${sessions.sess}, '{giftCardIds}', ${JSON.stringify(ids)}::jsonb)`
    : sql`${sessions.sess} - 'giftCardIds'`
  await db.update(sessions).set({ sess }).where(eq(sessions.sid, sid))
}

/** Starts (a role's name) or ends (null) an Owner's read-only "view as" on this session. */
export async function setViewAs(db: DbOrTx, sid: string, role: string | null): Promise<void> {
  const sess =
    role === null
      ? sql`${sessions.sess} - 'viewAs'`
      : sql`jsonb_set(${sessions.sess}, '{viewAs}', to_jsonb(${role}::text))`
  await db.update(sessions).set({ sess }).where(eq(sessions.sid, sid))
}
