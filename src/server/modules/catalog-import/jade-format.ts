import { type CatalogCsvColumn, CSV_LIST_SEPARATOR } from '../../../shared/catalog-import/csv'
import type { ImportRowError } from '../../../shared/catalog-import/schema'
import { readKind } from './categories'
import type { CsvRecord } from './csv-read'
import {
  CellError,
  cents,
  type FieldColumns,
  pastMoment,
  productProblems,
  type ReadRows,
  type RowReader,
  type StagedFields,
  type StagedRow,
  skuFrom,
  uninert,
  wholeNumber,
  yesNo,
} from './staged-rows'

// The shop's own export (shared/catalog-import/csv.ts) read back: a round trip changes nothing. ID and
// the timestamps are the shop's to keep, and so are a known piece's sale date and price; a sold
// piece new to the shop (a shop moving in) keeps the file's.

export const JADE_COLUMNS: FieldColumns = {
  sku: 'SKU',
  name: 'Name',
  shortDescription: 'Short Description',
  description: 'Description',
  price: 'Price',
  originalPrice: 'Original Price',
  cost: 'Cost',
  category: 'Category',
  type: 'Type',
  color: 'Color',
  innerDiameterMm: 'Inner Diameter (mm)',
  weight: 'Weight',
  dimensions: 'Dimensions',
  jadeType: 'Jade Type',
  origin: 'Origin',
  certification: 'Certification',
  certificateUrl: 'Certificate URL',
  featured: 'Featured',
  status: 'Status',
  stockQuantity: 'Stock',
  imageUrls: 'Images',
  imageAlts: 'Image Alt Texts',
}

const REQUIRED: CatalogCsvColumn[] = ['Name', 'Price', 'Category', 'Images']

export const isJadeHeader = (header: string[]) =>
  header.includes('SKU') && header.includes('Name') && header.includes('Price')

/** The shop's own address for its pictures, read back as the path it stores. */
export function ownPath(url: string, origin: string): string {
  const prefix = `${origin}/uploads/`
  return url.startsWith(prefix) ? url.slice(origin.length) : url
}

const NOTHING: ReadRows = { rows: [], errors: [] }

/** Reads the file a record at a time; only each SKU's first line is kept (to name a repeat). */
export function jadeReader(header: string[], origin: string): RowReader {
  const missing = REQUIRED.filter((column) => !header.includes(column))
  if (missing.length > 0)
    return {
      push: () => NOTHING,
      end: () => ({
        rows: [],
        errors: missing.map((column) => ({ line: 1, column, message: `The ${column} column is missing` })),
      }),
    }
  const index = new Map(header.map((name, i) => [name, i]))
  const seen = new Map<string, number>()
  const push = (record: CsvRecord): ReadRows => {
    const cell = (column: CatalogCsvColumn) => {
      const i = index.get(column)
      return i === undefined ? '' : uninert(record.cells[i] ?? '').trim()
    }
    const problems: ImportRowError[] = []
    const read = <T>(column: CatalogCsvColumn, parse: () => T): T | undefined => {
      try {
        return parse()
      } catch (error) {
        if (!(error instanceof CellError)) throw error
        problems.push({ line: record.row, column, message: error.message })
        return undefined
      }
    }
    const optional = (column: CatalogCsvColumn) => (index.has(column) ? cell(column) || null : undefined)
    const list = (column: CatalogCsvColumn) =>
      (index.has(column) ? (record.cells[index.get(column)!] ?? '') : '')
        .split(CSV_LIST_SEPARATOR)
        .map((item) => uninert(item.trim()))
    const urls = list('Images').filter(Boolean)
    const alts = list('Image Alt Texts')
    const categoryCell = cell('Category')
    const kind = readKind(categoryCell)
    const sku = cell('SKU') || skuFrom(cell('Name'))
    const row: StagedRow = {
      line: record.row,
      sku,
      category: kind?.category ?? null,
      sourceCategory: categoryCell,
      images: urls.map((url, i) => ({ ref: ownPath(url, origin), alt: alts[i] ?? '' })),
      ...(cell('Status').toLowerCase() === 'sold'
        ? {
            sale: {
              at: read('Sold At', () => pastMoment(cell('Sold At'), 'Sold At')) ?? null,
              price: read('Sold Price', () => cents(cell('Sold Price'), 'Sold Price')) ?? null,
            },
          }
        : {}),
      fields: {
        name: cell('Name'),
        shortDescription: cell('Short Description'),
        description: cell('Description'),
        price: read('Price', () => cents(cell('Price'), 'Price')) ?? 0,
        originalPrice: read('Original Price', () => cents(cell('Original Price'), 'Original Price')),
        cost: read('Cost', () => cents(cell('Cost'), 'Cost')),
        // Enumerations as typed; the product rules below refuse anything else, naming the column.
        ...(cell('Type') ? { type: cell('Type') as StagedFields['type'] } : {}),
        ...(cell('Color') ? { color: cell('Color') } : {}),
        innerDiameterMm: read('Inner Diameter (mm)', () =>
          wholeNumber(cell('Inner Diameter (mm)'), 'Inner Diameter (mm)'),
        ),
        weight: optional('Weight'),
        dimensions: optional('Dimensions'),
        ...(cell('Jade Type') ? { jadeType: cell('Jade Type') as StagedFields['jadeType'] } : {}),
        ...(cell('Origin') ? { origin: cell('Origin') as StagedFields['origin'] } : {}),
        certification: optional('Certification'),
        certificateUrl: cell('Certificate URL') ? ownPath(cell('Certificate URL'), origin) : null,
        ...(cell('Featured')
          ? { featured: read('Featured', () => yesNo(cell('Featured'), 'Featured')) ?? false }
          : {}),
        ...(cell('Status') ? { status: cell('Status').toLowerCase() as StagedFields['status'] } : {}),
        ...(cell('Stock')
          ? { stockQuantity: read('Stock', () => wholeNumber(cell('Stock'), 'Stock')) ?? 0 }
          : {}),
      },
    }
    if (!categoryCell)
      problems.push({ line: record.row, column: 'Category', message: 'Category is required' })
    const twin = seen.get(sku.toUpperCase())
    if (twin !== undefined)
      problems.push({
        line: record.row,
        column: 'SKU',
        message: `SKU ${sku} is already on line ${twin}: each piece once per file`,
      })
    else seen.set(sku.toUpperCase(), record.row)
    if (alts.filter(Boolean).length > urls.length)
      problems.push({
        line: record.row,
        column: 'Image Alt Texts',
        message: 'There is alt text for a missing image',
      })
    // The product's own rules, except where a cell was already refused (its stand-in value would mislead).
    const refused = new Set(problems.map((problem) => problem.column))
    problems.push(...productProblems(row, JADE_COLUMNS).filter((problem) => !refused.has(problem.column)))
    return problems.length > 0 ? { rows: [], errors: problems } : { rows: [row], errors: [] }
  }
  return { push, end: () => NOTHING }
}
