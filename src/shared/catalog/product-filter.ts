import { BANGLE_SIZES, type BangleSize, type Product, type SortOption } from './rules'

// The storefront's filters, applied in the browser to a category's pieces so every change is
// instant. The API's own filters (same names, same rules) serve other clients and search engines.

export interface ListingFilters {
  color?: string
  size?: BangleSize
  q?: string
  sort?: SortOption
}

export function matchesSize(product: Pick<Product, 'type' | 'innerDiameterMm'>, size: BangleSize): boolean {
  const range = BANGLE_SIZES[size]
  const diameter = product.innerDiameterMm
  if (product.type !== 'bangle' || diameter === null) return false
  return diameter >= range.min && (range.max === null || diameter <= range.max)
}

function matchesQuery(product: Product, q: string): boolean {
  const needle = q.trim().toLowerCase()
  if (!needle) return true
  return [
    product.name,
    product.shortDescription,
    product.description,
    product.category,
    product.color,
    product.sku ?? '',
  ].some((text) => text.toLowerCase().includes(needle))
}

const compareName = (a: Product, b: Product) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id

const COMPARATORS: Record<SortOption, (a: Product, b: Product) => number> = {
  'name-asc': compareName,
  'name-desc': (a, b) => -compareName(a, b),
  'price-asc': (a, b) => a.price - b.price || a.id - b.id,
  'price-desc': (a, b) => b.price - a.price || b.id - a.id,
}

export function filterProducts(products: Product[], filters: ListingFilters): Product[] {
  const color = filters.color?.toLowerCase()
  return products
    .filter((product) => !color || product.color.toLowerCase() === color)
    .filter((product) => !filters.size || matchesSize(product, filters.size))
    .filter((product) => !filters.q || matchesQuery(product, filters.q))
    .sort(COMPARATORS[filters.sort ?? 'name-asc'])
}

/** The colour filter's choices: distinct colours, sorted. Empty means the filter is hidden. */
export function colorOptions(products: Product[]): string[] {
  return [...new Set(products.map((product) => product.color.toLowerCase()).filter(Boolean))].sort()
}
