import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { type ProductData, productInputSchema } from '../../../shared/catalog/product-schema'
import {
  IMPORT_MAX_ROWS,
  type ImportFormat,
  type ImportPreview,
  type ImportRowError,
} from '../../../shared/catalog-import/schema'
import type { DbOrTx } from '../../db/client'
import { DomainError, invalidFields } from '../../errors'
import { products } from '../catalog/schema'
import { inChosenCategory } from './categories'
import { CsvSyntaxError, readCsv } from './csv-read'
import { isJadeHeader, JADE_COLUMNS, jadeReader } from './jade-format'
import { isWebAddress, shownBy, sourceOf, storedPictures } from './picture-sources'
import { productImportRows, productImports } from './schema'
import { countHandle, isShopifyHeader, SHOPIFY_COLUMNS, shopifyReader } from './shopify-format'
import { type FieldColumns, productInput, type ReadRows, type StagedRow } from './staged-rows'
import { pictureName, ZipError, ZipPictures } from './zip-pictures'

// The dry run: the file is read, every row checked, and the rows that can be imported kept for
// the job (in product_import_rows, written a batch at a time as the file is read). Nothing in the catalogue changes until the owner confirms.

export const FORMAT_COLUMNS: Record<ImportFormat, FieldColumns> = {
  jade: JADE_COLUMNS,
  shopify: SHOPIFY_COLUMNS,
}

type ProductRow = typeof products.$inferSelect

const fileProblem = (message: string, field = 'file') => invalidFields(message, [{ field, message }])

export interface PreviewInput {
  /** The uploaded CSV's path: a temporary file, read twice as a stream. */
  csv: string
  zip: Buffer | undefined
  /** The shop's origin: its own picture URLs in the file are its stored paths. */
  origin: string
}

/** Staged rows are written, and their SKUs looked up, this many at a time. */
const BATCH_ROWS = 250

export async function previewImport(db: DbOrTx, input: PreviewInput): Promise<ImportPreview> {
  // First pass: the file's syntax, its size and its header, and in a Shopify file how many rows
  // each handle has (so the second pass knows when a product is whole). No record is kept.
  let names: string[] | undefined
  let body = 0
  const handleRows = new Map<string, number>()
  let countRows: ReturnType<typeof countHandle> | undefined
  try {
    for await (const record of readCsv(input.csv)) {
      if (!names) {
        names = record.cells.map((cell) => cell.trim())
        if (isShopifyHeader(names)) countRows = countHandle(names)
        continue
      }
      body++
      countRows?.(record, handleRows)
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileProblem(`Line ${error.row}: ${error.message}`)
    throw error
  }
  if (!names || body === 0) throw fileProblem('The file has no rows to import')
  if (body > IMPORT_MAX_ROWS) {
    const message = `The file has ${body.toLocaleString('en-US')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once. Split it into several files.`
    throw new DomainError('too-large', message, [{ field: 'file', message }])
  }
  const format: ImportFormat | undefined = isShopifyHeader(names)
    ? 'shopify'
    : isJadeHeader(names)
      ? 'jade'
      : undefined
  if (!format)
    throw fileProblem(
      'The first row is not a header the import knows: use a Jade Shop export or a Shopify product CSV',
    )
  let zip: ZipPictures | undefined
  try {
    zip = input.zip ? await ZipPictures.open(input.zip) : undefined
  } catch (error) {
    if (error instanceof ZipError) throw fileProblem(error.message, 'images')
    throw error
  }

  // Second pass: each row read, checked and written away in batches; only the counts, the
  // problems and the unmapped categories stay. One transaction: a dry run is kept whole or not at all.
  const reader = format === 'jade' ? jadeReader(names, input.origin) : shopifyReader(names, handleRows)
  const imageColumn = FORMAT_COLUMNS[format].imageUrls!
  const id = randomBytes(12).toString('base64url')
  const counts = { create: 0, update: 0, unchanged: 0, rowsTotal: 0 }
  const errors: ImportRowError[] = []
  const unmapped = new Set<string>()
  await db.transaction(async (tx) => {
    await tx.insert(productImports).values({ id, format, origin: input.origin, images: input.zip ?? null })
    let batch: StagedRow[] = []
    const stage = async (rows: StagedRow[]) => {
      const existing = await productsBySku(
        tx,
        rows.map((row) => row.sku),
      )
      const stored = await picturesStoredBefore(tx, rows, existing, zip)
      for (const row of rows) {
        const current = existing.get(row.sku.toUpperCase())
        if (!current) counts.create++
        else if (wouldChangeNothing(row, format, current, stored)) counts.unchanged++
        else counts.update++
        if (row.category === null) unmapped.add(row.sourceCategory)
      }
      counts.rowsTotal += rows.length
      await tx.insert(productImportRows).values(rows.map((row) => ({ importId: id, line: row.line, row })))
    }
    const take = async (read: ReadRows, last = false) => {
      const checked = checkPictures(read, zip, imageColumn)
      errors.push(...checked.errors)
      batch.push(...checked.rows)
      if (batch.length >= BATCH_ROWS || (last && batch.length > 0)) {
        await stage(batch)
        batch = []
      }
    }
    let header = true
    for await (const record of readCsv(input.csv)) {
      if (header) header = false
      else await take(reader.push(record))
    }
    await take(reader.end(), true)
    await tx
      .update(productImports)
      .set({
        unmappedCategories: [...unmapped].sort(),
        errors: sortErrors(errors),
        rowsTotal: counts.rowsTotal,
      })
      .where(eq(productImports.id, id))
  })
  const { create, update, unchanged } = counts
  return {
    id,
    format,
    create,
    update,
    unchanged,
    unmappedCategories: [...unmapped].sort(),
    errors: sortErrors(errors),
  }
}

export const sortErrors = (errors: ImportRowError[]) => [...errors].sort((a, b) => a.line - b.line)

/** Pictures named by file must be in the ZIP; a row missing one is refused with its line. */
function checkPictures({ rows, errors }: ReadRows, zip: ZipPictures | undefined, column: string): ReadRows {
  const kept: StagedRow[] = []
  const problems = [...errors]
  for (const row of rows) {
    const missing = row.images.filter(
      (image) => !image.ref.startsWith('/') && !isWebAddress(image.ref) && !zip?.has(image.ref),
    )
    for (const image of missing)
      problems.push({
        line: row.line,
        column,
        message: zip
          ? `${pictureName(image.ref)} is not in the ZIP of pictures`
          : `${image.ref} is neither a web address nor a file: send the pictures as a ZIP beside the CSV`,
      })
    if (missing.length === 0) kept.push(row)
  }
  return { rows: kept, errors: problems }
}

/** The pieces already in the shop with these SKUs, by upper-case SKU. */
export async function productsBySku(db: DbOrTx, skus: string[]): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>()
  const wanted = [...new Set(skus.map((sku) => sku.toUpperCase()))]
  for (let i = 0; i < wanted.length; i += 1000) {
    const page = await db
      .select()
      .from(products)
      .where(inArray(products.sku, wanted.slice(i, i + 1000)))
    for (const row of page) found.set(row.sku!.toUpperCase(), row)
  }
  return found
}

