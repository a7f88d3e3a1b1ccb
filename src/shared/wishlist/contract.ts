import { z } from 'zod'
import { productSchema } from '../catalog/answers'
import { endpoint } from '../contract'
import { messageAnswer } from '../wire'

/** One saved piece (newest first in the list); the product in its public shape. */
export const wishlistItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  createdAt: z.string(),
  product: productSchema,
})

// Every call needs a signed-in shopper (a 401 before the body is read).
export const wishlistContract = {
  list: endpoint({ method: 'GET', path: '/api/wishlist', response: { 200: z.array(wishlistItemSchema) } }),
  /** 201 when the piece was added now, 200 when it was already saved. */
  add: endpoint({
    method: 'POST',
    path: '/api/wishlist',
    body: z.object({
      productId: z.number({ error: 'Product is required' }).int().positive('Product is required'),
    }),
    response: { 200: wishlistItemSchema, 201: wishlistItemSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/wishlist/:productId',
    params: z.object({ productId: z.coerce.number().int().positive() }),
    response: { 200: messageAnswer },
  }),
}
