import type { ListQuery } from '../../shared/admin-list'

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
