import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/catalog/rules'
import { buildApp } from '../../app'
import { adminCookie, insertProduct, placeZelleOrder, productFields } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'

const t = shopForFile()
let admin: string
let customer: string

beforeAll(async () => {
  const db = t.handle.db
  admin = await adminCookie(t.app, db)
  customer = (await registerCustomer(t.app)).cookie
  const bangle = (name: string, innerDiameterMm: number | null, extra = {}) =>
    insertProduct(db, { name, category: 'Bangles', type: 'bangle', innerDiameterMm, ...extra })
  await bangle('Bangle 54', 54, { price: 54_000, color: 'Green' })
  await bangle('Bangle 55', 55, { price: 55_000, color: 'lavender' })
  await bangle('Bangle 63', 63, { price: 63_000 })
  await bangle('Bangle 64', 64, { price: 64_000, featured: true })
  await bangle('Bangle Unknown Size', null, { price: 1_000 })
  // A ring with a diameter is not a bangle: the size filter ignores it.
  await insertProduct(db, {
    name: 'Ring 56',
    innerDiameterMm: 56,
    price: 2_000,
    color: 'white',
    sku: 'WJ-RIWH-0001',
  })
  await insertProduct(db, {
    name: 'Sold Pendant',
    category: 'necklaces',
    type: 'pendant',
    status: 'sold',
    price: 9_000,
  })
  await insertProduct(db, {
    name: 'Reserved Earrings',
    category: 'earrings',
    type: 'earring',
    status: 'reserved',
  })
  await insertProduct(db, {
    name: 'Draft Bracelet',
    category: 'bracelets',
    type: 'bracelet',
    status: 'draft',
  })
})

