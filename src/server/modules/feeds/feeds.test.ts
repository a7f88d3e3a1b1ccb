import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'

const ORIGIN = 'https://jade.example.com'
let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: 'test', STORE_NAME: 'Jade Shop' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t?.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })
const setFeeds = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings/feeds', payload: body, headers: { cookie: admin } })

/** The feed's items, each as its g: fields (a repeated field keeps every value). */
function googleItems(xml: string): Map<string, Record<string, string[]>> {
  const items = new Map<string, Record<string, string[]>>()
  for (const [, body] of xml.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
    const fields: Record<string, string[]> = {}
    // The shipping block's own g:price is the shipping's, not the piece's.
    const flat = body!.replace(/<g:shipping>[\s\S]*?<\/g:shipping>/g, '')
    for (const [, name, value] of flat.matchAll(/<g:([a-z_]+)>([^<]*)<\/g:\1>/g)) {
      fields[name!] = [...(fields[name!] ?? []), value!]
    }
    items.set(fields.id![0]!, fields)
  }
  return items
}

describe('product feeds', () => {
  it('answer 404 until the owner turns them on, and the settings say so', async () => {
    expect((await get('/feeds/google.xml')).statusCode).toBe(404)
    expect((await get('/feeds/meta.csv')).statusCode).toBe(404)
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/feeds',
      headers: { cookie: admin },
    })
    expect(settings.json()).toEqual({ google: false, meta: false })
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings/feeds' })).statusCode).toBe(401)
    const refused = await setFeeds({ google: 'yes' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toContainEqual(expect.objectContaining({ field: 'google' }))
  })

  it("list every piece on sale with Google's required attributes, absolute links and prices", async () => {
    const bangle = await insertProduct(t.handle.db, {
      name: 'Icy <Lavender> & Green Bangle',
      description: 'A **translucent** bangle.\n\nHand-carved in Myanmar.',
      category: 'bangles',
      type: 'bangle',
      color: 'lavender',
      price: 189_000,
      originalPrice: 210_000,
      sku: 'JB-001',
      imageUrls: Array.from({ length: 13 }, (_, i) => `/uploads/bangle${i}-1280.webp`),
      innerDiameterMm: 56,
    })
    const pendant = await insertProduct(t.handle.db, {
      category: 'necklaces',
      type: 'pendant',
      price: 4_500,
      imageUrls: ['https://cdn.example.net/uploads/p-1280.webp'],
    })
    const reserved = await insertProduct(t.handle.db, { status: 'reserved' })
    const sold = await insertProduct(t.handle.db, { status: 'sold', stockQuantity: 0 })
    const draft = await insertProduct(t.handle.db, { status: 'draft' })
    const noPicture = await insertProduct(t.handle.db, { imageUrls: [] })
    expect((await setFeeds({ google: true, meta: true })).statusCode).toBe(200)

    const feed = await get('/feeds/google.xml')
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toContain('application/xml')
    expect(feed.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0" xmlns:g="http:\/\/base\.google\.com\/ns\/1\.0">/,
    )
    const items = googleItems(feed.body)
    expect([...items.keys()].sort()).toEqual([String(bangle.id), String(pendant.id)].sort())
    for (const id of [reserved.id, sold.id, draft.id, noPicture.id]) expect(items.has(String(id))).toBe(false)

    const item = items.get(String(bangle.id))!
    for (const required of [
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
      'condition',
      'brand',
      'google_product_category',
      'material',
      'color',
      'identifier_exists',
    ]) {
      expect(item[required], required).toHaveLength(1)
    }
    expect(item.title![0]).toBe('Icy &lt;Lavender&gt; &amp; Green Bangle')
    expect(item.description![0]).toBe('A translucent bangle. Hand-carved in Myanmar.')
    expect(item.link![0]).toBe(`${ORIGIN}/product/${bangle.id}`)
    expect(item.image_link![0]).toBe(`${ORIGIN}/uploads/bangle0-1280.webp`)
    expect(item.additional_image_link).toHaveLength(10)
    expect(item.additional_image_link![0]).toBe(`${ORIGIN}/uploads/bangle1-1280.webp`)
    expect(item.availability![0]).toBe('in_stock')
    // On sale: the former price is the price, the sale price what the shopper pays.
    expect(item.price![0]).toBe('2100.00 USD')
    expect(item.sale_price![0]).toBe('1890.00 USD')
    expect(item.condition![0]).toBe('new')
    expect(item.brand![0]).toBe('Jade Shop')
    expect(item.google_product_category![0]).toBe('Apparel &amp; Accessories &gt; Jewelry &gt; Bracelets')
    expect(item.material![0]).toBe('Jadeite')
    expect(item.color![0]).toBe('Lavender')
    expect(item.identifier_exists![0]).toBe('no')
    expect(item.mpn![0]).toBe('JB-001')
    // Over the free-shipping threshold: shipping costs nothing; the cheap pendant pays the flat rate.
    expect(feed.body).toMatch(
      new RegExp(
        `<g:id>${bangle.id}</g:id>[\\s\\S]*?<g:shipping>\\s*<g:country>US</g:country>\\s*<g:price>0\\.00 USD</g:price>`,
      ),
    )
    const flat = (t.config.shipping.flatCents / 100).toFixed(2)
    expect(feed.body).toMatch(
      new RegExp(`<g:id>${pendant.id}</g:id>[\\s\\S]*?<g:price>${flat} USD</g:price>\\s*</g:shipping>`),
    )
    const pendantItem = items.get(String(pendant.id))!
    expect(pendantItem.google_product_category![0]).toBe(
      'Apparel &amp; Accessories &gt; Jewelry &gt; Charms &amp; Pendants',
    )
    expect(pendantItem.image_link![0]).toBe('https://cdn.example.net/uploads/p-1280.webp')
    expect(pendantItem.sale_price).toBeUndefined()

    const meta = await get('/feeds/meta.csv')
    expect(meta.statusCode).toBe(200)
    const rows = parse(meta.body, { columns: true }) as Record<string, string>[]
    const row = rows.find((r) => r.id === String(bangle.id))!
    expect(rows).toHaveLength(2)
    expect(row).toMatchObject({
      title: 'Icy <Lavender> & Green Bangle',
      availability: 'in stock',
      condition: 'new',
      price: '2100.00 USD',
      sale_price: '1890.00 USD',
      link: `${ORIGIN}/product/${bangle.id}`,
      image_link: `${ORIGIN}/uploads/bangle0-1280.webp`,
      brand: 'Jade Shop',
      material: 'Jadeite',
      size: '56 mm',
    })
    expect(row.additional_image_link!.split(',')).toHaveLength(12)
  })

  it('drop a piece within one catalogue change once it is reserved or sold, and go dark when turned off', async () => {
    const piece = await insertProduct(t.handle.db, { price: 250_000, name: 'Leaving Soon Ring' })
    const marked = await insertProduct(t.handle.db, { name: 'Marked Sold Ring' })
    // Inserted behind the API's back: the feed built before it still stands until a change.
    t.app.catalogChanges.changed()
    expect((await get('/feeds/google.xml')).body).toContain('Leaving Soon Ring')

    const order = await placeZelleOrder(t.app, [piece])
    expect(order.statusCode).toBe(200)
    expect((await get('/feeds/google.xml')).body).not.toContain('Leaving Soon Ring')
    expect((await get('/feeds/meta.csv')).body).not.toContain('Leaving Soon Ring')

    expect((await get('/feeds/google.xml')).body).toContain('Marked Sold Ring')
    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${marked.id}/mark-sold`,
      payload: {},
      headers: { cookie: admin },
    })
    expect(sold.statusCode).toBe(200)
    expect((await get('/feeds/google.xml')).body).not.toContain('Marked Sold Ring')

    expect((await setFeeds({ google: false, meta: true })).statusCode).toBe(200)
    expect((await get('/feeds/google.xml')).statusCode).toBe(404)
    expect((await get('/feeds/meta.csv')).statusCode).toBe(200)
  })

  it('are cached as pages are: a CDN keeps them a minute, a reader holding this version gets a 304', async () => {
    await setFeeds({ google: true, meta: true })
    for (const path of ['/feeds/google.xml', '/feeds/meta.csv']) {
      const first = await get(path)
      expect(first.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
      )
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^".+"$/)
      const again = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      // A change to the catalogue is a new version: the old ETag no longer matches.
      await insertProduct(t.handle.db, { name: `New Arrival ${path}` })
      t.app.catalogChanges.changed()
      const changed = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })
      expect(changed.statusCode).toBe(200)
      expect(changed.body).toContain(`New Arrival ${path}`)
    }
  })

  it('are allowed in robots.txt', async () => {
    const robots = (await get('/robots.txt')).body
    expect(robots).toContain('Allow: /feeds/google.xml')
    expect(robots).toContain('Allow: /feeds/meta.csv')
  })
})
