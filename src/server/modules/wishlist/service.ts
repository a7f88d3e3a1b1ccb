import { and, desc, eq, ne } from 'drizzle-orm'
import type { WishlistItem } from '../../../shared/wishlist/schema'
import type { DbOrTx } from '../../db/client'
import { notFound } from '../../errors'
import { products } from '../catalog/schema'
import { getProduct, type ProductRow, toPublicProduct } from '../catalog/service'
import { wishlistItems } from './schema'

// A wishlist is a signed-in shopper's bookmarks: every query here is scoped to one user id, so a
// shopper can never read or change anyone else's list.

export type WishlistEntry = WishlistItem

type ItemRow = typeof wishlistItems.$inferSelect

const toEntry = (item: ItemRow, product: ProductRow): WishlistEntry => ({
  id: item.id,
  productId: item.productId,
  createdAt: item.createdAt.toISOString(),
  product: toPublicProduct(product),
})

/** Newest first. A piece turned back into a draft is hidden, not deleted: it returns if republished. */
export async function listWishlist(db: DbOrTx, userId: number): Promise<WishlistEntry[]> {
  const rows = await db
    .select({ item: wishlistItems, product: products })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), ne(products.status, 'draft')))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
  return rows.map(({ item, product }) => toEntry(item, product))
}

/**
 * Saves a piece; saving it again is not an error (a double click, a second tab) and returns the
 * entry already there. Sold pieces may be kept: the list is where a shopper sees they went.
 */
export async function addToWishlist(
  db: DbOrTx,
  userId: number,
  productId: number,
): Promise<{ entry: WishlistEntry; created: boolean }> {
  const product = await getProduct(db, productId)
  if (!product) throw notFound('Product not found')
  // ON CONFLICT rather than look-then-insert: two concurrent adds cannot both insert.
  const [inserted] = await db
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] })
    .returning()
  if (inserted) return { entry: toEntry(inserted, product), created: true }
  const [existing] = await db
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
  // Removed by a concurrent request between the two statements: it is simply not there now.
  if (!existing) throw notFound('Item not found in wishlist')
  return { entry: toEntry(existing, product), created: false }
}

export async function removeFromWishlist(db: DbOrTx, userId: number, productId: number): Promise<void> {
  const deleted = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id })
  if (deleted.length === 0) throw notFound('Item not found in wishlist')
}
