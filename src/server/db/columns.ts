// What the schema files share: the created/updated timestamps, a check's list of allowed values and
// the bytea column type. Every table lives in its domain's schema.ts; db/schema.ts re-exports them.
import { sql } from 'drizzle-orm'
import { customType, timestamp } from 'drizzle-orm/pg-core'

/** A check that `column` holds one of `values` (written out literally, as the migrations have it). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})
