import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { CategoryImage, Product, ProductStatus, ProductType } from '../../../shared/catalog'
import type { DbOrTx } from '../../db/client'
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
    category: row.category,
    type: row.type as ProductType,
    color: row.color,
    innerDiameterMm: row.innerDiameterMm,
    weight: row.weight,
    dimensions: row.dimensions,
    jadeType: row.jadeType,
    origin: row.origin,
    certification: row.certification,
    featured: row.featured,
    status: row.status as ProductStatus,
    stockQuantity: row.stockQuantity,
    sold: row.status === 'sold',
    inStock: row.status === 'available' && row.stockQuantity > 0,
    createdAt: row.createdAt.toISOString(),
  }
}

export interface ProductFilter {
  featured?: boolean
  category?: string
  includeSold?: boolean
}

/** The public listing: never drafts; sold pieces only when asked for (DESIGN.md §4). */
export async function listPublicProducts(db: DbOrTx, filter: ProductFilter = {}): Promise<Product[]> {
  const visible: ProductStatus[] = filter.includeSold
    ? ['available', 'reserved', 'sold']
    : ['available', 'reserved']
  const conditions = [inArray(products.status, visible)]
  if (filter.featured) conditions.push(eq(products.featured, true))
  if (filter.category) conditions.push(eq(sql`lower(${products.category})`, filter.category.toLowerCase()))
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.name))
  return rows.map(toPublicProduct)
}

/** One product for its page: sold pieces keep their page (old links, wishlists); drafts do not. */
export async function getPublicProduct(db: DbOrTx, id: number): Promise<Product | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), ne(products.status, 'draft')))
  return row && toPublicProduct(row)
}

/** Category names of the public catalogue, sorted. */
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
