import { describe, expect, it } from 'vitest'
import { colorOptions, filterProducts, matchesSize } from './product-filter'
import type { Product } from './rules'

let nextId = 1
const product = (fields: Partial<Product>): Product => ({
  id: nextId++,
  sku: null,
  name: 'Piece',
  description: 'A natural jadeite piece.',
  shortDescription: 'Jadeite',
  price: 1000,
  originalPrice: null,
  imageUrls: [],
  imageAlts: [],
  category: 'bangles',
  type: 'bangle',
  color: 'green',
  innerDiameterMm: null,
  inner_diameter_mm: null,
  weight: null,
  dimensions: null,
  jadeType: 'Type A',
  origin: 'Myanmar',
  certification: null,
  certificateUrl: null,
  featured: false,
  status: 'available',
  stockQuantity: 1,
  sold: false,
  inStock: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
})

describe('bangle sizes', () => {
  it.each([
    [54, 'XS', true],
    [55, 'XS', false],
    [55, 'S', true],
    [57, 'S', true],
    [58, 'M', true],
    [60, 'M', true],
    [61, 'L', true],
    [63, 'L', true],
    [64, 'L', false],
    [64, 'XL', true],
    [80, 'XL', true],
  ] as const)('%i mm is size %s: %s', (diameter, size, expected) => {
    expect(matchesSize({ type: 'bangle', innerDiameterMm: diameter }, size)).toBe(expected)
  })

  it('never matches a null diameter or a piece that is not a bangle', () => {
    expect(matchesSize({ type: 'bangle', innerDiameterMm: null }, 'M')).toBe(false)
    expect(matchesSize({ type: 'ring', innerDiameterMm: 59 }, 'M')).toBe(false)
  })
})

describe('filterProducts', () => {
  const items = [
    product({ name: 'b Bangle', color: 'Green', price: 300, innerDiameterMm: 59 }),
    product({ name: 'A Ring', type: 'ring', category: 'rings', color: 'lavender', price: 100 }),
    product({ name: 'C Bangle', color: 'white', price: 200, innerDiameterMm: 62, sku: 'WJ-BAWH-1234' }),
  ]

  it('matches colours case-insensitively', () => {
    expect(filterProducts(items, { color: 'GREEN' }).map((p) => p.name)).toEqual(['b Bangle'])
  })

  it('sorts by name (case-insensitive) and by price', () => {
    expect(filterProducts(items, {}).map((p) => p.name)).toEqual(['A Ring', 'b Bangle', 'C Bangle'])
    expect(filterProducts(items, { sort: 'name-desc' }).map((p) => p.name)).toEqual([
      'C Bangle',
      'b Bangle',
      'A Ring',
    ])
    expect(filterProducts(items, { sort: 'price-asc' }).map((p) => p.price)).toEqual([100, 200, 300])
    expect(filterProducts(items, { sort: 'price-desc' }).map((p) => p.price)).toEqual([300, 200, 100])
  })

  it('filters by size and searches text and SKU', () => {
    expect(filterProducts(items, { size: 'L' }).map((p) => p.name)).toEqual(['C Bangle'])
    expect(filterProducts(items, { q: 'bawh' }).map((p) => p.name)).toEqual(['C Bangle'])
    expect(filterProducts(items, { q: 'ring' }).map((p) => p.name)).toEqual(['A Ring'])
  })

  it('offers distinct colours, sorted, lower case', () => {
    expect(colorOptions(items)).toEqual(['green', 'lavender', 'white'])
  })
})
