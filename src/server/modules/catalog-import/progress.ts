import { stringify } from 'csv-stringify/sync'
import { and, eq, getTableColumns, isNull } from 'drizzle-orm'
import type {
  ImportFormat,
  ImportProgress,
  ImportRowError,
  ImportStatus,
} from '../../../shared/catalog-import/schema'
import { inert } from '../../csv-cells'
import type { DbOrTx } from '../../db/client'
import { conflict, notFound } from '../../errors'
import { productImports } from './schema'

type ImportRecord = typeof productImports.$inferSelect

export function toProgress(row: ImportRecord): ImportProgress {
  return {
    id: row.id,
    format: row.format as ImportFormat,
    status: row.status as ImportStatus,
    confirmed: row.confirmedAt !== null,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    imagesFetched: row.imagesFetched,
    unmappedCategories: row.unmappedCategories,
    errors: row.errors as ImportRowError[],
  }
}

const NOT_FOUND = 'Import not found'

export async function importProgress(db: DbOrTx, id: string): Promise<ImportProgress> {
  const [row] = await db
    .select({ ...PROGRESS_COLUMNS })
    .from(productImports)
    .where(eq(productImports.id, id))
  if (!row) throw notFound(NOT_FOUND)
  return toProgress(row as ImportRecord)
}

// Everything but the ZIP, which a progress poll never needs (the staged rows have a table of their own).
const { images: _images, ...PROGRESS_COLUMNS } = getTableColumns(productImports)

/** The owner's go-ahead, once: the categories they chose for the unmapped values go with it. */
export async function confirmImport(
  db: DbOrTx,
  id: string,
  categoryMap: Record<string, string>,
): Promise<void> {
  const [confirmed] = await db
    .update(productImports)
    .set({ confirmedAt: new Date(), categoryMap, updatedAt: new Date() })
    .where(and(eq(productImports.id, id), isNull(productImports.confirmedAt)))
    .returning({ id: productImports.id })
  if (confirmed) return
  const [exists] = await db
    .select({ id: productImports.id })
    .from(productImports)
    .where(eq(productImports.id, id))
  throw exists ? conflict('This import has already been confirmed') : notFound(NOT_FOUND)
}

/** The report as a spreadsheet: the counts, then one line per problem. */
export function importReportCsv(report: ImportProgress): string {
  const summary = `${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rowsDone} of ${report.rowsTotal} rows done (${report.status})`
  return stringify(
    [
      ['Line', 'Column', 'Message'],
      ['', '', summary],
      ...report.errors.map((error) => [String(error.line), inert(error.column), inert(error.message)]),
    ],
    { bom: true },
  )
}
