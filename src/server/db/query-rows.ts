import type { SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from './client'

// Raw SQL where Drizzle's query builder cannot say the same thing (CTEs, lateral joins, window
// functions, locking subtleties, statements tuned by hand). Its rows are typed by a zod schema
// that describes them as both drivers return them, never by a bare assertion: tests and
// development check every row against it, production trusts it, so a hot path costs nothing more.
//
// The schema checks; it never converts. The rows are returned as the driver gave them, the same
// in every environment, so a schema that transformed (z.coerce, .transform, .default) would make
// production differ from what the tests saw. Callers convert themselves (Number(), new Date()).

const CHECK_ROWS = process.env.NODE_ENV !== 'production'

/**
 * What the two drivers return for the columns they disagree on (the raw `db.execute`, measured:
 * PGlite and node-postgres through Drizzle). Name these in row schemas rather than guessing.
 */
export const sqlType = {
  /** int8 (bigint, count(*), sum of int4): a number on PGlite, a string on node-postgres. */
  int8: z.union([z.number(), z.string()]),
  /** numeric: a string on both. */
  numeric: z.string(),
  /** timestamptz, timestamp and date: PostgreSQL's text on both (Drizzle turns off the parsing). */
  timestamp: z.string(),
} as const

/** The row of an `insert … returning id` and the like (every table's id is an int4 serial). */
export const idRow = z.object({ id: z.number().int() })

/**
 * The rows of a raw SQL query, the same on both drivers, typed by `row`, which they are checked
 * against outside production.
 */
export async function queryRows<Row extends z.ZodType>(
  db: DbOrTx,
  row: Row,
  query: SQL,
): Promise<z.input<Row>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] } | unknown[]
  const rows = Array.isArray(result) ? result : result.rows
  if (CHECK_ROWS) checkRows(row, rows)
  return rows as z.input<Row>[]
}

function checkRows(row: z.ZodType, rows: unknown[]): void {
  for (const [index, value] of rows.entries()) {
    const checked = row.safeParse(value)
    if (!checked.success) {
      throw new Error(
        `A raw query's row ${index} does not match its schema:\n${z.prettifyError(checked.error)}\n` +
          `row: ${JSON.stringify(value)}`,
      )
    }
  }
}
