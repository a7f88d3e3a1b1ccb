import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { purchaseRefusal } from '../../../shared/cart/purchase'
import type { AdminProduct } from '../../../shared/catalog/admin-schema'
import type { CategoryImage, Product, ProductStatus, ProductType } from '../../../shared/catalog/rules'
import type { DbOrTx } from '../../db/client'
import { categoryImages, products } from './schema'

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

// Sold pieces keep their pages (old links, wishlists), so they stay in the sitemap too; drafts never.
const inSitemap = ne(products.status, 'draft')

export async function countSitemapProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(inSitemap)
  return Number(row?.n ?? 0)
}

/** The file'th run of `perFile` public pieces in id order, only the columns a sitemap needs. */
export async function sitemapProducts(
  db: DbOrTx,
  file: number,
  perFile: number,
): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(inSitemap)
    .orderBy(asc(products.id))
    .limit(perFile)
    .offset((file - 1) * perFile)
  return rows.map((row) => ({
    path: `/product/${row.id}`,
    lastmod: row.updatedAt.toISOString().slice(0, 10),
  }))
}
