import type { PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client'

/**
 * Runs a statement that PostgreSQL parses and plans once per connection and then reuses under
 * `name` (a named prepared statement). Meant for the hot paths, checkout first: planning a
 * statement that writes several tables costs PostgreSQL more than running it. `text` must be the
 * same on every call with a given name, so lists travel as array parameters, never as SQL.
 */
export async function runPrepared<Row>(
  db: DbOrTx,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  const query = db._.session.prepareQuery<PreparedQueryConfig>({ sql: text, params }, undefined, name, false)
  // Without selected fields drizzle hands back the driver's result: { rows } on both drivers.
  const result = (await query.execute()) as { rows: Row[] }
  return result.rows
}
