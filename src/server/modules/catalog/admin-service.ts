import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { refusalMessage } from '../../../shared/cart/purchase'
import type {
  AdminProductPage,
  AdminProductQuery,
  AdminProductSort,
  CatalogSummary,
} from '../../../shared/catalog/admin-schema'
import { generateSku, type ProductData } from '../../../shared/catalog/product-schema'
import { PRODUCT_STATUSES, type ProductCategory, type ProductStatus } from '../../../shared/catalog/rules'
import { missingPermissionMessage } from '../../../shared/staff/permissions'
import type { Database, DbOrTx } from '../../db/client'
import { pageWindow, searchMatches, withCustomPlans } from '../../db/paging'
import { queryRows } from '../../db/query-rows'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, forbidden, notFound } from '../../errors'
import { heldUnits, ownerChangeRefusal, ownerSetsStock, sellRemaining } from '../inventory/stock-rules'
import { sales } from '../ledger/schema'
import type { FileStore } from '../media/file-store'
import { type ImageCleanupLog, removeUnusedImages } from '../media/unused-images'
import { orderItems } from '../orders/schema'
import { categoryImages, products } from './schema'
import { type ProductRow, toAdminProduct } from './service'

// The owner's side of the catalogue: the searchable product list and every write.

const ADMIN_ORDERINGS: Record<AdminProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  'name-asc': [asc(sql`lower(${products.name})`), asc(products.id)],
  'name-desc': [desc(sql`lower(${products.name})`), desc(products.id)],
  'price-desc': [desc(products.price), desc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
}

/** What the owner's search looks in; `products_search_trgm_idx` is built on exactly this expression. */
const PRODUCT_SEARCH_TEXT = sql`lower(${products.name} || ' ' || ${products.category} || ' ' || coalesce(${products.sku}, ''))`

/** Search by name, category or SKU (back-office.md §2), then the filters. */
function adminConditions(query: Pick<AdminProductQuery, 'search' | 'category'>): SQL[] {
  const conditions: SQL[] = []
  if (query.search) {
    conditions.push(searchMatches(PRODUCT_SEARCH_TEXT, query.search))
  }
  if (query.category) conditions.push(eq(products.category, query.category))
  return conditions
}

/** One page of the back office's product list, with the count per status for its filter. */
export async function listAdminProducts(db: Database, query: AdminProductQuery): Promise<AdminProductPage> {
  const base = adminConditions(query)
  const filtered = query.status ? [...base, eq(products.status, query.status)] : base
  const { limit, offset } = pageWindow(query)
  const [rows, counts] = await withCustomPlans(db, async (tx) => [
    await tx
      .select()
      .from(products)
      .where(and(...filtered))
      .orderBy(...ADMIN_ORDERINGS[query.sort])
      .limit(limit)
      .offset(offset),
    await tx
      .select({ status: products.status, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...base))
      .groupBy(products.status),
  ])
  const statusCounts = { all: 0, available: 0, sold: 0, reserved: 0, draft: 0 }
  for (const { status, n } of counts) {
    statusCounts[status as ProductStatus] = n
    statusCounts.all += n
  }
  return {
    items: rows.map(toAdminProduct),
    total: query.status ? statusCounts[query.status] : statusCounts.all,
    statusCounts,
  }
}

export async function catalogSummary(db: DbOrTx): Promise<CatalogSummary> {
  const rows = await db
    .select({
      status: products.status,
      n: sql<number>`count(*)::int`,
      categories: sql<string[]>`array_agg(distinct lower(${products.category}))`,
    })
    .from(products)
    .groupBy(products.status)
  const byStatus = Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, 0])) as Record<
    ProductStatus,
    number
  >
  const categories = new Set<string>()
  for (const row of rows) {
    byStatus[row.status as ProductStatus] = row.n
    for (const category of row.categories) categories.add(category)
  }
  return {
    products: rows.reduce((sum, row) => sum + row.n, 0),
    categories: categories.size,
    byStatus,
  }
}

