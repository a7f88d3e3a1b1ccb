import type { z } from 'zod'
import type { wishlistItemSchema } from './contract'

/** One saved piece, as GET /api/wishlist returns it (newest first); the product in its public shape. */
export type WishlistItem = z.input<typeof wishlistItemSchema>