async function list(query = '', cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products${query}`,
    headers: cookie ? { cookie } : {},
  })
  return { status: response.statusCode, body: response.json() as Product[], response }
}
const names = (products: Product[]) => products.map((p) => p.name)

describe('the public listing', () => {
  it('hides drafts and sold pieces, keeps reserved ones, and sorts by name', async () => {
    const { status, body } = await list()
    expect(status).toBe(200)
    expect(names(body)).toEqual([
      'Bangle 54',
      'Bangle 55',
      'Bangle 63',
      'Bangle 64',
      'Bangle Unknown Size',
      'Reserved Earrings',
      'Ring 56',
    ])
    expect(body[0]).not.toHaveProperty('cost')
  })

  it('shows sold pieces on request, never drafts', async () => {
    const { body } = await list('?includeSold=true')
    expect(names(body)).toContain('Sold Pendant')
    expect(body.find((p) => p.name === 'Sold Pendant')).toMatchObject({
      sold: true,
      inStock: false,
      status: 'sold',
    })
    expect(names(body)).not.toContain('Draft Bracelet')
  })

  it('filters by category and colour case-insensitively', async () => {
    expect(names((await list('?category=BANGLES')).body)).toHaveLength(5)
    expect(names((await list('?color=green')).body)).toEqual(
      expect.arrayContaining(['Bangle 54', 'Bangle 63']),
    )
    expect(names((await list('?color=LAVENDER')).body)).toEqual(['Bangle 55'])
  })

  it.each([
    ['XS', ['Bangle 54']],
    ['S', ['Bangle 55']],
    ['L', ['Bangle 63']],
    ['XL', ['Bangle 64']],
    ['M', []],
  ])('keeps only bangles of size %s, inclusive, never null diameters', async (size, expected) => {
    expect(names((await list(`?size=${size}`)).body)).toEqual(expected)
  })

  it('refuses an unknown size or sort with 400', async () => {
    expect((await list('?size=XXL')).status).toBe(400)
    expect((await list('?sort=newest')).status).toBe(400)
  })

  it('sorts by price both ways and by name descending', async () => {
    const asc = (await list('?sort=price-asc')).body.map((p) => p.price)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = (await list('?sort=price-desc')).body.map((p) => p.price)
    expect(desc).toEqual([...asc].reverse())
    expect(names((await list('?sort=name-desc')).body)[0]).toBe('Ring 56')
  })

  it('searches names, descriptions, category, colour and SKU', async () => {
    expect(names((await list('?q=ring 5')).body)).toEqual(['Ring 56'])
    expect(names((await list('?q=riwh')).body)).toEqual(['Ring 56'])
    expect(names((await list('?q=lavender')).body)).toEqual(['Bangle 55'])
    expect((await list('?q=%25')).body).toEqual([])
  })

  it('lists featured pieces', async () => {
    expect(names((await list('?featured=true')).body)).toEqual(['Bangle 64'])
  })

  it('answers with an ETag, 304 when unchanged, and compressed bytes', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(first.headers['content-encoding']).toBe('gzip')
    const decoded = JSON.parse(gunzipSync(first.rawPayload).toString())
    expect(decoded).toHaveLength(7)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    // A weight of 0 refuses an encoding (RFC 9110): no brotli for `br;q=0`.
    const weighed = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': encoding } })
    expect((await weighed('br;q=0, gzip')).headers['content-encoding']).toBe('gzip')
    expect((await weighed('br;q=0')).headers['content-encoding']).toBeUndefined()
    expect((await weighed('gzip;q=0.5, br')).headers['content-encoding']).toBe('br')
  })
})

describe('includeAll, drafts and single products', () => {
  it('is for administrators only', async () => {
    expect((await list('?includeAll=true')).status).toBe(401)
    expect((await list('?includeAll=true', customer)).status).toBe(403)
    const { status, body } = await list('?includeAll=true', admin)
    expect(status).toBe(200)
    expect(names(body)).toEqual(expect.arrayContaining(['Draft Bracelet', 'Sold Pendant']))
    expect(body[0]).toHaveProperty('cost')
  })

  it('shows a draft product to admins only and a sold one to everybody', async () => {
    const all = (await list('?includeAll=true', admin)).body
    const draft = all.find((p) => p.name === 'Draft Bracelet')!
    const sold = all.find((p) => p.name === 'Sold Pendant')!
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${draft.id}` })).statusCode).toBe(404)
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/products/${draft.id}`,
      headers: { cookie: admin },
    })
    expect(asAdmin.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${sold.id}` })).json().sold).toBe(true)
  })

  it('lists the public categories without drafts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' })
    expect(response.json()).toEqual(['bangles', 'earrings', 'necklaces', 'rings'])
  })
})

