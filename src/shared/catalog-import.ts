import { z } from 'zod'
import { PRODUCT_CATEGORIES } from './catalog'
import { strictObject } from './validation'

// The catalogue import (issue 37): what the back office and other clients send and receive.

/** Rows per file, and bytes per file (the CSV and the ZIP of pictures alike). */
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024

export const IMPORT_FORMATS = ['jade', 'shopify'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

export const IMPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

/**
 * One row's problem. `line` numbers rows as a spreadsheet does (the header is 1), which is also
 * the file's line unless a cell above spans several lines; `column` is the file's own header.
 */
export interface ImportRowError {
  line: number
  column: string
  message: string
}

/** The dry run: nothing has been written yet. */
export interface ImportPreview {
  id: string
  format: ImportFormat
  create: number
  update: number
  /** Rows that match a piece and would change nothing. */
  unchanged: number
  /** Source categories (Shopify's Type, a spreadsheet's Category) the shop has no category for. */
  unmappedCategories: string[]
  errors: ImportRowError[]
}

export interface ImportProgress {
  id: string
  format: ImportFormat
  status: ImportStatus
  /** Confirmed by the owner; a pending import that is not is still a preview. */
  confirmed: boolean
  rowsDone: number
  rowsTotal: number
  created: number
  updated: number
  unchanged: number
  /** Pictures stored so far, from the ZIP or fetched by URL. */
  imagesFetched: number
  unmappedCategories: string[]
  errors: ImportRowError[]
}

export const importConfirmSchema = strictObject({
  /** A category for each unmapped source category; a row whose category stays unmapped is skipped. */
  categoryMap: z
    .record(
      z.string().max(200),
      z.enum(PRODUCT_CATEGORIES, { error: `Choose one of: ${PRODUCT_CATEGORIES.join(', ')}` }),
    )
    .optional(),
}).nullish()
export type ImportConfirm = z.infer<typeof importConfirmSchema>

export const importIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'Not found') })
