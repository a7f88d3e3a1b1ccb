import type { ImportPreview, ImportProgress } from '../../src/shared/catalog-import/schema'
import type { AppServer } from './processes'

// The bench's catalogue files (issue 37): the shop's own export format and Shopify's product CSV,
// built in memory, row by row, from a few kinds and colours; and how the back office sends one.

/** How often a job's progress is polled. */
export const POLL_EVERY_MS = 200

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type Format = 'jade' | 'shopify'

const KINDS = [
  { type: 'Bangle', category: 'bangles', word: 'bangle' },
  { type: 'Bracelet', category: 'bracelets', word: 'bracelet' },
  { type: 'Earrings', category: 'earrings', word: 'earring' },
  { type: 'Necklace', category: 'necklaces', word: 'necklace' },
  { type: 'Ring', category: 'rings', word: 'ring' },
] as const
const COLOURS = ['green', 'lavender', 'white', 'yellow', 'black', 'red']

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
const line = (cells: (string | number)[]) => cells.map((cell) => quote(String(cell))).join(',')

/**
 * A CSV of `rows` rows in the shop's own export format. Pictures are the shop's own stored paths,
 * which the import keeps as they are: the bench measures the rows, not the image pipeline.
 */
export function jadeCsv(prefix: string, rows: number, status: 'available' | 'draft'): string {
  const header = [
    'SKU',
    'Name',
    'Short Description',
    'Description',
    'Price',
    'Cost',
    'Category',
    'Type',
    'Color',
    'Weight',
    'Dimensions',
    'Status',
    'Stock',
    'Images',
    'Image Alt Texts',
  ]
  const lines = [header.join(',')]
  for (let i = 0; i < rows; i++) {
    const kind = KINDS[i % KINDS.length]!
    const colour = COLOURS[i % COLOURS.length]!
    lines.push(
      line([
        `${prefix}-${String(i + 1).padStart(5, '0')}`,
        `${colour[0]!.toUpperCase()}${colour.slice(1)} jadeite ${kind.word} ${prefix} ${i + 1}`,
        `Natural Type A ${colour} jadeite ${kind.word}`,
        `A natural, untreated Type A jadeite ${kind.word} in ${colour}, hand polished in Guatemala. ` +
          'Comes with its certificate and a silk pouch. Imported by the catalogue benchmark.',
        ((12_000 + i * 137) / 100).toFixed(2),
        ((5_000 + i * 41) / 100).toFixed(2),
        kind.category,
        kind.category === 'earrings' ? 'earring' : kind.word,
        colour,
        `${(8 + (i % 40) / 2).toFixed(1)} g`,
        `${20 + (i % 30)} x ${10 + (i % 12)} mm`,
        status,
        1,
        `/uploads/bench-${prefix.toLowerCase()}-${i + 1}-1280.webp`,
        `The ${kind.word} on a white cloth`,
      ]),
    )
  }
  return `${lines.join('\n')}\n`
}

/**
 * A Shopify product CSV of `rows` rows: one row per product, and every fourth product a second
 * row with another picture (Shopify's layout), with HTML bodies for the sanitiser.
 */
export function shopifyCsv(
  prefix: string,
  rows: number,
  /** The products' Body (HTML) beyond the short default one (import-memory.ts's long rows). */
  bodyOf?: (product: number, word: string, colour: string) => string,
): { csv: string; products: number } {
  const header = [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Product Category',
    'Type',
    'Tags',
    'Published',
    'Option1 Name',
    'Option1 Value',
    'Variant SKU',
    'Variant Grams',
    'Variant Inventory Qty',
    'Variant Price',
    'Variant Compare At Price',
    'Image Src',
    'Image Position',
    'Image Alt Text',
    'SEO Title',
    'SEO Description',
    'Status',
  ]
  const lines = [header.join(',')]
  let products = 0
  for (let i = 0; lines.length - 1 < rows; i++) {
    products++
    const kind = KINDS[i % KINDS.length]!
    const colour = COLOURS[i % COLOURS.length]!
    const handle = `${prefix.toLowerCase()}-${colour}-jadeite-${kind.word}-${i + 1}`
    const picture = (n: number) => `/uploads/bench-${handle}-${n}-1280.webp`
    lines.push(
      line([
        handle,
        `${colour[0]!.toUpperCase()}${colour.slice(1)} Jadeite ${kind.type} ${i + 1}`,
        bodyOf?.(i, kind.word, colour) ??
          `<p>A <strong>natural</strong> Type A jadeite ${kind.word} in ${colour}.</p>` +
            `<ul><li>Hand polished</li><li>Certified untreated</li></ul><script>alert(${i})</script>`,
        'Old Jade Co',
        `Apparel & Accessories > Jewelry > ${kind.category === 'necklaces' ? 'Necklaces' : kind.type}`,
        kind.type,
        `${colour}, ${kind.word}, certified`,
        'true',
        'Title',
        'Default Title',
        `${prefix}-${String(i + 1).padStart(5, '0')}`,
        8 + (i % 40),
        1,
        ((12_000 + i * 137) / 100).toFixed(2),
        '',
        picture(1),
        1,
        `The ${kind.word} from the front`,
        '',
        `A ${colour} jadeite ${kind.word}, natural Type A.`,
        'active',
      ]),
    )
    if (i % 4 === 3 && lines.length - 1 < rows)
      lines.push(
        line([handle, ...Array(14).fill(''), picture(2), 2, `The ${kind.word} from the side`, '', '', '']),
      )
  }
  return { csv: `${lines.join('\n')}\n`, products }
}

export function fileOf(format: Format, prefix: string, rows: number, status: 'available' | 'draft') {
  if (format === 'jade') return { csv: jadeCsv(prefix, rows, status), products: rows }
  return shopifyCsv(prefix, rows)
}

export async function api<T>(
  server: AppServer,
  cookie: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie },
  })
  const text = await response.text()
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 500)}`)
  return JSON.parse(text) as T
}

/** One file through the API as the back office sends it: the dry run, the go-ahead, the job. */
export async function importFile(server: AppServer, cookie: string, csv: string) {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv')
  const started = performance.now()
  const preview = await api<ImportPreview>(server, cookie, '/api/admin/products/imports', {
    method: 'POST',
    body: form,
  })
  const dryRunS = (performance.now() - started) / 1000
  if (preview.unmappedCategories.length > 0)
    throw new Error(`the bench's file left categories unmapped: ${preview.unmappedCategories.join(', ')}`)
  const confirmed = performance.now()
  await api(server, cookie, `/api/admin/products/imports/${preview.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  for (;;) {
    const progress = await api<ImportProgress>(server, cookie, `/api/admin/products/imports/${preview.id}`)
    if (progress.status === 'done' || progress.status === 'failed') {
      if (progress.status === 'failed') throw new Error(`import ${preview.id} failed`)
      return {
        dryRunS,
        importS: (performance.now() - confirmed) / 1000,
        created: progress.created,
        errors: preview.errors.length + progress.errors.length,
      }
    }
    await sleep(POLL_EVERY_MS)
  }
}
