import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_CSV_COLUMNS } from '../../../shared/catalog-import/csv'
import { adminCookie, insertProduct, productFields } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { EXPORT_PAGE } from './export'
import { products } from './schema'

const ORIGIN = 'https://jade.example.com'
let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: 'test' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t?.close())

const exportCsv = (cookie = admin) =>
  t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: { cookie } })

describe('the catalogue export', () => {
  it('is for the back office only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv' })).statusCode).toBe(
      401,
    )
  })

  it('writes every field of every product, pictures as absolute URLs, safe to open in a spreadsheet', async () => {
    const piece = await insertProduct(t.handle.db, {
      sku: 'JB-7',
      name: '=HYPERLINK("https://evil.example","Click")',
      description: 'Line one,\nline "two"',
      shortDescription: 'Icy bangle',
      price: 189_050,
      originalPrice: 200_000,
      cost: 90_000,
      category: 'bangles',
      type: 'bangle',
      color: 'lavender',
      innerDiameterMm: 56,
      weight: '48.2 g',
      dimensions: '56 × 14 × 8 mm',
      jadeType: 'Type A',
      origin: 'Myanmar',
      certification: 'GIA Identification Report: natural jadeite, Type A',
      certificateUrl: '/uploads/cert-1280.webp',
      featured: true,
      imageUrls: ['/uploads/a-1280.webp', 'https://cdn.example.net/b-1280.webp'],
      imageAlts: ['Front', '+side view'],
    })
    const response = await exportCsv()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="jade-shop-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header] = parse(response.body, { bom: true, to: 1 }) as string[][]
    expect(header).toEqual([...CATALOG_CSV_COLUMNS])
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[]
    const row = rows.find((r) => r.ID === String(piece.id))!
    expect(row).toEqual({
      ID: String(piece.id),
      SKU: 'JB-7',
      Name: `'=HYPERLINK("https://evil.example","Click")`,
      'Short Description': 'Icy bangle',
      Description: 'Line one,\nline "two"',
      Price: '1890.50',
      'Original Price': '2000.00',
      Cost: '900.00',
      Category: 'bangles',
      Type: 'bangle',
      Color: 'lavender',
      'Inner Diameter (mm)': '56',
      Weight: '48.2 g',
      Dimensions: '56 × 14 × 8 mm',
      'Jade Type': 'Type A',
      Origin: 'Myanmar',
      Certification: 'GIA Identification Report: natural jadeite, Type A',
      'Certificate URL': `${ORIGIN}/uploads/cert-1280.webp`,
      Featured: 'yes',
      Status: 'available',
      Stock: '1',
      Images: `${ORIGIN}/uploads/a-1280.webp\nhttps://cdn.example.net/b-1280.webp`,
      'Image Alt Texts': "Front\n'+side view",
      'Sold At': '',
      'Sold Price': '',
      'Created At': piece.createdAt.toISOString(),
      'Updated At': piece.updatedAt.toISOString(),
    })
  })

  it('reads the catalogue a page at a time and leaves no piece out at the pages’ edges', async () => {
    const before = (parse((await exportCsv()).body, { bom: true, columns: true }) as unknown[]).length
    const extra = EXPORT_PAGE + 1
    await t.handle.db.insert(products).values(Array.from({ length: extra }, () => productFields()))
    const rows = parse((await exportCsv()).body, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(before + extra)
    const ids = rows.map((row) => Number(row.ID))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })
})
