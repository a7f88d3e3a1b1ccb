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
import { generateSku, type ProductData } from '../../../shared/product-input'
import type { DbOrTx } from '../../db/client'
import { categoryImages, orderItems, products, sales } from '../../db/schema'
import { conflict, notFound } from '../../http/errors'
import { isUniqueViolation } from '../accounts/service'

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

/** The back office sees what shoppers do not: cost and the sale record. */
export function toAdminProduct(row: ProductRow) {
  return {
    ...toPublicProduct(row),
    cost: row.cost,
    soldAt: row.soldAt?.toISOString() ?? null,
    soldPrice: row.soldPrice,
    updatedAt: row.updatedAt.toISOString(),
  }
}
export type AdminProduct = ReturnType<typeof toAdminProduct>

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

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
    const pattern = `%${escapeLike(query.q)}%`
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

function soldFields(data: ProductData, previous?: ProductRow) {
  if (data.status !== 'sold') return { soldAt: null, soldPrice: null }
  return { soldAt: previous?.soldAt ?? new Date(), soldPrice: previous?.soldPrice ?? null }
}

export async function createProduct(db: DbOrTx, data: ProductData): Promise<ProductRow> {
  // A generated SKU uses the clock's last four digits; on the rare clash, the next millisecond's.
  for (let attempt = 0; attempt < 20; attempt++) {
    const sku = data.sku ?? generateSku(data.category, data.color, Date.now() + attempt)
    try {
      const [row] = await db
        .insert(products)
        .values({ ...data, sku, ...soldFields(data) })
        .returning()
      return row!
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      if (data.sku) throw conflict('A product with this SKU already exists')
    }
  }
  throw conflict('Could not generate a unique SKU; please enter one')
}

export async function updateProduct(db: DbOrTx, id: number, data: ProductData): Promise<ProductRow> {
  const previous = await getProduct(db, id, { includeDraft: true })
  if (!previous) throw notFound('Product not found')
  try {
    const [row] = await db
      .update(products)
      .set({ ...data, sku: data.sku ?? previous.sku, ...soldFields(data, previous), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning()
    return row!
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A product with this SKU already exists')
    throw error
  }
}

/** Sold pieces leave the storefront's listings; the record stays for the books. */
export async function markProductSold(
  db: DbOrTx,
  id: number,
  soldPrice?: number | null,
): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({
      status: 'sold',
      stockQuantity: 0,
      soldAt: new Date(),
      soldPrice: soldPrice ?? null,
      updatedAt: new Date(),
    })
    .where(eq(products.id, id))
    .returning()
  if (!row) throw notFound('Product not found')
  return row
}

/** A piece with orders or sales is history: it can be marked sold or draft, not deleted. */
export async function deleteProduct(db: DbOrTx, id: number): Promise<void> {
  const [ordered] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, id))
    .limit(1)
  const [sold] = await db.select({ id: sales.id }).from(sales).where(eq(sales.productId, id)).limit(1)
  if (ordered || sold) {
    throw conflict(
      'This product has orders or sales on record; mark it as sold or draft instead of deleting it',
    )
  }
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id })
  if (deleted.length === 0) throw notFound('Product not found')
}
