import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { forShopper, purchaseRefusal, refusalMessage } from '../../../shared/cart/purchase'
import type { Cart, CartItem } from '../../../shared/cart/rules'
import type { DbOrTx } from '../../db/client'
import { conflict, notFound } from '../../errors'
import { products } from '../catalog/schema'
import { cartDiscount } from '../discounts/cart-discount'
import { cartItems } from './schema'

// The cart is a list of wishes, not a reservation: stock is only taken when an order is placed.
// Adding still checks what can be bought, so the shopper hears about a sold piece at once.

type ProductRow = typeof products.$inferSelect

/**
 * Why a product cannot be put in the cart in this quantity, or nothing when it can: the shop's one
 * rule, in the shopper's words about the item they are looking at (storefront.md §8).
 */
export function purchasableProblem(product: ProductRow, quantity: number): string | undefined {
  const refusal = purchaseRefusal(product, quantity)
  return refusal && refusalMessage(forShopper(refusal), { stockQuantity: product.stockQuantity })
}

export async function getCart(db: DbOrTx, sessionId: string | undefined): Promise<Cart> {
  if (!sessionId) return { items: [], subtotal: 0, itemCount: 0 }
  const rows = await db
    .select({ line: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id))
  const items: CartItem[] = rows.map(({ line, product }) => ({
    id: line.id,
    productId: line.productId,
    quantity: line.quantity,
    product: {
      name: product.name,
      category: product.category,
      price: product.price,
      imageUrls: product.imageUrls,
      status: product.status,
      stockQuantity: product.stockQuantity,
    },
    available: purchasableProblem(product, line.quantity) === undefined,
  }))
  const buyable = items.filter((item) => item.available)
  const subtotal = buyable.reduce((sum, item) => sum + item.product.price * item.quantity, 0)
  return {
    items,
    subtotal,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    ...(await cartDiscount(db, sessionId, subtotal)),
  }
}

async function productFor(db: DbOrTx, productId: number): Promise<ProductRow> {
  const [product] = await db.select().from(products).where(eq(products.id, productId))
  if (!product || product.status === 'draft') throw notFound('Product not found')
  return product
}

/** Adds to the line of this product, never beyond the stock. */
/**
 * `session` is the visitor's session id, or how to start one: a guest's session is made only once
 * the line is sure to be added, so a refused request leaves nothing behind.
 */
export async function addToCart(
  db: DbOrTx,
  session: string | (() => Promise<string>),
  productId: number,
  quantity: number,
): Promise<string> {
  const product = await productFor(db, productId)
  const [existing] =
    typeof session === 'string'
      ? await db
          .select({ quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.sessionId, session), eq(cartItems.productId, productId)))
      : []
  const problem = purchasableProblem(product, (existing?.quantity ?? 0) + quantity)
  if (problem) throw conflict(problem)
  const sessionId = typeof session === 'string' ? session : await session()
  await db
    .insert(cartItems)
    .values({ sessionId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + ${quantity}`, changedAt: sql`now()` },
    })
  return sessionId
}

async function lineOf(db: DbOrTx, sessionId: string | undefined, lineId: number) {
  if (!sessionId) throw notFound('Cart item not found')
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.sessionId, sessionId)))
  if (!line) throw notFound('Cart item not found')
  return line
}

export async function updateCartLine(
  db: DbOrTx,
  sessionId: string | undefined,
  lineId: number,
  quantity: number,
): Promise<void> {
  const line = await lineOf(db, sessionId, lineId)
  const problem = purchasableProblem(await productFor(db, line.productId), quantity)
  if (problem) throw conflict(problem)
  await db.update(cartItems).set({ quantity, changedAt: sql`now()` }).where(eq(cartItems.id, line.id))
}

export async function removeCartLine(
  db: DbOrTx,
  sessionId: string | undefined,
  lineId: number,
): Promise<void> {
  const line = await lineOf(db, sessionId, lineId)
  await db.delete(cartItems).where(eq(cartItems.id, line.id))
  // A removal changes the cart too: what is left of it is as fresh as this change.
  await db.update(cartItems).set({ changedAt: sql`now()` }).where(eq(cartItems.sessionId, line.sessionId))
}

/**
 * Puts pieces back into a cart (an unfinished-checkout reminder's link): each one that can still
 * be bought, in the quantity asked or what is left of it, never lowering a line the cart already
 * has, so following the link twice changes nothing. Answers how many pieces it put back.
 */
export async function restoreCartLines(
  db: DbOrTx,
  session: string | (() => Promise<string>),
  lines: { productId: number; quantity: number }[],
): Promise<number> {
  if (lines.length === 0) return 0
  const rows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  // One line per piece (a statement may not touch a cart line twice), never more than is left.
  const asked = new Map<number, number>()
  for (const { productId, quantity } of lines) asked.set(productId, (asked.get(productId) ?? 0) + quantity)
  const wanted = [...asked].flatMap(([productId, quantity]) => {
    const product = byId.get(productId)
    if (!product || purchasableProblem(product, 1)) return []
    return [{ productId, quantity: Math.min(quantity, product.stockQuantity) }]
  })
  if (wanted.length === 0) return 0
  const sessionId = typeof session === 'string' ? session : await session()
  await db
    .insert(cartItems)
    .values(wanted.map((line) => ({ sessionId, ...line })))
    .onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.productId],
      set: { quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)` },
    })
  return wanted.length
}

export async function clearCart(db: DbOrTx, sessionId: string | undefined): Promise<void> {
  if (sessionId) await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId))
}
