import { randomBytes } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import {
  IMPORT_MAX_ROWS,
  type ImportFormat,
  type ImportPreview,
  type ImportRowError,
} from '../../../shared/catalog-import'
import { type ProductData, productInputSchema } from '../../../shared/product-input'
import type { DbOrTx } from '../../db/client'
import { productImports, products } from '../../db/schema'
import { DomainError, invalidFields } from '../../errors'
import { CsvSyntaxError, readCsv } from './csv-read'
import { isJadeHeader, JADE_COLUMNS, readJadeRows } from './jade-format'
import { isShopifyHeader, readShopifyRows, SHOPIFY_COLUMNS } from './shopify-format'
import { type FieldColumns, productInput, type ReadRows, type StagedRow } from './staged-rows'
import { pictureName, ZipError, ZipPictures } from './zip-pictures'

// The dry run: the file is read, every row checked, and the rows that can be imported kept for
// the job. Nothing in the catalogue changes until the owner confirms.

export const FORMAT_COLUMNS: Record<ImportFormat, FieldColumns> = {
  jade: JADE_COLUMNS,
  shopify: SHOPIFY_COLUMNS,
}

type ProductRow = typeof products.$inferSelect

const fileProblem = (message: string, field = 'file') => invalidFields(message, [{ field, message }])

export interface PreviewInput {
  csv: Buffer
  zip: Buffer | undefined
  /** The shop's origin: its own picture URLs in the file are its stored paths. */
  origin: string
}

export async function previewImport(db: DbOrTx, input: PreviewInput): Promise<ImportPreview> {
  let records: ReturnType<typeof readCsv>
  try {
    records = readCsv(input.csv.toString('utf8'))
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileProblem(`Line ${error.row}: ${error.message}`)
    throw error
  }
  const [header, ...body] = records
  if (!header || body.length === 0) throw fileProblem('The file has no rows to import')
  if (body.length > IMPORT_MAX_ROWS) {
    const message = `The file has ${body.length.toLocaleString('en-US')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once. Split it into several files.`
    throw new DomainError('too-large', message, [{ field: 'file', message }])
  }
  const names = header.cells.map((cell) => cell.trim())
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

  const read = format === 'jade' ? readJadeRows(names, body, input.origin) : readShopifyRows(names, body)
  const { rows, errors } = checkPictures(read, zip, FORMAT_COLUMNS[format].imageUrls!)
  const existing = await productsBySku(
    db,
    rows.map((row) => row.sku),
  )
  let create = 0
  let update = 0
  let unchanged = 0
  for (const row of rows) {
    const current = existing.get(row.sku.toUpperCase())
    if (!current) create++
    else if (wouldChangeNothing(row, current)) unchanged++
    else update++
  }
  const unmappedCategories = [
    ...new Set(rows.filter((row) => row.category === null).map((row) => row.sourceCategory)),
  ].sort()
  const id = randomBytes(12).toString('base64url')
  await db.insert(productImports).values({
    id,
    format,
    origin: input.origin,
    rows,
    images: input.zip ?? null,
    unmappedCategories,
    errors: sortErrors(errors),
    rowsTotal: rows.length,
  })
  return { id, format, create, update, unchanged, unmappedCategories, errors: sortErrors(errors) }
}

export const sortErrors = (errors: ImportRowError[]) => [...errors].sort((a, b) => a.line - b.line)

/** Pictures named by file must be in the ZIP; a row missing one is refused with its line. */
function checkPictures({ rows, errors }: ReadRows, zip: ZipPictures | undefined, column: string): ReadRows {
  const kept: StagedRow[] = []
  const problems = [...errors]
  for (const row of rows) {
    const missing = row.images.filter(
      (image) => !image.ref.startsWith('/') && !/^https?:\/\//i.test(image.ref) && !zip?.has(image.ref),
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

/** Whether the row, with pictures the piece already shows, is the piece as it is. */
function wouldChangeNothing(row: StagedRow, current: ProductRow): boolean {
  if (row.category === null || !row.images.every((image) => keptAsIs(image.ref, current))) return false
  const parsed = productInputSchema.safeParse(
    productInput(
      row,
      row.category,
      row.images.map((image) => ({ url: image.ref, alt: image.alt })),
    ),
  )
  return parsed.success && sameProduct(parsed.data, current, row)
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
