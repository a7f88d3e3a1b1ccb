import { z } from 'zod'

// The cart API's request bodies (storefront.md §5, §7).

export const addToCartSchema = z.object({
  productId: z.number({ error: 'Product is required' }).int().positive('Product is required'),
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(100).default(1),
})

export const updateCartSchema = z.object({
  quantity: z
    .number({ error: 'Quantity must be at least 1' })
    .int()
    .min(1, 'Quantity must be at least 1')
    .max(100),
})

export const shippingQuoteSchema = z.object({
  subtotal: z.number({ error: 'Subtotal is required' }).int().min(0),
  country: z.string().trim().max(60).default('US'),
})
