import type { SQL } from 'drizzle-orm'
import type { DbOrTx } from './client'

/** The rows of a raw SQL query, the same on both drivers. */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] } | Row[]
  return Array.isArray(result) ? result : result.rows
}
