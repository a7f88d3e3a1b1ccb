import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Page } from '../../../shared/admin/list'
import type { RoleAnswer, RoleInput, staffMemberAnswer } from '../../../shared/staff/admin-contract'
import {
  LAST_OWNER_MESSAGE,
  missingPermissionMessage,
  type Permission,
} from '../../../shared/staff/permissions'
import type { Database, DbOrTx, Tx } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, forbidden, notFound } from '../../errors'
import { users } from '../accounts/schema'
import { recordStaffChange } from '../accounts/security-notices'
import type { SessionUser } from '../accounts/session-service'
import { destroyUserSessions, setViewAs } from '../accounts/session-service'
import { permissionsOf, type RoleRow } from './roles'
import { roles } from './schema'

// The owner's team: roles and members (issue 35). Nobody grants what they do not hold, and the
// shop always keeps an active Owner.

export type Actor = Pick<SessionUser, 'id' | 'permissions' | 'username' | 'role'>
/** A member as the server hands it to the response schema (a Date, not yet its text). */
type StaffMember = z.output<typeof staffMemberAnswer>

const ROLE_NAME_TAKEN = 'A role with this name already exists'
const BUILT_IN_FIXED = 'Built-in roles cannot be changed'
const ROLE_IN_USE = 'This role still has members: give them another role first'

/** A custom role's name as its slug: "Gem show helper" → `gem-show-helper`. */
export const roleSlug = (label: string) =>
  label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')

/** Refuses, naming the first permission the actor lacks, a grant beyond what the actor holds. */
export function mustHoldAll(actor: Pick<Actor, 'permissions'>, wanted: readonly string[]) {
  const missing = wanted.find((permission) => !actor.permissions.includes(permission as Permission))
  if (missing) throw forbidden(missingPermissionMessage(missing as Permission))
}

/**
 * A member of the team's account is changed or deleted only by who manages the team and holds
 * everything that member holds (a Manager cannot take over a peer's account through its e-mail).
 */
export async function mustOutrankAccount(db: DbOrTx, actor: Actor, userId: number) {
  const [row] = await db
    .select({ role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
  if (row) mustHoldAll(actor, ['staff:manage', ...permissionsOf(row.role)])
}

// Written out: drizzle leaves a column inside sql`` unqualified, and `id` would be the user's.
const memberCount = sql<number>`(select count(*)::int from users where users.role_id = roles.id)`

function toRoleAnswer(row: RoleRow & { members: number }): RoleAnswer {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    builtIn: row.builtIn,
    permissions: permissionsOf(row),
    members: row.members,
  }
}

export async function listRoles(db: DbOrTx): Promise<Page<RoleAnswer>> {
  const rows = await db
    .select({ role: roles, members: memberCount })
    .from(roles)
    .orderBy(sql`${roles.builtIn} desc`, asc(roles.id))
  const items = rows.map(({ role, members }) => toRoleAnswer({ ...role, members }))
  return { items, total: items.length }
}

async function roleById(db: DbOrTx, id: number) {
  const [row] = await db.select({ role: roles, members: memberCount }).from(roles).where(eq(roles.id, id))
  if (!row) throw notFound('Role not found')
  return { ...row.role, members: row.members }
}

export async function createRole(db: Database, actor: Actor, input: Required<RoleInput>) {
  mustHoldAll(actor, input.permissions)
  const name = roleSlug(input.name)
  try {
    const [row] = await db
      .insert(roles)
      .values({ name, label: input.name.trim(), permissions: input.permissions })
      .returning()
    return toRoleAnswer({ ...row!, members: 0 })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN, 'name')
    throw error
  }
}

export async function updateRole(db: Database, actor: Actor, id: number, input: Required<RoleInput>) {
  const current = await roleById(db, id)
  if (current.builtIn) throw conflict(BUILT_IN_FIXED)
  // Changing a role is granting to each of its members: the actor must hold what it gives and
  // what it had (or a member could be stripped of permissions the actor cannot weigh).
  mustHoldAll(actor, input.permissions)
  mustHoldAll(actor, permissionsOf(current))
  try {
    const [row] = await db
      .update(roles)
      .set({ name: roleSlug(input.name), label: input.name.trim(), permissions: input.permissions })
      .where(eq(roles.id, id))
      .returning()
    return toRoleAnswer({ ...row!, members: current.members })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN, 'name')
    throw error
  }
}

