import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterProducts } from '../../../shared/catalog/product-filter'
import type { ProductStatus } from '../../../shared/catalog/rules'
import {
  BANGLE_SIZE_KEYS,
  type BangleSize,
  type ListingFacets,
  type Product,
  type ProductPage,
  SORT_OPTIONS,
  type SortOption,
} from '../../../shared/catalog/rules'
import { insertProduct } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { products } from './schema'
import { toPublicProduct } from './service'

// The paged listing against the truth: every public row read straight from the table and
// filtered by the storefront's own rules (shared/catalog/product-filter.ts), compared page by page.

let t: TestApp

const CATEGORIES = ['bangles', 'rings', 'necklaces'] as const
const COLORS = ['Green', 'lavender', 'white', ''] as const
const STATUSES = ['available', 'available', 'available', 'reserved', 'sold', 'draft'] as const

beforeAll(async () => {
  t = await createTestApp()
  const db = t.handle.db
  // 61 pieces: every category, colour and status mixed, bangles of every size, equal names and prices.
  for (let n = 0; n < 61; n++) {
    const category = CATEGORIES[n % CATEGORIES.length]!
    await insertProduct(db, {
      name: `${['Imperial', 'Lavender', 'Moss', 'Icy'][n % 4]} ${category.slice(0, -1)} ${n % 7}`,
      category,
      type: category === 'bangles' ? 'bangle' : category === 'rings' ? 'ring' : 'necklace',
      color: COLORS[n % COLORS.length]!,
      status: STATUSES[n % STATUSES.length]!,
      innerDiameterMm: category === 'bangles' ? 50 + (n % 17) : null,
      price: 1_000 * (n % 9) + 500,
    })
  }
})
afterAll(() => t.close())

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url })
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
  return response.json() as T
}

interface Case {
  category?: string
  color?: string
  size?: BangleSize
  sort?: SortOption
  includeSold?: boolean
}

/** What the listing must show: the table's rows, filtered and sorted by the storefront's rules. */
async function truth(query: Case): Promise<Product[]> {
  const visible: ProductStatus[] = query.includeSold
    ? ['available', 'reserved', 'sold']
    : ['available', 'reserved']
  const rows = await t.handle.db.select().from(products).where(inArray(products.status, visible))
  const inCategory = rows
    .map(toPublicProduct)
    .filter((product) => !query.category || product.category.toLowerCase() === query.category)
  return filterProducts(inCategory, query)
}

const search = (query: Case, extra: Record<string, string | number> = {}) => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...query, ...extra }))
    if (value !== undefined && value !== false) params.set(name, String(value))
  return params.toString()
}

const CASES: Case[] = [
  {},
  { includeSold: true },
  { category: 'bangles' },
  { category: 'bangles', size: 'M' },
  { category: 'bangles', size: 'XL', includeSold: true, sort: 'price-desc' },
  { size: 'S', color: 'green' },
  { color: 'LAVENDER', sort: 'name-desc' },
  { category: 'rings', color: 'white', sort: 'price-asc', includeSold: true },
  { category: 'necklaces', sort: 'name-asc' },
  { category: 'earrings' },
  ...SORT_OPTIONS.map((sort) => ({ sort })),
  ...BANGLE_SIZE_KEYS.map((size) => ({ size })),
]

