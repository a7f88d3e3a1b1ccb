import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { AdminUser } from '../../../shared/accounts/admin-contract'
import { LAST_ADMIN_MESSAGE, type UserListQuery } from '../../../shared/accounts/admin-schema'
import type { Page } from '../../../shared/admin/list'
import { ALL_PERMISSIONS } from '../../../shared/staff/permissions'
import type { Database } from '../../db/client'
import { containsPattern, pageWindow, toPage } from '../../db/paging'
import { conflict, notFound } from '../../errors'
import { orders } from '../orders/schema'
import { ownerRoleId } from '../staff/roles'
import { type Actor, lockActiveOwners, mustHoldAll, mustOutrankAccount } from '../staff/service'
import { users } from './schema'
import { recordStaffChange } from './security-notices'
import { toPublicUser } from './service'
import { destroyUserSessions } from './session-service'

// The owner's view of every account. The session loads the user's row on each request, so a
// demotion or a deletion takes effect on that user's very next request: no role is cached.

const ORDERINGS: Record<UserListQuery['sort'], SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  username: [asc(sql`lower(${users.username})`)],
}

export async function listUsersPage(db: Database, query: UserListQuery): Promise<Page<AdminUser>> {
  const conditions: SQL[] = []
  if (query.search) {
    const pattern = containsPattern(query.search)
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
      )!,
    )
  }
  if (query.role) conditions.push(eq(users.isAdmin, query.role === 'admin'))
  const { limit, offset } = pageWindow(query)
  const rows = await db
    .select({
      user: users,
      // Qualified by hand: drizzle writes a column inside sql`` without its table, and an
      // unqualified "id" in the subquery would be the order's own id.
      orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders}.${sql.identifier(orders.userId.name)} = ${users}.${sql.identifier(users.id.name)})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(...ORDERINGS[query.sort])
    .limit(limit)
    .offset(offset)
  return toPage(
    rows,
    (row) => ({
      ...toPublicUser(row.user),
      createdAt: row.user.createdAt.toISOString(),
      orderCount: row.orderCount,
    }),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(...conditions))
      return row?.n ?? 0
    },
  )
}

export async function setAdmin(db: Database, actor: Actor, userId: number, isAdmin: boolean) {
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    await mustOutrankAccount(tx, actor, userId)
    // Make Admin grants every permission: only who holds them all may.
    if (isAdmin) mustHoldAll(actor, ALL_PERMISSIONS)
    if (!isAdmin && owners.length === 1 && owners[0] === userId) throw conflict(LAST_ADMIN_MESSAGE)
    // Make Admin makes an Owner (issue 35); Remove Admin makes a customer again.
    const [row] = await tx
      .update(users)
      .set({ isAdmin, roleId: isAdmin ? ownerRoleId : null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning()
    if (!row) throw notFound('User not found')
    await recordStaffChange(tx, userId, isAdmin ? 'made-admin' : 'admin-removed', {
      username: actor.username,
      role: actor.role,
    })
    return row
  })
}

/**
 * Deletes an account: its sessions end at once, its wishlist goes with it, and its orders stay
 * (they keep the customer's name and address; only the link to the account is cleared).
 */
export async function deleteUser(db: Database, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    await mustOutrankAccount(tx, actor, userId)
    if (owners.length === 1 && owners[0] === userId) throw conflict(LAST_ADMIN_MESSAGE)
    await destroyUserSessions(tx, userId)
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id })
    if (deleted.length === 0) throw notFound('User not found')
  })
}

export async function accountSummary(db: Database) {
  const [row] = await db
    .select({
      accounts: sql<number>`count(*)::int`,
      admins: sql<number>`(count(*) filter (where ${users.isAdmin}))::int`,
    })
    .from(users)
  return { accounts: row?.accounts ?? 0, admins: row?.admins ?? 0 }
}
