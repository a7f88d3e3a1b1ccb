import type { Product } from './catalog'

/** One saved piece, as GET /api/wishlist returns it (newest first); the product in its public shape. */
export interface WishlistItem {
  id: number
  productId: number
  createdAt: string
  product: Product
}
