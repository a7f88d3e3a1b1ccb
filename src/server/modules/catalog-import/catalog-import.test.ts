import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_MAX_ROWS } from '../../../shared/catalog-import/schema'
import { adminCookie, insertProduct, type NewProduct } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { products } from '../catalog/schema'
import type { ProductRow } from '../catalog/service'
import {
  confirmAndWait,
  preview,
  progress,
  SHOPIFY_SAMPLE,
  sendImport,
  shopifySamplePictures,
} from './import-test-kit'

const ORIGIN = 'https://jade.example.com'
let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: 'test' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t?.close())

const exportCsv = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: { cookie: admin } }))
    .body

const JADE_HEADER =
  'SKU,Name,Short Description,Description,Price,Category,Type,Color,Images,Image Alt Texts,Status,Stock'

describe('the catalogue import', () => {
  it('is for the back office only', async () => {
    const visitor = await sendImport(t, '', 'SKU,Name,Price\n')
    expect(visitor.statusCode).toBe(401)
    const { cookie } = await registerCustomer(t.app)
    expect((await sendImport(t, cookie, 'SKU,Name,Price\n')).statusCode).toBe(403)
  })

  it('reads its own export back and changes nothing, however often it runs', async () => {
    await insertProduct(t.handle.db, {
      sku: 'RT-1',
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
    await insertProduct(t.handle.db, { sku: 'RT-2', status: 'draft', stockQuantity: 3 })
    await insertProduct(t.handle.db, {
      sku: 'RT-3',
      status: 'sold',
      stockQuantity: 0,
      soldPrice: 5000,
      soldAt: new Date(),
    })
    const before = await t.handle.db.select().from(products)
    const csv = await exportCsv()

    const dryRun = await preview(t, admin, csv)
    expect(dryRun).toMatchObject({
      format: 'jade',
      create: 0,
      update: 0,
      unchanged: 3,
      unmappedCategories: [],
      errors: [],
    })
    // Nothing is written by a dry run.
    expect(await t.handle.db.select().from(products)).toEqual(before)

    const report = await confirmAndWait(t, admin, dryRun.id)
    expect(report).toMatchObject({
      status: 'done',
      rowsDone: 3,
      rowsTotal: 3,
      created: 0,
      updated: 0,
      unchanged: 3,
      errors: [],
    })
    expect(await t.handle.db.select().from(products)).toEqual(before)
    expect(await exportCsv()).toBe(csv)
  })

  it('creates pieces in a new shop from another shop’s export, and a re-import duplicates nothing', async () => {
    // (A picture elsewhere on the web would be fetched: the pictures' own tests do that.)
    const csv = (await exportCsv()).replace(
      'https://cdn.example.net/b-1280.webp',
      `${ORIGIN}/uploads/b-1280.webp`,
    )
    await t.handle.db.delete(products)
    const first = await confirmAndWait(t, admin, (await preview(t, admin, csv)).id)
    expect(first).toMatchObject({ status: 'done', created: 3, updated: 0, errors: [] })
    const rows = await t.handle.db.select().from(products).where(eq(products.sku, 'RT-1'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: '=HYPERLINK("https://evil.example","Click")',
      price: 189_050,
      cost: 90_000,
      innerDiameterMm: 56,
      featured: true,
      imageUrls: ['/uploads/a-1280.webp', '/uploads/b-1280.webp'],
      imageAlts: ['Front', '+side view'],
      certificateUrl: '/uploads/cert-1280.webp',
    })
    const again = await preview(t, admin, csv)
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 3 })
    expect(await confirmAndWait(t, admin, again.id)).toMatchObject({ created: 0, updated: 0, unchanged: 3 })
    expect(await t.handle.db.select().from(products)).toHaveLength(3)
  })

  it('moves every field of every piece into a new shop, a sold piece with its sale’s date and price', async () => {
    // Pieces as the product form makes them. (One made before jade type and origin were asked
    // for has neither; created anew, it takes the form's defaults, as an edit would give it.)
    const soldAt = new Date('2026-03-14T15:09:26.535Z')
    const pieces: Partial<NewProduct>[] = [
      {
        sku: 'MV-1',
        name: 'Icy lavender bangle',
        description: 'A bangle of icy lavender jadeite,\nwith "a glow".',
        shortDescription: '+ lavender, icy',
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
        certificateUrl: '/uploads/mv-cert-1280.webp',
        featured: true,
        status: 'available',
        stockQuantity: 1,
        imageUrls: ['/uploads/mv-a-1280.webp', '/uploads/mv-b-1280.webp'],
        imageAlts: ['=front', ''],
      },
      {
        sku: 'MV-2',
        name: 'Green jadeite studs',
        category: 'earrings',
        type: 'earring',
        color: 'green',
        jadeType: 'Type A',
        origin: 'Guatemala',
        status: 'draft',
        stockQuantity: 3,
        imageUrls: ['/uploads/mv-c-1280.webp'],
        imageAlts: ['On a white cloth'],
      },
      {
        sku: 'MV-3',
        name: 'Old mine pendant',
        category: 'necklaces',
        type: 'pendant',
        color: 'white',
        jadeType: 'Type A',
        origin: 'Myanmar',
        price: 76_000,
        status: 'sold',
        stockQuantity: 0,
        soldAt,
        soldPrice: 70_000,
        imageUrls: ['/uploads/mv-d-1280.webp'],
        imageAlts: [''],
      },
    ]
    for (const piece of pieces) await insertProduct(t.handle.db, piece)
    // The export of these three alone, as the shop they leave would send it.
    const [header, ...records] = parse(await exportCsv(), { bom: true }) as string[][]
    const sku = header!.indexOf('SKU')
    const moved = stringify([header!, ...records.filter((record) => record[sku]!.startsWith('MV-'))])

    const newShop = await createTestApp({ env: { PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: 'test' } })
    try {
      const owner = await adminCookie(newShop.app, newShop.handle.db)
      const dryRun = await preview(newShop, owner, moved)
      expect(dryRun).toMatchObject({ create: 3, update: 0, errors: [] })
      expect(await confirmAndWait(newShop, owner, dryRun.id)).toMatchObject({ created: 3, errors: [] })

      // Every column as it was, but the new shop's own ids and timestamps.
      const shopOwn = ({ id: _id, createdAt: _created, updatedAt: _updated, ...fields }: ProductRow) => fields
      const read = async (db: TestApp['handle']['db']) =>
        (await db.select().from(products).where(like(products.sku, 'MV-%')).orderBy(products.sku)).map(
          shopOwn,
        )
      const there = await read(newShop.handle.db)
      expect(there).toEqual(await read(t.handle.db))
      expect(there[2]).toMatchObject({ status: 'sold', soldAt, soldPrice: 70_000 })
    } finally {
      await newShop.close()
      await t.handle.db.delete(products).where(like(products.sku, 'MV-%'))
    }
  })

  it('refuses a sold piece’s sale date that is not a moment with its zone, or still to come', async () => {
    const header = `${JADE_HEADER},Sold At,Sold Price`
    const row = (sku: string, soldAt: string, soldPrice: string) =>
      `${sku},Sold ring,A fine ring,A fine ring of jadeite.,120.00,rings,ring,green,/uploads/x-1280.webp,,sold,0,${soldAt},${soldPrice}`
    const csv = [
      header,
      row('SD-1', '27/11/2026', '100.00'),
      row('SD-2', '2999-01-01T00:00:00Z', '1oo'),
      // A day alone would be read in some zone by guess.
      row('SD-3', '2026-11-27', '100.00'),
      row('SD-4', '2026-03-14T09:30:00-05:00', '100.00'),
    ].join('\n')
    const dryRun = await preview(t, admin, csv)
    const zoneless =
      'Sold At must be a date and time with its zone, as the export writes it: 2026-11-27T20:33:00Z'
    expect(dryRun.errors).toEqual([
      { line: 2, column: 'Sold At', message: zoneless },
      { line: 3, column: 'Sold At', message: 'Sold At cannot be in the future' },
      { line: 3, column: 'Sold Price', message: 'Sold Price must be an amount in dollars, such as 1890.50' },
      { line: 4, column: 'Sold At', message: zoneless },
    ])
    expect(dryRun.create).toBe(1)
  })

  it('updates a piece by SKU and says so in the preview', async () => {
    const csv = (await exportCsv()).replace('Icy bangle', 'Icy lavender bangle')
    const dryRun = await preview(t, admin, csv)
    expect(dryRun).toMatchObject({ create: 0, update: 1, unchanged: 2 })
    expect(await confirmAndWait(t, admin, dryRun.id)).toMatchObject({ updated: 1, unchanged: 2 })
    const [row] = await t.handle.db.select().from(products).where(eq(products.sku, 'RT-1'))
    expect(row!.shortDescription).toBe('Icy lavender bangle')
  })

  it('reports every row’s problems with its line and column, and imports the good rows', async () => {
    const csv = [
      JADE_HEADER,
      'ER-1,Good piece,A fine ring,A fine ring of jadeite.,120.00,rings,ring,green,/uploads/x-1280.webp,,available,1',
      'ER-2,No,A fine ring,Too short,abc,rings,ring,green,/uploads/x-1280.webp,,available,1',
      '"ER-3","Multi\nline name",A fine ring,A fine ring of jadeite.,120.00,rings,ring,green,,,available,1',
      'ER-1,Twin,A fine ring,A fine ring of jadeite.,120.00,rings,ring,green,/uploads/x-1280.webp,,sideways,-2',
      'ER-5,Brooch piece,A fine brooch,A fine brooch of jadeite.,80.00,Brooches,other,green,/uploads/y-1280.webp,,available,1',
    ].join('\n')
    const dryRun = await preview(t, admin, csv)
    expect(dryRun.create).toBe(2)
    expect(dryRun.unmappedCategories).toEqual(['Brooches'])
    expect(dryRun.errors).toEqual([
      { line: 3, column: 'Price', message: 'Price must be an amount in dollars, such as 1890.50' },
      { line: 3, column: 'Name', message: 'Name must be at least 3 characters' },
      { line: 3, column: 'Description', message: 'Description must be at least 10 characters' },
      { line: 4, column: 'Images', message: 'At least one image is required' },
      { line: 5, column: 'SKU', message: 'SKU ER-1 is already on line 2: each piece once per file' },
      { line: 5, column: 'Status', message: 'Status must be available, sold, reserved or draft' },
      { line: 5, column: 'Stock', message: 'Stock cannot be negative' },
    ])
    // The unmapped category is given one by the owner on confirming.
    const report = await confirmAndWait(t, admin, dryRun.id, { Brooches: 'necklaces' })
    expect(report).toMatchObject({ status: 'done', created: 2 })
    const [brooch] = await t.handle.db.select().from(products).where(eq(products.sku, 'ER-5'))
    expect(brooch).toMatchObject({ category: 'necklaces', type: 'other' })
    // The final report, for the owner to keep.
    const csvReport = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/imports/${dryRun.id}/report.csv`,
      headers: { cookie: admin },
    })
    expect(csvReport.statusCode).toBe(200)
    expect(csvReport.headers['content-disposition']).toMatch(/^attachment; filename="import-.+-report\.csv"$/)
    expect(csvReport.body).toContain('2 created, 0 updated, 0 unchanged, 2 of 2 rows done (done)')
    expect(csvReport.body).toContain('3,Price,"Price must be an amount in dollars, such as 1890.50"')
  })

  it('skips, with its line, a row whose category the owner left unmapped', async () => {
    const csv = [
      JADE_HEADER,
      'UM-1,Hair pin,A fine hair pin,A fine hair pin of jadeite.,80.00,Hair Pins,other,green,/uploads/y-1280.webp,,available,1',
    ].join('\n')
    const report = await confirmAndWait(t, admin, (await preview(t, admin, csv)).id)
    expect(report).toMatchObject({ status: 'done', created: 0, rowsDone: 1 })
    expect(report.errors).toEqual([
      {
        line: 2,
        column: 'Category',
        message: "“Hair Pins” was not given one of the shop's categories, so the piece was not imported",
      },
    ])
  })

  it('maps a Shopify export: several rows a piece, cleaned HTML, grams, drafts, the unmapped category', async () => {
    const dryRun = await preview(t, admin, SHOPIFY_SAMPLE, await shopifySamplePictures())
    expect(dryRun).toMatchObject({
      format: 'shopify',
      create: 4,
      update: 0,
      unmappedCategories: ['Hair Accessories'],
      errors: [],
    })
    const report = await confirmAndWait(t, admin, dryRun.id, { 'Hair Accessories': 'necklaces' })
    expect(report).toMatchObject({ status: 'done', created: 4, imagesFetched: 7, errors: [] })

    const [bangle] = await t.handle.db
      .select()
      .from(products)
      .where(eq(products.sku, 'IMPERIAL-GREEN-JADEITE-BANGLE'))
    expect(bangle).toMatchObject({
      name: 'Old Mine Imperial Green Bangle',
      description:
        'A glowing bangle of natural Type A jadeite from Myanmar.\n\nCertified & untreated.\nComes in a silk box.',
      shortDescription: 'An imperial green bangle of natural Type A jadeite.',
      price: 189_000,
      originalPrice: 210_000,
      cost: 90_000,
      category: 'bangles',
      type: 'bangle',
      color: 'green',
      innerDiameterMm: 56,
      weight: '52 g',
      status: 'available',
      stockQuantity: 1,
      imageAlts: ['Bangle seen from the front', 'Bangle seen from the side'],
    })
    expect(bangle!.imageUrls).toHaveLength(2)
    for (const url of bangle!.imageUrls) expect(url).toMatch(/^\/uploads\/[0-9a-f]+-\d+\.webp$/)

    const [earrings] = await t.handle.db.select().from(products).where(eq(products.sku, 'SH-EAR-2'))
    expect(earrings).toMatchObject({
      category: 'earrings',
      type: 'earring',
      color: 'lavender',
      stockQuantity: 2,
    })
    expect(earrings!.description).toBe('Drops of lavender\n\n• 14k gold hooks\n\n• Natural Type A')
    expect(earrings!.imageUrls).toHaveLength(3)

    const [pendant] = await t.handle.db.select().from(products).where(eq(products.sku, 'SH-PEN-3'))
    expect(pendant).toMatchObject({ category: 'necklaces', type: 'pendant', status: 'draft', color: 'white' })
    const [pin] = await t.handle.db.select().from(products).where(eq(products.sku, 'SH-PIN-4'))
    expect(pin).toMatchObject({ category: 'necklaces', type: 'necklace' })

    // The same file again: found by SKU (or handle), nothing new and nothing changed, as the preview
    // says; the pictures are known by their bytes, so none is decoded and stored again.
    const again = await preview(t, admin, SHOPIFY_SAMPLE, await shopifySamplePictures())
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 4 })
    expect(await confirmAndWait(t, admin, again.id, { 'Hair Accessories': 'necklaces' })).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 4,
      imagesFetched: 0,
    })

    // A picture changed under the same file name is a new picture: that piece is an update.
    const changed = await shopifySamplePictures({ 'bangle-side': '#336699' })
    const third = await preview(t, admin, SHOPIFY_SAMPLE, changed)
    expect(third).toMatchObject({ create: 0, update: 1, unchanged: 3 })
    expect(await confirmAndWait(t, admin, third.id, { 'Hair Accessories': 'necklaces' })).toMatchObject({
      updated: 1,
      unchanged: 3,
      imagesFetched: 1,
    })
    const [repictured] = await t.handle.db
      .select()
      .from(products)
      .where(eq(products.sku, 'IMPERIAL-GREEN-JADEITE-BANGLE'))
    expect(repictured!.imageUrls[0]).toBe(bangle!.imageUrls[0])
    expect(repictured!.imageUrls[1]).not.toBe(bangle!.imageUrls[1])
  })

  it('refuses a second Shopify product with a SKU already in the file', async () => {
    const csv = [
      'Handle,Title,Body (HTML),Type,Variant SKU,Variant Price,Image Src',
      'first-ring,First ring,<p>A fine ring of natural jadeite.</p>,Ring,DUP-1,120.00,/uploads/x-1280.webp',
      'second-ring,Second ring,<p>A fine ring of natural jadeite.</p>,Ring,DUP-1,130.00,/uploads/y-1280.webp',
    ].join('\n')
    const dryRun = await preview(t, admin, csv)
    expect(dryRun).toMatchObject({ create: 1 })
    expect(dryRun.errors).toEqual([
      { line: 3, column: 'Variant SKU', message: 'SKU DUP-1 is already on line 2: each piece once per file' },
    ])
  })

  it('keeps a Shopify handle one product when its rows are not together in the file', async () => {
    // Shopify's exports keep a handle's rows together; a file edited by hand may not.
    const csv = [
      'Handle,Title,Body (HTML),Type,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text',
      'split-ring,Split ring,<p>A fine ring of natural jadeite.</p>,Ring,SPLIT-1,120.00,/uploads/a-1280.webp,1,Front',
      'plain-ring,Plain ring,<p>A fine ring of natural jadeite.</p>,Ring,PLAIN-1,130.00,/uploads/c-1280.webp,1,Top',
      'split-ring,,,,,,/uploads/b-1280.webp,2,Side',
    ].join('\n')
    const dryRun = await preview(t, admin, csv)
    expect(dryRun).toMatchObject({ create: 2, errors: [] })
    expect(await confirmAndWait(t, admin, dryRun.id)).toMatchObject({
      status: 'done',
      created: 2,
      errors: [],
    })
    const [split] = await t.handle.db.select().from(products).where(eq(products.sku, 'SPLIT-1'))
    expect(split).toMatchObject({
      imageUrls: ['/uploads/a-1280.webp', '/uploads/b-1280.webp'],
      imageAlts: ['Front', 'Side'],
    })
  })

  it('refuses a file over the row limit, or not a CSV it knows, with a clear message', async () => {
    const row =
      'LM-1,Piece,A fine ring,A fine ring of jadeite.,120.00,rings,ring,green,/uploads/x-1280.webp,,available,1'
    const big = [JADE_HEADER, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => row)].join('\n')
    const tooMany = await sendImport(t, admin, big)
    expect(tooMany.statusCode).toBe(413)
    expect(tooMany.json()).toEqual({
      message: 'The file has 5,001 rows; at most 5,000 can be imported at once. Split it into several files.',
      errors: [
        {
          field: 'file',
          message:
            'The file has 5,001 rows; at most 5,000 can be imported at once. Split it into several files.',
        },
      ],
    })
    const unknown = await sendImport(t, admin, 'Foo,Bar\n1,2\n')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/not a header the import knows/)
  })

  it('refuses a file over 20 MB with 413', async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 'a')
    const response = await sendImport(t, admin, huge)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      message: 'products.csv is larger than 20 MB, the most one import takes. Split it into several files.',
      errors: [
        {
          field: 'file',
          message:
            'products.csv is larger than 20 MB, the most one import takes. Split it into several files.',
        },
      ],
    })
  })

  it('is confirmed once, and an unknown import is a 404', async () => {
    const csv = await exportCsv()
    const { id } = await preview(t, admin, csv)
    expect((await progress(t, admin, id)).status).toBe('pending')
    await confirmAndWait(t, admin, id)
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/imports/${id}/confirm`,
      payload: {},
      headers: { cookie: admin },
    })
    expect(twice.statusCode).toBe(409)
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/imports/AAAAAAAAAAAAAAAA',
      headers: { cookie: admin },
    })
    expect(missing.statusCode).toBe(404)
  })
})
