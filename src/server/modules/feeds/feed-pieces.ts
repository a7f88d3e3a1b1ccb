import { and, asc, gt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products } from '../catalog/schema'

/** What a product feed says of a piece. */
export interface FeedPiece {
  id: number
  sku: string | null
  name: string
  description: string
  price: number
  originalPrice: number | null
  imageUrls: string[]
  category: string
  type: string
  color: string
  weight: string | null
  dimensions: string | null
  innerDiameterMm: number | null
}

/** Pieces a shopper can buy now, with a picture to show: reserved, sold and draft pieces never. */
const listable = and(
  sql`${products.status} = 'available'`,
  sql`${products.stockQuantity} > 0`,
  sql`cardinality(${products.imageUrls}) > 0`,
)

const PAGE = 500

/** Every listable piece, read a page of ids at a time so a large catalogue is never held whole. */
export async function* feedPieces(db: DbOrTx): AsyncGenerator<FeedPiece> {
  let after = 0
  for (;;) {
    const page = await db
      .select({
        id: products.id,
        sku: products.sku,
        name: products.name,
        description: products.description,
        price: products.price,
        originalPrice: products.originalPrice,
        imageUrls: products.imageUrls,
        category: products.category,
        type: products.type,
        color: products.color,
        weight: products.weight,
        dimensions: products.dimensions,
        innerDiameterMm: products.innerDiameterMm,
      })
      .from(products)
      .where(and(listable, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(PAGE)
    yield* page
    if (page.length < PAGE) return
    after = page[page.length - 1]!.id
  }
}
