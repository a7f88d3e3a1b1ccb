import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { DEFAULT_STAFF_SECURITY, staffSecuritySchema } from '../../../shared/settings/schema'
import type { DbOrTx } from '../../db/client'
import { shopSettings } from './schema'

/**
 * One concern's settings: the stored value checked by its schema, or the default when none is
 * stored yet or a stored value no longer fits (a setting added to a schema later reads as its
 * default, never as an error that closes the shop).
 */
export async function readSetting<T>(db: DbOrTx, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, key))
  if (!row) return fallback
  const parsed = schema.safeParse(row.value)
  return parsed.success ? parsed.data : fallback
}

export async function writeSetting<T>(db: DbOrTx, key: string, value: T): Promise<T> {
  await db
    .insert(shopSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } })
  return value
}

export const STAFF_SECURITY_SETTING = 'staff-security'

export const readStaffSecurity = (db: DbOrTx) =>
  readSetting(db, STAFF_SECURITY_SETTING, staffSecuritySchema, DEFAULT_STAFF_SECURITY)
