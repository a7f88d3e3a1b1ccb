import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BANGLE_SIZES, PRODUCT_CATEGORIES, SHORT_DESCRIPTION_MAX } from '../../../shared/catalog/rules'
import { linkedProductIds } from '../../../shared/journal/markdown'
import { SLUG_PATTERN } from '../../../shared/journal/rules'
import { imageSources } from '../../../shared/media/images'
import type { DatabaseHandle } from '../../db/client'
import { createTestDatabase, type TestDatabase } from '../../test/helpers'
import { categoryImages, products } from '../catalog/schema'
import { blogPostProducts, blogPosts } from '../journal/schema'
import { sales } from '../ledger/schema'
import type { FileStore } from '../media/file-store'
import { LocalFileStore } from '../media/local-file-store'
import { testimonials } from '../testimonials/schema'
import { DEMO_PRODUCTS } from './demo-catalog'
import type { DemoImages } from './demo-images'
import { drawDemoImages, seedDemoIfEmpty } from './seed-demo'

// Drawing and encoding ~75 pictures takes a few seconds; more on a busy machine.
const SEEDING_TIMEOUT = 120_000

interface Fixture {
  database: TestDatabase
  handle: DatabaseHandle
  uploads: string
}

async function openFixture(): Promise<Fixture> {
  const database = await createTestDatabase()
  const handle = await database.open()
  const uploads = mkdtempSync(path.join(tmpdir(), 'jade-seed-'))
  return { database, handle, uploads }
}

async function closeFixture(fixture: Fixture | undefined) {
  if (!fixture) return
  await fixture.handle.close()
  await fixture.database.drop()
  rmSync(fixture.uploads, { recursive: true, force: true })
}

