import { eq, sql } from 'drizzle-orm'
import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLES,
  type BuiltInRoleName,
  isBuiltInRole,
  type Permission,
} from '../../../shared/staff/permissions'
import type { DbOrTx } from '../../db/client'
import { roles } from './schema'

export type RoleRow = typeof roles.$inferSelect

/** A role's permissions: the code's for a built-in role, the row's own for a custom one. */
export function permissionsOf(role: { name: string; builtIn: boolean; permissions: string[] } | null) {
  if (!role) return []
  if (role.builtIn && isBuiltInRole(role.name)) return [...BUILT_IN_ROLES[role.name].permissions]
  // A permission a later release removed is dropped, not kept as a string nobody checks.
  return ALL_PERMISSIONS.filter((permission) => role.permissions.includes(permission))
}

/** The id of a built-in role (the migration made all six). */
export async function builtInRoleId(db: DbOrTx, name: BuiltInRoleName): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name))
  if (!row) throw new Error(`The built-in role "${name}" is missing: run the migrations`)
  return row.id
}

/** The subquery for an insert or update that makes an account an Owner, in the same statement. */
export const ownerRoleId = sql`(select ${roles.id} from ${roles} where ${roles.name} = 'owner')`

export const holdsAll = (held: readonly Permission[], wanted: readonly Permission[]) =>
  wanted.every((permission) => held.includes(permission))
