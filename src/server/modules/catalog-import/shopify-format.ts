import type { ImportRowError } from '../../../shared/catalog-import/schema'
import { readKind, typeOfCategory } from './categories'
import type { CsvRecord } from './csv-read'
import { bodyToDescription, shortFrom } from './shopify-body'
import {
  CellError,
  cents,
  type FieldColumns,
  productProblems,
  type ReadRows,
  type RowReader,
  type StagedRow,
  skuFrom,
  wholeNumber,
  yesNo,
} from './staged-rows'

// Shopify's product CSV: one row per variant or picture, grouped by Handle. A jewelry piece is one
// product of one variant, so a handle's first row carries the piece and the others its pictures.

export const SHOPIFY_COLUMNS: FieldColumns = {
  sku: 'Variant SKU',
  name: 'Title',
  description: 'Body (HTML)',
  shortDescription: 'SEO Description',
  price: 'Variant Price',
  originalPrice: 'Variant Compare At Price',
  category: 'Type',
  type: 'Type',
  color: 'Tags',
  innerDiameterMm: 'Option1 Value',
  weight: 'Variant Grams',
  status: 'Status',
  stockQuantity: 'Variant Inventory Qty',
  imageUrls: 'Image Src',
  imageAlts: 'Image Alt Text',
}

export const isShopifyHeader = (header: string[]) => header.includes('Handle') && header.includes('Title')

const COLOURS = [
  'green',
  'lavender',
  'white',
  'yellow',
  'black',
  'red',
  'orange',
  'blue',
  'icy',
  'purple',
  'honey',
]

interface Group {
  first: CsvRecord
  records: CsvRecord[]
  /** Rows of the handle still to come (the first pass counted them). */
  remaining: number
}

/** A handle's row count: the first pass over the file counts them, so a group knows when it is whole. */
export function countHandle(header: string[]): (record: CsvRecord, counts: Map<string, number>) => void {
  const i = header.indexOf('Handle')
  return (record, counts) => {
    const handle = (record.cells[i] ?? '').trim()
    if (handle) counts.set(handle, (counts.get(handle) ?? 0) + 1)
  }
}

/**
 * Reads the file a record at a time. A handle's rows are one product, written once the last of
 * them has come. Shopify's exports keep a handle's rows together, so one group is held at a time;
 * a file that scatters them is still read right, holding the groups still open (and those after
 * them, so the products keep the order of their first lines).
 */
export function shopifyReader(header: string[], handleRows: Map<string, number>): RowReader {
  const index = new Map(header.map((name, i) => [name, i]))
  const cellOf = (record: CsvRecord, column: string) => {
    const i = index.get(column)
    return i === undefined ? '' : (record.cells[i] ?? '').trim()
  }
  /** Groups not yet written, by first line (a Map keeps the order they were met). */
  const open = new Map<string, Group>()
  const seen = new Map<string, number>()
  const flush = (all: boolean): ReadRows => {
    const done: ReadRows = { rows: [], errors: [] }
    for (const [handle, group] of open) {
      if (group.remaining > 0 && !all) break
      open.delete(handle)
      const { row, errors } = readProduct(handle, group)
      done.errors.push(...errors)
      if (row) done.rows.push(row)
    }
    return done
  }
  const readProduct = (handle: string, group: Group): { row?: StagedRow; errors: ImportRowError[] } => {
    const problems: ImportRowError[] = []
    const row = readGroup(handle, group, cellOf, problems)
    // Two products with one SKU would be one piece written twice.
    const twin = seen.get(row.sku.toUpperCase())
    if (twin !== undefined)
      problems.push({
        line: row.line,
        column: cellOf(group.first, 'Variant SKU') ? 'Variant SKU' : 'Handle',
        message: `SKU ${row.sku} is already on line ${twin}: each piece once per file`,
      })
    else seen.set(row.sku.toUpperCase(), row.line)
    const refused = new Set(problems.map((problem) => problem.column))
    problems.push(...productProblems(row, SHOPIFY_COLUMNS).filter((problem) => !refused.has(problem.column)))
    // A variant row left out is worth saying, but the piece itself imports.
    const fatal = problems.some((problem) => problem.line === group.first.row)
    return fatal ? { errors: problems } : { row, errors: problems }
  }
  return {
    push(record) {
      const handle = cellOf(record, 'Handle')
      if (!handle)
        return { rows: [], errors: [{ line: record.row, column: 'Handle', message: 'Handle is required' }] }
      const group = open.get(handle)
      if (group) {
        group.records.push(record)
        group.remaining--
      } else
        open.set(handle, { first: record, records: [record], remaining: (handleRows.get(handle) ?? 1) - 1 })
      return flush(false)
    },
    end: () => flush(true),
  }
}