describe('the admin product API', () => {
  const valid = () => {
    const { name, description, shortDescription, price, imageUrls, category, type, color } = productFields()
    return { name, description, shortDescription, price, imageUrls, category, type, color }
  }
  const create = (payload: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url: '/api/products', payload: payload as object, headers: { cookie } })

  it('answers 401 to anonymous visitors and 403 to customers on every write', async () => {
    const routes = [
      ['POST', '/api/products'],
      ['PUT', '/api/products/1'],
      ['DELETE', '/api/products/1'],
      ['PATCH', '/api/products/1/mark-sold'],
    ] as const
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401)
      expect(
        (await t.app.inject({ method, url, payload: {}, headers: { cookie: customer } })).statusCode,
      ).toBe(403)
    }
  })

  it('creates a product with a generated SKU in the WJ-{CA}{CO}-{4 digits} form', async () => {
    const response = await create({ ...valid(), category: 'Earrings', color: 'lavender' })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.sku).toMatch(/^WJ-EALA-\d{4}$/)
    expect(body).toMatchObject({
      jadeType: 'Type A',
      origin: 'Myanmar',
      status: 'available',
      featured: false,
    })
  })

  it('keeps SKUs unique', async () => {
    const first = await create({ ...valid(), sku: 'wj-test-0001' })
    expect(first.json().sku).toBe('WJ-TEST-0001')
    const clash = await create({ ...valid(), sku: 'WJ-TEST-0001' })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().message).toBe('A product with this SKU already exists')
    // Two generated SKUs for the same category and colour in one burst never clash.
    const burst = await Promise.all(
      [1, 2, 3].map(() => create({ ...valid(), category: 'rings', color: 'black' })),
    )
    const skus = burst.map((r) => r.json().sku)
    expect(new Set(skus).size).toBe(3)
  })

  it.each([
    ['name', { name: 'ab' }, 'Name must be at least 3 characters'],
    ['description', { description: 'too short' }, 'Description must be at least 10 characters'],
    [
      'shortDescription',
      { shortDescription: 'x'.repeat(101) },
      'Short description must be less than 100 characters',
    ],
    ['price', { price: 0 }, 'Price must be at least $0.01'],
    ['imageUrls', { imageUrls: [] }, 'At least one image is required'],
    ['type', { type: 'brooch' }, 'Product type is required'],
    ['category', { category: '' }, 'Category is required'],
  ])('refuses a bad %s with the specification message', async (field, change, message) => {
    const response = await create({ ...valid(), ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toContainEqual({ field, message })
  })

  it('updates, marks sold and deletes, each visible at once in the listing', async () => {
    const created = (await create({ ...valid(), name: 'Celadon Drop Earrings', category: 'earrings' })).json()
    expect(names((await list()).body)).toContain('Celadon Drop Earrings')

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created.id}`,
      payload: { ...valid(), name: 'Celadon Teardrop Earrings', category: 'earrings', sku: created.sku },
      headers: { cookie: admin },
    })
    expect(updated.statusCode).toBe(200)
    expect(names((await list()).body)).toContain('Celadon Teardrop Earrings')

    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${created.id}/mark-sold`,
      headers: { cookie: admin },
    })
    expect(sold.json()).toMatchObject({ status: 'sold', stockQuantity: 0 })
    expect(sold.json().soldAt).not.toBeNull()
    expect(names((await list()).body)).not.toContain('Celadon Teardrop Earrings')

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${created.id}`,
      headers: { cookie: admin },
    })
    expect(deleted.statusCode).toBe(200)
    expect(names((await list('?includeSold=true')).body)).not.toContain('Celadon Teardrop Earrings')
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${created.id}`,
      headers: { cookie: admin },
    })
    expect(again.statusCode).toBe(404)
  })
})

describe('several instances on one database', () => {
  it("clears another instance's cached listing when a product is written or bought", async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('NOTIFY between instances needs PostgreSQL')
    const secondHandle = await t.database.open()
    const second = await buildApp({
      config: t.config,
      database: secondHandle,
      logger: false,
      rateLimits: false,
    })
    await second.ready()
    try {
      const listed = async () =>
        ((await second.inject({ method: 'GET', url: '/api/products' })).json() as Product[]).map(
          (p) => p.name,
        )
      expect(await listed()).not.toContain('Told Elsewhere') // now cached on the second instance
      const { description, shortDescription, price, imageUrls, category, type, color } = productFields()
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: {
          name: 'Told Elsewhere',
          description,
          shortDescription,
          price,
          imageUrls,
          category,
          type,
          color,
        },
        headers: { cookie: admin },
      })
      expect(created.statusCode).toBe(201)
      await expect.poll(listed, { timeout: 5000, interval: 50 }).toContain('Told Elsewhere')

      // Bought on the first instance: the second stops offering it.
      const piece = created.json() as Product
      const shippingCost =
        piece.price >= t.config.shipping.freeThresholdCents ? 0 : t.config.shipping.flatCents
      const bought = await placeZelleOrder(t.app, [piece], { shippingCost })
      expect(bought.statusCode).toBe(200)
      const statusOnSecond = async () =>
        ((await second.inject({ method: 'GET', url: '/api/products' })).json() as Product[]).find(
          (p) => p.id === piece.id,
        )?.status ?? 'gone'
      await expect.poll(statusOnSecond, { timeout: 5000, interval: 50 }).not.toBe('available')
    } finally {
      await second.close()
      await secondHandle.close()
    }
  })
})