const SKU_TAKEN = 'A product with this SKU already exists'

/**
 * `sale`: a piece created sold with the date and price of a sale made before it came to the shop
 * (an import); blank parts, or none, are today and its price, as when the owner marks it sold.
 */
export async function createProduct(
  db: DbOrTx,
  data: ProductData,
  sale?: Pick<ProductRow, 'soldAt' | 'soldPrice'>,
): Promise<ProductRow> {
  // A generated SKU ends in the clock's last four digits (back-office.md §Data); on a clash, in
  // the next four digits that no piece of its category and colour has yet. Only four digits: a
  // shop with thousands of green bangles (an import) would otherwise meet clash after clash.
  let sku = data.sku ?? generateSku(data.category, data.color)
  for (let attempt = 0; attempt < 20; attempt++) {
    if (attempt > 0 && !data.sku) sku = await freeGeneratedSku(db, sku)
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ ...data, ...(data.status === 'sold' ? sale : {}), sku })
          .returning({ id: products.id })
        // Status and stock as the owner sets them by hand (a piece created sold has nothing left).
        return setStockByOwner(tx, row!.id, data)
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      if (data.sku) throw conflict(SKU_TAKEN, 'sku')
    }
  }
  throw conflict('Could not generate a unique SKU; please enter one', 'sku')
}

const FreeGeneratedSkuRow = z.object({ digits: z.string() })

/** The first generated SKU after this one (its four digits counted on, 9999 wrapping to 0000) not taken. */
async function freeGeneratedSku(db: DbOrTx, clashed: string): Promise<string> {
  const prefix = clashed.slice(0, -4)
  const from = Number(clashed.slice(-4))
  const taken = await queryRows(
    db,
    FreeGeneratedSkuRow,
    sql`select right(sku, 4) as digits from products where sku like ${`${prefix}____`}`,
  )
  const used = new Set(taken.map((row) => Number(row.digits)))
  for (let step = 1; step <= 10_000; step++) {
    const digits = (from + step) % 10_000
    if (!used.has(digits)) return `${prefix}${String(digits).padStart(4, '0')}`
  }
  throw conflict('Could not generate a unique SKU; please enter one', 'sku')
}

/**
 * Saves the owner's edit. Status and stock go through the stock rules, under the piece's row lock:
 * while an order awaiting payment holds units, only that order changes them (409, with the reason
 * beside the field). Images the product no longer shows are deleted from storage once the change
 * has committed, unless something else still uses them.
 */