function readGroup(
  handle: string,
  { first, records }: Pick<Group, 'first' | 'records'>,
  cellOf: (record: CsvRecord, column: string) => string,
  problems: ImportRowError[],
): StagedRow {
  const cell = (column: string) => cellOf(first, column)
  const line = first.row
  const read = <T>(column: string, parse: () => T): T | undefined => {
    try {
      return parse()
    } catch (error) {
      if (!(error instanceof CellError)) throw error
      problems.push({ line, column, message: error.message })
      return undefined
    }
  }
  const tags = cell('Tags')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
  // The kind: Type first, then Shopify's own taxonomy, then any tag that names one.
  const sources = [cell('Type'), cell('Product Category'), ...tags]
  const kind = sources.map(readKind).find(Boolean)
  const sourceCategory = cell('Type') || cell('Product Category')
  if (!kind && !sourceCategory)
    problems.push({
      line,
      column: 'Type',
      message:
        'The piece has no Type: give one (Bangle, Bracelet, Earrings, Necklace, Ring) or a tag naming it',
    })
  const pendant = sources.some((source) => readKind(source)?.type === 'pendant')

  const description = bodyToDescription(cell('Body (HTML)'))
  const option = { name: cell('Option1 Name').toLowerCase(), value: cell('Option1 Value') }
  const colour =
    option.name === 'color' || option.name === 'colour'
      ? option.value
      : tags.find((tag) => COLOURS.includes(tag.toLowerCase()))?.toLowerCase()
  const diameter =
    kind?.category === 'bangles' && /size|diameter/.test(option.name)
      ? option.value.match(/\d+/)?.[0]
      : undefined
  const grams = cell('Variant Grams')
  const quantity = read('Variant Inventory Qty', () =>
    wholeNumber(cell('Variant Inventory Qty'), 'Variant Inventory Qty'),
  )
  const published = read('Published', () => yesNo(cell('Published'), 'Published'))
  const status = cell('Status').toLowerCase()
  const active = (status === '' || status === 'active') && published !== false
  // A one-of-a-kind piece Shopify has none of is a piece already sold.
  const shopStatus = !active ? 'draft' : quantity === 0 ? 'sold' : 'available'

  const images = records
    .map((record, order) => ({
      src: cellOf(record, 'Image Src'),
      alt: cellOf(record, 'Image Alt Text'),
      position: Number(cellOf(record, 'Image Position')) || 1000 + order,
    }))
    .filter((image) => image.src)
    .sort((a, b) => a.position - b.position)
    .filter((image, i, all) => all.findIndex((other) => other.src === image.src) === i)

  // Further variants: a piece is one product, so they are named and left out.
  const sku = cell('Variant SKU') || handle
  for (const record of records.slice(1)) {
    const other = cellOf(record, 'Variant SKU')
    if ((other && other !== cell('Variant SKU')) || cellOf(record, 'Variant Price'))
      problems.push({
        line: record.row,
        column: 'Variant SKU',
        message:
          'A piece is one product with one variant: this row’s variant was left out (its picture is kept)',
      })
  }

  return {
    line,
    sku: cell('Variant SKU') ? sku : skuFrom(handle),
    category: kind?.category ?? null,
    sourceCategory: kind ? '' : sourceCategory,
    images: images.map((image) => ({ ref: image.src, alt: image.alt })),
    fields: {
      name: cell('Title'),
      description,
      shortDescription: shortFrom(cell('SEO Description') || description),
      price: read('Variant Price', () => cents(cell('Variant Price'), 'Variant Price')) ?? 0,
      originalPrice: read('Variant Compare At Price', () =>
        cents(cell('Variant Compare At Price'), 'Variant Compare At Price'),
      ),
      ...(cell('Cost per item')
        ? { cost: read('Cost per item', () => cents(cell('Cost per item'), 'Cost per item')) }
        : {}),
      type: pendant ? 'pendant' : kind ? typeOfCategory(kind.category) : 'other',
      ...(colour ? { color: colour } : {}),
      innerDiameterMm: diameter ? Number(diameter) : null,
      weight: grams && Number(grams) > 0 ? `${Number(grams)} g` : null,
      status: shopStatus,
      stockQuantity: quantity ?? 1,
    },
  }
}
