import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import {
  BANGLE_SIZES,
  type BangleSize,
  type CategoryImage,
  type Product,
  type ProductStatus,
  type ProductType,
  type SortOption,
} from '../../../shared/catalog'
import type { AdminProduct } from '../../../shared/catalog-admin'
import { purchaseRefusal } from '../../../shared/purchase'
import type { DbOrTx } from '../../db/client'
import { containsPattern } from '../../db/paging'
import { categoryImages, products } from '../../db/schema'

export type ProductRow = typeof products.$inferSelect

export function toPublicProduct(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    shortDescription: row.shortDescription,
    price: row.price,
    originalPrice: row.originalPrice,
    imageUrls: row.imageUrls,
    imageAlts: row.imageUrls.map((_, index) => row.imageAlts[index] ?? ''),
    category: row.category,
    type: row.type as ProductType,
    color: row.color,
    innerDiameterMm: row.innerDiameterMm,
    inner_diameter_mm: row.innerDiameterMm,
    weight: row.weight,
    dimensions: row.dimensions,
    jadeType: row.jadeType,
    origin: row.origin,
    certification: row.certification,
    certificateUrl: row.certificateUrl,
    featured: row.featured,
    status: row.status as ProductStatus,
    stockQuantity: row.stockQuantity,
    sold: row.status === 'sold',
    inStock: purchaseRefusal(row, 1) === undefined,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The back office sees what shoppers do not: cost and the sale record. */
export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toPublicProduct(row),
    cost: row.cost,
    soldAt: row.soldAt?.toISOString() ?? null,
    soldPrice: row.soldPrice,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export interface ProductQuery {
  featured?: boolean
  category?: string
  color?: string
  size?: BangleSize
  q?: string
  sort?: SortOption
  includeSold?: boolean
  /** Drafts too: the back office's view. */
  includeAll?: boolean
}

function listingConditions(query: ProductQuery): SQL[] {
  const conditions: SQL[] = []
  if (!query.includeAll) {
    const visible: ProductStatus[] = query.includeSold
      ? ['available', 'reserved', 'sold']
      : ['available', 'reserved']
    conditions.push(inArray(products.status, visible))
  }
  if (query.featured) conditions.push(eq(products.featured, true))
  if (query.category) conditions.push(eq(sql`lower(${products.category})`, query.category.toLowerCase()))
  if (query.color) conditions.push(eq(sql`lower(${products.color})`, query.color.toLowerCase()))
  if (query.size) {
    const range = BANGLE_SIZES[query.size]
    conditions.push(eq(products.type, 'bangle'), gte(products.innerDiameterMm, range.min))
    if (range.max !== null) conditions.push(lte(products.innerDiameterMm, range.max))
  }
  if (query.q) {
    const pattern = containsPattern(query.q)
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.shortDescription, pattern),
        ilike(products.description, pattern),
        ilike(products.category, pattern),
        ilike(products.color, pattern),
        ilike(products.sku, pattern),
      )!,
    )
  }
  return conditions
}

const ORDERINGS: Record<SortOption, SQL[]> = {
  'name-asc': [asc(sql`lower(${products.name})`), asc(products.id)],
  'name-desc': [desc(sql`lower(${products.name})`), desc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), desc(products.id)],
}

export async function listProducts(db: DbOrTx, query: ProductQuery = {}): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(...listingConditions(query)))
    .orderBy(...ORDERINGS[query.sort ?? 'name-asc'])
}

/** One product for its page: sold pieces keep their page (old links, wishlists); drafts only for admins. */
export async function getProduct(db: DbOrTx, id: number, options: { includeDraft?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(products)
    .where(
      options.includeDraft ? eq(products.id, id) : and(eq(products.id, id), ne(products.status, 'draft')),
    )
  return row
}

/** Category names of the public catalogue, lower case and sorted. */
export async function listCategories(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: sql<string>`lower(${products.category})` })
    .from(products)
    .where(ne(products.status, 'draft'))
    .orderBy(sql`lower(${products.category})`)
  return rows.map((row) => row.category)
}

export async function listCategoryImages(db: DbOrTx): Promise<CategoryImage[]> {
  return db
    .select({
      category: categoryImages.category,
      imageUrl: categoryImages.imageUrl,
      description: categoryImages.description,
    })
    .from(categoryImages)
    .orderBy(asc(categoryImages.category))
}