export async function updateProduct(
  db: Database,
  files: FileStore,
  id: number,
  data: ProductData,
  log?: ImageCleanupLog,
  /** What the member may change beyond texts and pictures (issue 35); everything by default. */
  may: { prices: boolean; cost: boolean } = { prices: true, cost: true },
): Promise<ProductRow> {
  const { status, stockQuantity, cost, ...rest } = data
  // A member who cannot see the cost cannot have meant to change it.
  const fields = may.cost ? { ...rest, cost } : rest
  let previous: ProductRow | undefined
  let row: ProductRow | undefined
  try {
    row = await db.transaction(async (tx) => {
      previous = await lockPiece(tx, id)
      const changed = (key: 'price' | 'originalPrice') =>
        fields[key] !== undefined && fields[key] !== previous![key]
      if (!may.prices && (changed('price') || changed('originalPrice')))
        throw forbidden(missingPermissionMessage('products:prices'))
      const stockChanged = status !== previous.status || stockQuantity !== previous.stockQuantity
      if (stockChanged) {
        const refusal = ownerChangeRefusal(previous, { status, stockQuantity }, await heldBy(tx, id))
        if (refusal)
          throw conflict(
            refusalMessage(refusal, previous),
            status !== previous.status ? 'status' : 'stockQuantity',
          )
      }
      const [updated] = await tx
        .update(products)
        .set({ ...fields, sku: fields.sku ?? previous.sku, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning()
      return stockChanged ? setStockByOwner(tx, id, { status, stockQuantity }) : updated
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SKU_TAKEN, 'sku')
    throw error
  }
  if (!row || !previous) throw notFound('Product not found')
  const dropped = previous.imageUrls.filter((url) => !row.imageUrls.includes(url))
  await removeUnusedImages(db, files, dropped, log)
  return row
}

/**
 * Sold pieces leave the storefront's listings; the record stays for the books. Every unit left is
 * sold by the stock rules' own step (sellRemaining), at the given price or the listed one. A piece
 * already sold, or one that an order awaiting payment holds, is refused with the reason: the order
 * decides its fate.
 */
export async function markProductSold(
  db: Database,
  id: number,
  soldPrice?: number | null,
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const current = await lockPiece(tx, id)
    const refusal =
      current.status === 'sold'
        ? 'sold'
        : ownerChangeRefusal(current, { status: 'sold', stockQuantity: 0 }, await heldBy(tx, id))
    if (refusal) throw conflict(refusalMessage(refusal, current))
    const price = soldPrice == null ? 'products.price' : sql`${soldPrice}::int`
    await tx.execute(sql`update products set ${sellRemaining(price)} where id = ${id}`)
    const [sold] = await tx.select().from(products).where(eq(products.id, id))
    return sold!
  })
}

/** The piece, locked for the rest of the transaction as checkout locks it. */
async function lockPiece(tx: DbOrTx, id: number): Promise<ProductRow> {
  const [piece] = await tx.select().from(products).where(eq(products.id, id)).for('update')
  if (!piece) throw notFound('Product not found')
  return piece
}

const HeldByRow = z.object({ held: z.number().int() })

async function heldBy(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await queryRows(tx, HeldByRow, sql`select ${heldUnits(sql`${id}::int`)} as held`)
  return row!.held
}

/** Applies the owner's status and stock through the stock rules (ownerSetsStock); answers the row. */
async function setStockByOwner(
  tx: DbOrTx,
  id: number,
  { status, stockQuantity }: { status: string; stockQuantity: number },
): Promise<ProductRow> {
  await tx.execute(
    sql`update products set ${ownerSetsStock(sql`${status}::text`, sql`${stockQuantity}::int`)} where id = ${id}`,
  )
  const [row] = await tx.select().from(products).where(eq(products.id, id))
  return row!
}

/**
 * A piece with orders or sales is history: it can be marked sold or draft, never deleted, so
 * every order keeps its lines. Its images go with it unless something else uses them.
 */
export async function deleteProduct(
  db: Database,
  files: FileStore,
  id: number,
  log?: ImageCleanupLog,
): Promise<void> {
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
  const [deleted] = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ imageUrls: products.imageUrls })
  if (!deleted) throw notFound('Product not found')
  await removeUnusedImages(db, files, deleted.imageUrls, log)
}

export interface CategoryImageData {
  imageUrl: string
  description: string | null
}

/** Sets a category's picture and caption (PUT): creates the row when the category has none. */
export async function saveCategoryImage(
  db: Database,
  files: FileStore,
  category: ProductCategory,
  data: CategoryImageData,
  log?: ImageCleanupLog,
) {
  const [previous] = await db.select().from(categoryImages).where(eq(categoryImages.category, category))
  const [row] = await db
    .insert(categoryImages)
    .values({ category, ...data })
    .onConflictDoUpdate({ target: categoryImages.category, set: data })
    .returning()
  if (previous && previous.imageUrl !== data.imageUrl)
    await removeUnusedImages(db, files, [previous.imageUrl], log)
  return { row: row!, created: !previous }
}

/** Adds the picture of a category that has none (POST); a second one is refused. */
export async function createCategoryImage(db: DbOrTx, category: ProductCategory, data: CategoryImageData) {
  const [row] = await db
    .insert(categoryImages)
    .values({ category, ...data })
    .onConflictDoNothing({ target: categoryImages.category })
    .returning()
  if (!row) throw conflict('This category already has an image; edit it instead', 'category')
  return row
}