export async function removeRole(db: Database, actor: Actor, id: number) {
  const current = await roleById(db, id)
  if (current.builtIn) throw conflict(BUILT_IN_FIXED)
  mustHoldAll(actor, permissionsOf(current))
  if (current.members > 0) throw conflict(ROLE_IN_USE)
  // users.role_id references the role: a member given it meanwhile makes the delete fail rather
  // than leave an account with no role.
  await db.delete(roles).where(eq(roles.id, id))
  return { message: 'Role removed' }
}

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: roles.name,
  twoFactorEnabled: users.twoFactorEnabled,
  lastSignInAt: users.lastSignInAt,
  active: users.active,
}

export async function listStaff(db: DbOrTx): Promise<Page<StaffMember>> {
  const items = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .orderBy(sql`${users.active} desc`, asc(users.username))
  return { items, total: items.length }
}

/**
 * Locks every active Owner's row: two owners demoting each other at the same moment take turns,
 * and the second sees the first's change, so the shop is never left without one.
 */
export async function lockActiveOwners(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'owner'), eq(users.active, true)))
    // One order for every locker: two transactions never wait on each other's rows.
    .orderBy(asc(users.id))
    .for('update', { of: users })
  return rows.map((row) => row.id)
}

export async function updateMember(
  db: Database,
  actor: Actor,
  id: number,
  change: { role?: string; active?: boolean },
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    const [member] = await tx
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id))
      .for('update', { of: users })
    if (!member) throw notFound('Staff member not found')
    // Nobody changes a member who holds more than they do.
    mustHoldAll(actor, permissionsOf(member.role))
    let roleId = member.role.id
    let roleName = member.role.name
    if (change.role !== undefined && change.role !== member.role.name) {
      const [next] = await tx.select().from(roles).where(eq(roles.name, change.role))
      if (!next) throw notFound('Role not found')
      mustHoldAll(actor, permissionsOf(next))
      roleId = next.id
      roleName = next.name
    }
    const active = change.active ?? member.user.active
    const stillOwner = roleName === 'owner' && active
    if (!stillOwner && owners.length === 1 && owners[0] === id) throw conflict(LAST_OWNER_MESSAGE)
    const [row] = await tx
      .update(users)
      .set({ roleId, active, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
    // Deactivating ends every session of the member at once.
    if (!active && member.user.active) await destroyUserSessions(tx, id)
    const by = { username: actor.username, role: actor.role }
    if (roleName !== member.role.name)
      await recordStaffChange(tx, id, 'role-changed', by, `${member.role.name} → ${roleName}`)
    if (active !== member.user.active)
      await recordStaffChange(tx, id, active ? 'reactivated' : 'deactivated', by)
    return {
      id: row!.id,
      username: row!.username,
      email: row!.email,
      role: roleName,
      twoFactorEnabled: row!.twoFactorEnabled,
      lastSignInAt: row!.lastSignInAt,
      active: row!.active,
    }
  })
}

/** The staff list's "last sign-in". */
export async function recordStaffSignIn(db: DbOrTx, userId: number) {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId))
}

/** An Owner looks through a role they hold all of (the session then carries it, read-only). */
export async function startViewingAs(
  db: DbOrTx,
  actor: Actor & { role: string | null },
  sid: string,
  name: string,
) {
  const [role] = await db.select().from(roles).where(eq(roles.name, name))
  if (!role) throw notFound('Role not found')
  // Judged on the member's own permissions, not on a role they may already be viewing as.
  const own = await db
    .select({ role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, actor.id))
  mustHoldAll({ permissions: permissionsOf(own[0]?.role ?? null) }, permissionsOf(role))
  await setViewAs(db, sid, role.name)
}
