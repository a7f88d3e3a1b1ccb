import { pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { asc, gt } from 'drizzle-orm'
import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  CSV_LIST_SEPARATOR,
} from '../../../shared/catalog-import/csv'
import { dollars, inert } from '../../csv-cells'
import type { DbOrTx } from '../../db/client'
import { absoluteUrl } from '../feeds/feed-fields'
import { products } from './schema'

/** Pieces read at a time: the export's memory is one page, however large the catalogue. */
export const EXPORT_PAGE = 500

type ProductRow = typeof products.$inferSelect

async function* allProducts(db: DbOrTx, pageSize: number): AsyncGenerator<ProductRow> {
  let after = 0
  for (;;) {
    const page = await db
      .select()
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(pageSize)
    yield* page
    if (page.length < pageSize) return
    after = page[page.length - 1]!.id
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : '')
const text = (value: string | null) => inert(value)
const whole = (value: number | null) => (value === null ? '' : String(value))

export function productCells(row: ProductRow, origin: string): Record<CatalogCsvColumn, string> {
  return {
    ID: String(row.id),
    SKU: text(row.sku),
    Name: text(row.name),
    'Short Description': text(row.shortDescription),
    Description: text(row.description),
    Price: dollars(row.price),
    'Original Price': dollars(row.originalPrice),
    Cost: dollars(row.cost),
    Category: text(row.category),
    Type: row.type,
    Color: text(row.color),
    'Inner Diameter (mm)': whole(row.innerDiameterMm),
    Weight: text(row.weight),
    Dimensions: text(row.dimensions),
    'Jade Type': text(row.jadeType),
    Origin: text(row.origin),
    Certification: text(row.certification),
    'Certificate URL': row.certificateUrl ? absoluteUrl(origin, row.certificateUrl) : '',
    Featured: row.featured ? 'yes' : 'no',
    Status: row.status,
    Stock: String(row.stockQuantity),
    Images: row.imageUrls.map((url) => absoluteUrl(origin, url)).join(CSV_LIST_SEPARATOR),
    'Image Alt Texts': row.imageAlts.map((alt) => inert(alt)).join(CSV_LIST_SEPARATOR),
    'Sold At': iso(row.soldAt),
    'Sold Price': dollars(row.soldPrice),
    'Created At': iso(row.createdAt),
    'Updated At': iso(row.updatedAt),
  }
}

/**
 * Every product with every field as CSV, streamed: rows are read a page at a time and written as
 * the client takes them, so 10,000 pieces hold no more memory than 100. Amounts in dollars,
 * pictures and the certificate as absolute URLs, text made safe to open in a spreadsheet.
 */
export function exportCatalogCsv(
  db: DbOrTx,
  origin: string,
  onError: (error: Error) => void,
  /** A member without `products:cost` gets the file without its Cost column (issue 35). */
  { withCost = true, pageSize = EXPORT_PAGE }: { withCost?: boolean; pageSize?: number } = {},
): NodeJS.ReadableStream {
  const columns = CATALOG_CSV_COLUMNS.filter((column) => withCost || column !== 'Cost')
  const csv = stringify({ header: true, columns, bom: true })
  const rows = Readable.from(
    (async function* () {
      for await (const row of allProducts(db, pageSize)) yield productCells(row, origin)
    })(),
  )
  pipeline(rows, csv, (error) => {
    if (error) onError(error)
  })
  return csv
}
