import { z } from 'zod'
import { PRODUCT_CATEGORIES } from '../catalog/rules'
import { strictObject } from '../validation'

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
export const importRowErrorAnswer = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
})
export type ImportRowError = z.input<typeof importRowErrorAnswer>

/** The dry run: nothing has been written yet. */
export const importPreviewAnswer = z.object({
  id: z.string(),
  format: z.enum(IMPORT_FORMATS),
  create: z.number().int(),
  update: z.number().int(),
  /** Rows that match a piece and would change nothing. */
  unchanged: z.number().int(),
  /** Source categories (Shopify's Type, a spreadsheet's Category) the shop has no category for. */
  unmappedCategories: z.array(z.string()),
  errors: z.array(importRowErrorAnswer),
})
export type ImportPreview = z.input<typeof importPreviewAnswer>

export const importProgressAnswer = z.object({
  id: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  /** Confirmed by the owner; a pending import that is not is still a preview. */
  confirmed: z.boolean(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Pictures stored so far, from the ZIP or fetched by URL. */
  imagesFetched: z.number().int(),
  unmappedCategories: z.array(z.string()),
  errors: z.array(importRowErrorAnswer),
})
export type ImportProgress = z.input<typeof importProgressAnswer>

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
