import { type SQL, sql } from 'drizzle-orm'
import type { ListQuery } from '../../shared/admin/list'
import type { Database, DbOrTx } from './client'

/** LIMIT and OFFSET of a list query's page. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }
}

/** `%text%` for ILIKE, with the pattern characters a person may type taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * Splits rows that carry the filter's total (`count(*) over ()`) into a page. A page past the end
 * has no row to carry it, so the caller's `countAll` answers then.
 */
export async function toPage<Row extends { total: number }, Item>(
  rows: Row[],
  toItem: (row: Row) => Item,
  countAll: () => Promise<number>,
): Promise<{ items: Item[]; total: number }> {
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countAll()
  return { items: rows.map(toItem), total }
}

/**
 * `text` found anywhere in a lower-cased search expression. The expression must be the one a trigram
 * index is built on (see the migrations), so that the search uses the index instead of reading every row.
 */
export const searchMatches = (searchText: SQL, text: string) =>
  sql`${searchText} like ${containsPattern(text.toLowerCase())}`

/**
 * Runs a back-office list's queries planned for their actual values. The pool plans every statement
 * once for any values (db/client.ts), which suits checkout's fixed statements but not a search: a
 * plan made for an unknown LIMIT and pattern reads the whole table in date order instead of asking
 * the trigram index. One read-only transaction, so the setting ends with it.
 */
export function withCustomPlans<T>(db: Database, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`)
      return run(tx)
    },
    { accessMode: 'read only' },
  )
}