/**
 * For the pieces already in the shop, what an earlier import stored each of their pictures as
 * (by URL, or by a ZIP entry's bytes): the same file again must read as unchanged, as the job finds it.
 */
async function picturesStoredBefore(
  db: DbOrTx,
  rows: StagedRow[],
  existing: Map<string, ProductRow>,
  zip: ZipPictures | undefined,
): Promise<Map<string, string[]>> {
  const sources = new Map<string, string>()
  for (const row of rows) {
    const current = existing.get(row.sku.toUpperCase())
    if (!current) continue
    for (const { ref } of row.images) {
      if (keptAsIs(ref, current) || sources.has(ref)) continue
      const source = await sourceOf(ref, zip)
      if (source) sources.set(ref, source)
    }
  }
  const known = await storedPictures(db, [...sources.values()])
  const byRef = new Map<string, string[]>()
  for (const [ref, source] of sources) {
    const urls = known.get(source)
    if (urls) byRef.set(ref, urls)
  }
  return byRef
}

/**
 * Whether the row, with pictures the piece already shows, is the piece as it is. A category that
 * waits for the owner's choice is taken as the one the piece has (the earlier import's choice):
 * only another choice would change it.
 */
function wouldChangeNothing(
  row: StagedRow,
  format: ImportFormat,
  current: ProductRow,
  storedBefore: Map<string, string[]>,
): boolean {
  const category = row.category ?? current.category
  const staged = inChosenCategory(row, category, format)
  const pictures: { url: string; alt: string }[] = []
  for (const image of row.images) {
    const url = keptAsIs(image.ref, current)
      ? image.ref
      : shownBy(storedBefore.get(image.ref), current.imageUrls)
    if (url === undefined) return false
    pictures.push({ url, alt: image.alt })
  }
  const parsed = productInputSchema.safeParse(productInput(staged, category, pictures))
  return parsed.success && sameProduct(parsed.data, current, staged)
}

/** A picture needing no work: the shop's own path, or an address the piece already shows. */
export const keptAsIs = (ref: string, current: ProductRow | undefined) =>
  ref.startsWith('/') || (current?.imageUrls.includes(ref) ?? false)

/**
 * Whether writing `data` would change the piece. A blank cell the product rules fill with a
 * default (jade type, origin) matches a piece that has none: older pieces were made without them,
 * and a round trip must not invent them.
 */
export function sameProduct(data: ProductData, current: ProductRow, row: StagedRow): boolean {
  const given = row.fields as Record<string, unknown>
  // Missing alt texts are blank ones ('' means the piece's name), as the product rules align them.
  const stored = { ...current, imageAlts: current.imageUrls.map((_, i) => current.imageAlts[i] ?? '') }
  return (Object.keys(data) as (keyof ProductData)[]).every(
    (key) =>
      JSON.stringify(data[key] ?? null) === JSON.stringify(stored[key] ?? null) ||
      (given[key] === undefined && stored[key] === null),
  )
}
