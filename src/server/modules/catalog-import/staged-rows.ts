import type { z } from 'zod'
import { type ProductInput, productInputSchema } from '../../../shared/catalog/product-schema'
import type { ImportRowError } from '../../../shared/catalog-import/schema'
import type { CsvRecord } from './csv-read'

// What the dry run keeps of each accepted row for the job: the product's fields as the API takes
// them, the category (or the source's words for it, when the owner must choose), and references
// to its pictures, which the job resolves (the shop's own paths, ZIP entries, or URLs to fetch).

export interface StagedImage {
  /** `/uploads/…`, an http(s) URL, or a file name to find in the ZIP. */
  ref: string
  alt: string
}

export type StagedFields = Omit<ProductInput, 'category' | 'imageUrls' | 'imageAlts' | 'sku'>

export interface StagedRow {
  line: number
  /** How a re-import finds the piece again: its SKU, or one made from the handle or name. */
  sku: string
  fields: StagedFields
  /** One of the shop's categories, or null while `sourceCategory` waits for the owner's choice. */
  category: string | null
  sourceCategory: string
  images: StagedImage[]
  /**
   * A sold piece's sale as the shop's own export gives it (Sold At as ISO 8601, Sold Price in
   * cents), kept when the piece is new to the shop: a shop moved by export and import keeps its
   * sales' dates and prices. A piece already in the shop keeps its own.
   */
  sale?: { at: string | null; price: number | null }
}

/** A format's reading of its rows: the staged rows and every problem, by line and column. */
export interface ReadRows {
  rows: StagedRow[]
  errors: ImportRowError[]
}

/**
 * A format's reader, fed the file's records one at a time: each call gives back the rows it has
 * finished and their problems, so the caller can write them away and forget them.
 */
export interface RowReader {
  push(record: CsvRecord): ReadRows
  /** The rows still held once the file has ended. */
  end(): ReadRows
}

/** Which column of the file each product field came from, for the messages. */
export type FieldColumns = Partial<Record<keyof ProductInput | 'innerDiameterMm', string>>

/** The export makes text that starts like a formula inert with a leading '; the import takes it off. */
export const uninert = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

/** A cell's problem while reading it, before the product's own rules. */
export class CellError extends Error {}

/** Dollars as typed in a spreadsheet ("1890.50", "$1,890.50") to cents; blank is null. */
export function cents(cell: string, label: string): number | null {
  const text = cell.trim().replace(/^\$/, '').replaceAll(',', '')
  if (text === '') return null
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    throw new CellError(`${label} must be an amount in dollars, such as 1890.50`)
  return Math.round(Number(text) * 100)
}

/** A moment with its zone, as the export writes it: a day or a time without a zone would be read in some zone by guess. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/

/** A moment as the export writes it ("2026-11-27T20:33:00.000Z"), in the past; blank is null. */
export function pastMoment(cell: string, label: string, now = new Date()): string | null {
  const text = cell.trim()
  if (text === '') return null
  const moment = new Date(text)
  if (!ISO_MOMENT.test(text) || Number.isNaN(moment.getTime()))
    throw new CellError(
      `${label} must be a date and time with its zone, as the export writes it: 2026-11-27T20:33:00Z`,
    )
  if (moment > now) throw new CellError(`${label} cannot be in the future`)
  return moment.toISOString()
}

export function wholeNumber(cell: string, label: string): number | null {
  const text = cell.trim()
  if (text === '') return null
  if (!/^-?\d+$/.test(text)) throw new CellError(`${label} must be a whole number`)
  return Number(text)
}

export function yesNo(cell: string, label: string): boolean | null {
  const text = cell.trim().toLowerCase()
  if (text === '') return null
  if (['yes', 'true', '1', 'y'].includes(text)) return true
  if (['no', 'false', '0', 'n'].includes(text)) return false
  throw new CellError(`${label} must be yes or no`)
}

/** A SKU the shop accepts, made from a handle or a name: a re-import of the same file finds it again. */
export function skuFrom(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase()
  if (slug.length <= 40) return slug
  // Long handles keep their start and a short hash of the rest, so two never meet by truncation.
  let hash = 0
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `${slug.slice(0, 33)}-${hash.toString(36).slice(0, 6).toUpperCase()}`
}

const PLACEHOLDER_CATEGORY = 'rings'

/**
 * Checks a staged row against the product rules the form and the API use, with stand-ins for
 * what only the job can settle (the pictures' stored URLs, an unmapped category): the owner sees
 * every other problem in the preview.
 */
export function productProblems(row: StagedRow, columns: FieldColumns): ImportRowError[] {
  const input = {
    ...row.fields,
    sku: row.sku,
    category: row.category ?? PLACEHOLDER_CATEGORY,
    imageUrls: row.images.map((_, index) => `/uploads/staged-${index}-1280.webp`),
    imageAlts: row.images.map((image) => image.alt),
  }
  const parsed = productInputSchema.safeParse(input)
  return parsed.success ? [] : zodProblems(row.line, parsed.error, columns)
}

export function zodProblems(line: number, error: z.ZodError, columns: FieldColumns): ImportRowError[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '') as keyof FieldColumns
    return { line, column: columns[field] ?? String(field), message: issue.message }
  })
}

/** The stored product as the API would take it from this row, once category and pictures are known. */
export function productInput(row: StagedRow, category: string, images: { url: string; alt: string }[]) {
  return {
    ...row.fields,
    sku: row.sku,
    category,
    imageUrls: images.map((image) => image.url),
    imageAlts: images.map((image) => image.alt),
  }
}
