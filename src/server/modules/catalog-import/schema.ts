// Catalogue imports (issue 37): the imports, their staged rows and the pictures they brought in.
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { IMPORT_FORMATS, IMPORT_STATUSES } from '../../../shared/catalog-import/schema'
import { bytea, createdAt, inList, updatedAt } from '../../db/columns'

/**
 * A catalogue import (issue 37) from its dry run to its report. The rows the dry run accepted
 * wait here, already parsed, until the owner confirms; the job then works through them and keeps
 * its progress here, so any instance can answer how far it is and a killed one's import resumes.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: text('id').primaryKey(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('pending'),
    /** The shop's address when the file came: its own picture URLs are read back as its paths. */
    origin: text('origin').notNull(),
    /** The ZIP of pictures sent beside the CSV, read only by the job. */
    images: bytea('images'),
    unmappedCategories: jsonb('unmapped_categories').$type<string[]>().notNull().default([]),
    categoryMap: jsonb('category_map').$type<Record<string, string>>().notNull().default({}),
    /** The dry run's problems and then the job's, each with its line and column. */
    errors: jsonb('errors').notNull().default([]),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    imagesFetched: integer('images_fetched').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The running job's last sign of life: a stale one is taken over (a killed instance). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('product_imports_format_check', inList('format', IMPORT_FORMATS)),
    check('product_imports_status_check', inList('status', IMPORT_STATUSES)),
  ],
)

/**
 * An import's rows to write (modules/catalog-import/staged-rows.ts), one record each: the dry run
 * writes them in batches as it reads the file and the job reads them back a page at a time, in
 * file order (`line`), so neither holds a whole file's rows.
 */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    row: jsonb('row').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
)

/**
 * What each picture an import brought in was stored as, by where it came from: its URL, or the
 * SHA-256 of a ZIP entry's bytes. A re-import of the same file then knows a piece's pictures
 * without fetching or decoding them again, and its preview can say the piece is unchanged.
 */
export const importedPictures = pgTable(
  'imported_pictures',
  {
    source: text('source').notNull(),
    /** One source may be stored more than once (two pieces sharing a picture): each is kept. */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.source, table.url] })],
)