/** Every file a stored image URL stands for: the largest variant and the smaller ones of its srcset. */
function filesOf(uploads: string, url: string): string[] {
  const { src, srcSet } = imageSources(url)
  const urls = srcSet ? srcSet.split(', ').map((entry) => entry.split(' ')[0]!) : [src]
  return urls.map((entry) => path.join(uploads, entry.replace(/^\/uploads\//, '')))
}

// Two instances start at once on an empty database, as a fleet's first start does: one seeds,
// the other finds the catalogue there (under the seed's lock) and leaves it. Everything below is
// checked on what the two left behind. (One seeding alone is the same path, without the wait.)
// Instances of a fleet each draw the pictures, the same files either way (content-addressed);
// these two share one drawing, which is most of the file's time (sharp), so it is done once.
describe('seedDemoIfEmpty, two instances starting at once on an empty database', () => {
  let fixture: Fixture
  let results: boolean[]
  const messages: string[] = []

  beforeAll(async () => {
    fixture = await openFixture()
    const store = new LocalFileStore(fixture.uploads)
    const log = (message: string) => messages.push(message)
    let drawing: Promise<DemoImages> | undefined
    const drawOnce = (into: FileStore) => (drawing ??= drawDemoImages(into))
    results = await Promise.all([
      seedDemoIfEmpty(fixture.handle.db, store, log, drawOnce),
      seedDemoIfEmpty(fixture.handle.db, store, log, drawOnce),
    ])
  }, SEEDING_TIMEOUT)
  afterAll(() => closeFixture(fixture))

  it('seeds exactly once, and says so', async () => {
    expect([...results].sort()).toEqual([false, true])
    expect(messages.filter((message) => message.includes('seeded'))).toHaveLength(1)
    // One catalogue: the one that lost the race inserted nothing.
    expect(await fixture.handle.db.$count(products)).toBe(DEMO_PRODUCTS.length)
  })

  it('inserts about two dozen pieces across all five categories', async () => {
    const rows = await fixture.handle.db.select().from(products)
    expect(rows.length).toBeGreaterThanOrEqual(20)
    expect(rows.length).toBeLessThanOrEqual(30)
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(PRODUCT_CATEGORIES))
    const typesByCategory: Record<string, string[]> = {
      bangles: ['bangle'],
      bracelets: ['bracelet'],
      earrings: ['earring'],
      necklaces: ['necklace', 'pendant'],
      rings: ['ring'],
    }
    for (const row of rows) expect(typesByCategory[row.category]).toContain(row.type)
  })

  it('has exactly one sold and one reserved piece, the rest available', async () => {
    const rows = await fixture.handle.db.select().from(products)
    const sold = rows.filter((row) => row.status === 'sold')
    const reserved = rows.filter((row) => row.status === 'reserved')
    expect(sold).toHaveLength(1)
    expect(reserved).toHaveLength(1)
    expect(rows.filter((row) => row.status === 'available')).toHaveLength(rows.length - 2)
    expect(sold[0]!.soldAt).toBeInstanceOf(Date)
    expect(sold[0]!.soldPrice).toBe(sold[0]!.price)
    expect(rows.filter((row) => row.status !== 'sold').every((row) => row.soldAt === null)).toBe(true)

    const ledger = await fixture.handle.db.select().from(sales)
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ productId: sold[0]!.id, salePrice: sold[0]!.price, source: 'manual' })
  })

  it('covers every bangle size, with the pieces at the range boundaries', async () => {
    const rows = await fixture.handle.db.select().from(products)
    const bangles = rows.filter((row) => row.type === 'bangle')
    const diameters = bangles.map((row) => row.innerDiameterMm)
    expect(diameters.every((value) => typeof value === 'number')).toBe(true)
    for (const boundary of [54, 55, 63, 64]) expect(diameters).toContain(boundary)
    for (const { min, max } of Object.values(BANGLE_SIZES)) {
      expect(diameters.some((value) => value! >= min && (max === null || value! <= max))).toBe(true)
    }
    const others = rows.filter((row) => row.type !== 'bangle')
    expect(others.every((row) => row.innerDiameterMm === null)).toBe(true)
  })

  it('gives every piece a valid, unique SKU in the back office format', async () => {
    const rows = await fixture.handle.db.select().from(products)
    const skus = rows.map((row) => row.sku)
    expect(new Set(skus).size).toBe(rows.length)
    for (const row of rows) {
      const prefix = `WJ-${row.category.slice(0, 2)}${row.color.slice(0, 2)}-`.toUpperCase()
      expect(row.sku).toMatch(/^WJ-[A-Z]{4}-\d{4}$/)
      expect(row.sku!.startsWith(prefix)).toBe(true)
    }
  })

  it('fills every field the storefront and the back office show, within their rules', async () => {
    const rows = await fixture.handle.db.select().from(products)
    for (const row of rows) {
      expect(row.name.length).toBeGreaterThanOrEqual(3)
      expect(row.shortDescription.length).toBeGreaterThanOrEqual(5)
      expect(row.shortDescription.length).toBeLessThanOrEqual(SHORT_DESCRIPTION_MAX)
      expect(row.description.length).toBeGreaterThanOrEqual(10)
      expect(Number.isInteger(row.price)).toBe(true)
      expect(row.price).toBeGreaterThanOrEqual(18_000)
      expect(row.price).toBeLessThanOrEqual(480_000)
      if (row.originalPrice !== null) expect(row.originalPrice).toBeGreaterThan(row.price)
      expect(row.cost! / row.price).toBeGreaterThanOrEqual(0.4)
      expect(row.cost! / row.price).toBeLessThanOrEqual(0.6)
      expect(row.jadeType).toBe('Type A')
      expect(row.origin).toBe('Myanmar')
      expect(row.certification).toBeTruthy()
      expect(row.weight).toBeTruthy()
      expect(row.dimensions).toBeTruthy()
      expect(row.color).toMatch(/^[a-z]+(-[a-z]+)?$/)
    }
    expect(new Set(rows.map((row) => row.color)).size).toBeGreaterThanOrEqual(5)
    expect(rows.filter((row) => row.originalPrice !== null).length).toBeGreaterThanOrEqual(1)

    const featured = rows.filter((row) => row.featured)
    expect(featured.length).toBeGreaterThanOrEqual(4)
    expect(featured.length).toBeLessThanOrEqual(6)
    // A featured piece that cannot be bought would be a poor shop window.
    expect(featured.every((row) => row.status === 'available')).toBe(true)

    const stock = rows.filter((row) => row.status === 'available').map((row) => row.stockQuantity)
    expect(stock.every((quantity) => quantity >= 1)).toBe(true)
    expect(stock.filter((quantity) => quantity > 1)).toHaveLength(1)
  })

  it('stores two or three pictures per piece, every variant on disk', async () => {
    const rows = await fixture.handle.db.select().from(products)
    for (const row of rows) {
      expect(row.imageUrls.length).toBeGreaterThanOrEqual(2)
      expect(row.imageUrls.length).toBeLessThanOrEqual(3)
      expect(new Set(row.imageUrls).size).toBe(row.imageUrls.length)
      for (const url of row.imageUrls) {
        expect(url).toMatch(/^\/uploads\/[0-9a-f]{16}-1280\.webp$/)
        for (const file of filesOf(fixture.uploads, url)) expect(existsSync(file), file).toBe(true)
      }
    }
    // Each piece looks like itself: no two pieces share a main picture.
    expect(new Set(rows.map((row) => row.imageUrls[0])).size).toBe(rows.length)
  })

  it('sets a landscape picture and a description for each category', async () => {
    const rows = await fixture.handle.db.select().from(categoryImages)
    expect(rows.map((row) => row.category).sort()).toEqual([...PRODUCT_CATEGORIES].sort())
    for (const row of rows) {
      expect(row.description!.length).toBeGreaterThan(20)
      for (const file of filesOf(fixture.uploads, row.imageUrl)) expect(existsSync(file), file).toBe(true)
    }
  })

  it('adds four approved testimonials about seeded pieces and one awaiting approval', async () => {
    const rows = await fixture.handle.db.select().from(testimonials)
    const productIds = new Set(
      (await fixture.handle.db.select({ id: products.id }).from(products)).map((row) => row.id),
    )
    expect(rows.filter((row) => row.approved)).toHaveLength(4)
    expect(rows.filter((row) => !row.approved)).toHaveLength(1)
    for (const row of rows) {
      expect(row.content.length).toBeGreaterThanOrEqual(10)
      expect(row.rating).toBeGreaterThanOrEqual(4)
      expect(row.rating).toBeLessThanOrEqual(5)
      expect(productIds.has(row.productId!)).toBe(true)
    }
  })

  it('publishes three Journal stories that link seeded pieces, each with a banner on disk', async () => {
    const posts = await fixture.handle.db.select().from(blogPosts)
    expect(posts.map((post) => post.slug).sort()).toEqual([
      'caring-for-your-jade',
      'how-to-measure-your-hand-for-a-jade-bangle',
      'type-a-jadeite-how-to-tell-it-from-treated-jade',
    ])
    const productIds = new Set(
      (await fixture.handle.db.select({ id: products.id }).from(products)).map((row) => row.id),
    )
    const links = await fixture.handle.db.select().from(blogPostProducts)
    for (const post of posts) {
      expect(post.slug).toMatch(SLUG_PATTERN)
      expect(post.published).toBe(true)
      expect(post.publishedAt!.getTime()).toBeLessThan(Date.now())
      expect(post.content).not.toContain('{{')
      expect(post.readingTime).toBeGreaterThanOrEqual(2)
      expect(post.metaDescription!.length).toBeLessThanOrEqual(160)
      const linked = linkedProductIds(post.content)
      expect(linked.length).toBeGreaterThanOrEqual(2)
      for (const id of linked) expect(productIds.has(id)).toBe(true)
      expect(links.filter((link) => link.postId === post.id).map((link) => link.productId)).toEqual(linked)
      for (const file of filesOf(fixture.uploads, post.featuredImage!))
        expect(existsSync(file), file).toBe(true)
    }
    // The stories link each other where they say so.
    const sizing = posts.find((post) => post.slug.startsWith('how-to-measure'))!
    expect(sizing.content).toContain('(/journal/caring-for-your-jade)')
  })

  it('does nothing the second time', async () => {
    const count = async () => ({
      products: (await fixture.handle.db.select().from(products)).length,
      categoryImages: (await fixture.handle.db.select().from(categoryImages)).length,
      testimonials: (await fixture.handle.db.select().from(testimonials)).length,
      posts: (await fixture.handle.db.select().from(blogPosts)).length,
    })
    const before = await count()
    const again = await seedDemoIfEmpty(fixture.handle.db, new LocalFileStore(fixture.uploads))
    expect(again).toBe(false)
    expect(await count()).toEqual(before)
  })
})