describe('GET /api/products, one page at a time', () => {
  it.each(CASES)('pages through %o exactly as the table says, at every page size', async (query) => {
    const expected = (await truth(query)).map((product) => product.id)
    for (const pageSize of [1, 7, 24]) {
      const seen: number[] = []
      const pages = Math.max(1, Math.ceil(expected.length / pageSize))
      for (let page = 1; page <= pages + 1; page++) {
        const body = await get<ProductPage>(`/api/products?${search(query, { page, pageSize })}`)
        expect(body.total).toBe(expected.length)
        expect(body.items.length).toBeLessThanOrEqual(pageSize)
        seen.push(...body.items.map((product) => product.id))
      }
      expect(seen).toEqual(expected)
    }
  })

  it('answers the plain array of every matching piece without page or pageSize', async () => {
    for (const query of CASES) {
      const body = await get<Product[]>(`/api/products?${search(query)}`)
      expect(Array.isArray(body)).toBe(true)
      expect(body.map((product) => product.id)).toEqual((await truth(query)).map((product) => product.id))
    }
  })

  it('pages 24 at a time by default, from page 1 when only pageSize is given', async () => {
    const all = await truth({})
    const first = await get<ProductPage>('/api/products?page=1')
    expect(first.items.map((p) => p.id)).toEqual(all.slice(0, 24).map((p) => p.id))
    const sized = await get<ProductPage>('/api/products?pageSize=5')
    expect(sized.items.map((p) => p.id)).toEqual(all.slice(0, 5).map((p) => p.id))
    expect(sized.total).toBe(all.length)
  })

  it('refuses a page size over 100 and a page under 1', async () => {
    for (const url of ['/api/products?pageSize=101', '/api/products?page=0', '/api/products?page=x']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
    }
    expect((await get<ProductPage>('/api/products?pageSize=100')).items.length).toBeLessThanOrEqual(100)
  })

  it('bounds the featured pieces with pageSize', async () => {
    const featured = await get<ProductPage>('/api/products?featured=true&page=1&pageSize=8')
    expect(featured.items.every((product) => product.featured)).toBe(true)
  })
})

describe('GET /api/products/facets', () => {
  it.each<Case>([
    {},
    { category: 'bangles' },
    { color: 'green', includeSold: true },
    { category: 'bangles', size: 'L', color: 'white' },
  ])('counts each chip with the other filters applied: %o', async (query) => {
    const facets = await get<ListingFacets>(`/api/products/facets?${search(query)}`)
    const tally = (items: Product[], pick: (product: Product) => string) => {
      const counts = new Map<string, number>()
      for (const item of items) {
        const name = pick(item).toLowerCase()
        if (name) counts.set(name, (counts.get(name) ?? 0) + 1)
      }
      return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => (a.name < b.name ? -1 : 1))
    }
    expect(facets.categories).toEqual(
      tally(await truth({ ...query, category: undefined }), (p) => p.category),
    )
    expect(facets.colors).toEqual(tally(await truth({ ...query, color: undefined }), (p) => p.color))
  })
})

describe('searching the collection', () => {
  let ids: Record<string, number>
  beforeAll(async () => {
    const db = t.handle.db
    const piece = async (name: string, extra: Parameters<typeof insertProduct>[1] = {}) =>
      (await insertProduct(db, { name, category: 'bracelets', type: 'bracelet', color: 'icy', ...extra })).id
    ids = {
      emerald: await piece('Emerald Bead Bracelet', { sku: 'WJ-EMB-7781' }),
      described: await piece('Plain Cuff', { description: 'A cuff the colour of emerald moss.' }),
      honey: await piece('Honey Bracelet', { color: 'honey yellow' }),
      draft: await piece('Emerald Draft Bracelet', { status: 'draft' }),
    }
  })

  const found = async (q: string) =>
    (await get<Product[]>(`/api/products?q=${encodeURIComponent(q)}`)).map((product) => product.id)

  it('looks in the name, description, category, colour and SKU', async () => {
    expect(await found('emerald')).toEqual(expect.arrayContaining([ids.emerald, ids.described]))
    expect(await found('wj-emb-7781')).toEqual([ids.emerald])
    expect(await found('honey yellow')).toEqual([ids.honey])
    expect(await found('bracelets')).toEqual(expect.arrayContaining([ids.emerald, ids.honey]))
    expect(await found('emerald')).not.toContain(ids.draft)
  })

  it('forgives a typo', async () => {
    expect(await found('emrald')).toEqual(expect.arrayContaining([ids.emerald, ids.described]))
    expect(await found('braclet honey')).toEqual([ids.honey])
    expect(await found('zzqx')).toEqual([])
  })

  it('ranks a match in the name before one in the description', async () => {
    const ranked = await found('emerald')
    expect(ranked.indexOf(ids.emerald!)).toBeLessThan(ranked.indexOf(ids.described!))
    const page = await get<ProductPage>('/api/products?q=emrald&page=1&pageSize=1')
    expect(page.items.map((product) => product.id)).toEqual([ids.emerald])
    expect(page.total).toBe(2)
  })

  it('takes the characters a person types literally', async () => {
    expect(await found('%')).toEqual([])
    expect(await found('_')).toEqual([])
  })
})
