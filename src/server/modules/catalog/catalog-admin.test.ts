import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct, AdminProductPage } from '../../../shared/catalog/admin-schema'
import type { Product } from '../../../shared/catalog/rules'
import { adminCookie, insertProduct, placeZelleOrder, productFields } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { orderItems, orders } from '../orders/schema'
import { products } from './schema'

const t = shopForFile()
let admin: string

beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin } })

const valid = (overrides: Record<string, unknown> = {}) => {
  const { name, description, shortDescription, price, imageUrls, category, type, color } = productFields()
  return { name, description, shortDescription, price, imageUrls, category, type, color, ...overrides }
}

async function uploadImage(color: string): Promise<string> {
  const { payload, headers } = await multipartBody([
    { field: 'images', name: `${color}.png`, data: await pngOf(color), type: 'image/png' },
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/product-image',
    payload,
    headers: { ...headers, cookie: admin },
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { files: string[] }).files[0]!
}

const storedFile = (url: string) => path.join(t.config.dataDir, url)

describe('the admin product list', () => {
  beforeAll(async () => {
    const db = t.handle.db
    await insertProduct(db, { name: 'Lavender Moon Bangle', category: 'bangles', sku: 'WJ-BALA-1111' })
    await insertProduct(db, { name: 'Icy Drop Earrings', category: 'earrings', sku: 'WJ-EAWH-2222' })
    await insertProduct(db, { name: 'Draft Ring Idea', category: 'rings', status: 'draft' })
    await insertProduct(db, { name: 'Sold Moon Pendant', category: 'necklaces', status: 'sold' })
    for (let i = 0; i < 7; i++) await insertProduct(db, { name: `Filler Piece ${i}`, category: 'rings' })
  })

  const page = async (query: string) => {
    const response = await inject('GET', `/api/admin/products${query}`)
    expect(response.statusCode).toBe(200)
    return response.json() as AdminProductPage
  }

  it('searches by name, category or SKU, drafts and sold pieces included', async () => {
    expect((await page('?search=moon')).items.map((p) => p.name).sort()).toEqual([
      'Lavender Moon Bangle',
      'Sold Moon Pendant',
    ])
    expect((await page('?search=EARRINGS')).items.map((p) => p.name)).toEqual(['Icy Drop Earrings'])
    expect((await page('?search=wj-bala')).items.map((p) => p.name)).toEqual(['Lavender Moon Bangle'])
    expect((await page('?search=draft')).items.map((p) => p.name)).toEqual(['Draft Ring Idea'])
    // A percent sign is a character to look for, not a wildcard.
    expect((await page('?search=%25')).total).toBe(0)
  })

  it('pages on the server with the total, and counts every status under the same search', async () => {
    const first = await page('?pageSize=5&sort=name-asc')
    const second = await page('?pageSize=5&page=2&sort=name-asc')
    expect(first.items).toHaveLength(5)
    expect(first.total).toBe(11)
    expect(second.items[0]!.name > first.items[4]!.name).toBe(true)
    expect(first.statusCounts).toEqual({ all: 11, available: 9, sold: 1, reserved: 0, draft: 1 })
    const drafts = await page('?status=draft')
    expect(drafts.total).toBe(1)
    expect(drafts.statusCounts.all).toBe(11)
    const past = await page('?page=9')
    expect(past).toMatchObject({ items: [], total: 11 })
  })

  it('shows the back office what shoppers never see', async () => {
    const [item] = (await page('?search=lavender')).items
    expect(item).toHaveProperty('cost')
    expect(item).toHaveProperty('soldAt')
    const publicView = (await t.app.inject({ method: 'GET', url: `/api/products/${item!.id}` })).json()
    expect(publicView).not.toHaveProperty('cost')
  })

  it('refuses bad list parameters with 400', async () => {
    for (const query of ['?pageSize=500', '?page=0', '?sort=cheapest', '?status=lost', '?category=hats'])
      expect((await inject('GET', `/api/admin/products${query}`)).statusCode).toBe(400)
  })
})

describe('product writes', () => {
  it('takes the specification field names and answers both spellings', async () => {
    const created = await inject('POST', '/api/products', valid({ type: 'bangle', inner_diameter_mm: 58 }))
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ innerDiameterMm: 58, inner_diameter_mm: 58 })
    const shown = (await t.app.inject({ method: 'GET', url: `/api/products/${created.json().id}` })).json()
    expect(shown).toMatchObject({ innerDiameterMm: 58, inner_diameter_mm: 58 })
    // Found by the storefront's size filter (M is 58–60 mm).
    const sized = (await t.app.inject({ method: 'GET', url: '/api/products?size=M' })).json() as Product[]
    expect(sized.map((p) => p.id)).toContain(created.json().id)
  })

  it('refuses unknown fields, a diameter on anything but a bangle, and two disagreeing diameters', async () => {
    const unknown = await inject('POST', '/api/products', valid({ colour: 'green', id: 7 }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unknown field: colour, id')

    const ring = await inject('POST', '/api/products', valid({ type: 'ring', innerDiameterMm: 17 }))
    expect(ring.json().errors).toContainEqual({
      field: 'innerDiameterMm',
      message: 'Only bangles have an inner diameter',
    })
    const both = await inject(
      'POST',
      '/api/products',
      valid({ type: 'bangle', innerDiameterMm: 58, inner_diameter_mm: 60 }),
    )
    expect(both.statusCode).toBe(400)
  })

  it('checks image URLs and keeps one alt text per image', async () => {
    const bad = await inject('POST', '/api/products', valid({ imageUrls: ['javascript:alert(1)'] }))
    expect(bad.json().errors).toContainEqual({ field: 'imageUrls.0', message: 'Please enter a valid URL' })
    const twice = await inject(
      'POST',
      '/api/products',
      valid({ imageUrls: ['/uploads/a-320.webp', '/uploads/a-320.webp'] }),
    )
    expect(twice.json().errors).toContainEqual({
      field: 'imageUrls',
      message: 'This image URL is already added',
    })

    const created = await inject(
      'POST',
      '/api/products',
      valid({
        imageUrls: ['/uploads/x-320.webp', 'https://images.example.com/y.jpg'],
        imageAlts: ['Front view'],
      }),
    )
    expect(created.statusCode).toBe(201)
    expect(created.json().imageAlts).toEqual(['Front view', ''])
  })

  it('gives a hand-typed duplicate SKU a field error, and generates one when left blank', async () => {
    const first = await inject('POST', '/api/products', valid({ sku: 'wj-uniq-0001' }))
    expect(first.json().sku).toBe('WJ-UNIQ-0001')
    const clash = await inject('POST', '/api/products', valid({ sku: 'WJ-UNIQ-0001' }))
    expect(clash.statusCode).toBe(409)
    expect(clash.json().errors).toEqual([{ field: 'sku', message: 'A product with this SKU already exists' }])
    const generated = await inject(
      'POST',
      '/api/products',
      valid({ category: 'necklaces', color: 'Imperial green', sku: '' }),
    )
    expect(generated.json().sku).toMatch(/^WJ-NEIM-\d{4}$/)
  })

  it('marks a piece sold with its date and price; the storefront drops it, its page stays', async () => {
    const piece = (await inject('POST', '/api/products', valid({ price: 12_345 }))).json() as AdminProduct
    const sold = await inject('PATCH', `/api/products/${piece.id}/mark-sold`, {})
    expect(sold.statusCode).toBe(200)
    expect(sold.json()).toMatchObject({ status: 'sold', sold: true, stockQuantity: 0, soldPrice: 12_345 })
    expect(Date.now() - Date.parse(sold.json().soldAt)).toBeLessThan(60_000)

    const listing = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[]
    expect(listing.map((p) => p.id)).not.toContain(piece.id)
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${piece.id}` })
    expect(page.json()).toMatchObject({ status: 'sold', sold: true })

    const again = await inject('PATCH', `/api/products/${piece.id}/mark-sold`, {})
    expect(again.statusCode).toBe(409)
  })

  it('will not mark sold a piece an order holds', async () => {
    const held = await insertProduct(t.handle.db, { price: 40_000 })
    const order = await placeZelleOrder(t.app, [held])
    expect(order.statusCode).toBe(200)
    const response = await inject('PATCH', `/api/products/${held.id}/mark-sold`, {})
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toMatch(/reserved by an order/)
  })

  it('never deletes a product that an order remembers', async () => {
    const db = t.handle.db
    const piece = await insertProduct(db, {})
    const [order] = await db
      .insert(orders)
      .values({ subtotal: piece.price, total: piece.price, paymentMethod: 'zelle' })
      .returning()
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: piece.id,
      quantity: 1,
      price: piece.price,
      productName: piece.name,
      productImage: piece.imageUrls[0]!,
    })
    const response = await inject('DELETE', `/api/products/${piece.id}`)
    expect(response.statusCode).toBe(409)
    const [still] = await db.select().from(products).where(eq(products.id, piece.id))
    expect(still).toBeDefined()
  })
})

describe('stored images', () => {
  it('removes the files of a deleted product unless another product uses them', async () => {
    const own = await uploadImage('#0f6b4b')
    const shared = await uploadImage('#b08d57')
    const first = (await inject('POST', '/api/products', valid({ imageUrls: [own, shared] }))).json()
    await inject('POST', '/api/products', valid({ imageUrls: [shared] }))
    expect(existsSync(storedFile(own))).toBe(true)

    expect((await inject('DELETE', `/api/products/${first.id}`)).statusCode).toBe(200)
    expect(existsSync(storedFile(own))).toBe(false)
    expect(existsSync(storedFile(own.replace(/-\d+\.webp$/, '-320.webp')))).toBe(false)
    expect(existsSync(storedFile(shared))).toBe(true)
  })

  it('removes an image taken off a product on save', async () => {
    const kept = await uploadImage('#3c5f88')
    const dropped = await uploadImage('#a23b3b')
    const piece = (await inject('POST', '/api/products', valid({ imageUrls: [kept, dropped] }))).json()
    const saved = await inject(
      'PUT',
      `/api/products/${piece.id}`,
      valid({ imageUrls: [kept], sku: piece.sku }),
    )
    expect(saved.statusCode).toBe(200)
    expect(existsSync(storedFile(dropped))).toBe(false)
    expect(existsSync(storedFile(kept))).toBe(true)
  })
})

describe('category images', () => {
  it('creates, refuses a second create, updates, and shows the result publicly', async () => {
    const image = await uploadImage('#cfe3d6')
    const created = await inject('POST', '/api/category-images', {
      category: 'rings',
      imageUrl: image,
      description: 'Cabochons and saddles',
    })
    expect(created.statusCode).toBe(201)
    const twice = await inject('POST', '/api/category-images', { category: 'rings', imageUrl: image })
    expect(twice.statusCode).toBe(409)

    const replacement = await uploadImage('#093e2c')
    const updated = await inject('PUT', '/api/category-images/rings', {
      imageUrl: replacement,
      description: 'Saddle rings',
    })
    expect(updated.statusCode).toBe(200)
    expect(existsSync(storedFile(image))).toBe(false)

    const listed = (await t.app.inject({ method: 'GET', url: '/api/category-images' })).json()
    expect(listed).toContainEqual({ category: 'rings', imageUrl: replacement, description: 'Saddle rings' })
  })

  it('creates through PUT when the category had no picture', async () => {
    const response = await inject('PUT', '/api/category-images/bangles', { imageUrl: '/uploads/b-640.webp' })
    expect(response.statusCode).toBe(201)
  })

  it('refuses an unknown category with 400', async () => {
    expect((await inject('PUT', '/api/category-images/hats', { imageUrl: '/x.webp' })).statusCode).toBe(400)
    const posted = await inject('POST', '/api/category-images', { category: 'hats', imageUrl: '/x.webp' })
    expect(posted.statusCode).toBe(400)
    expect(posted.json().errors[0].field).toBe('category')
  })
})
