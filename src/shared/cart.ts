// Cart types and rules shared by the cart sheet and the API (storefront.md §4, §9). No zod here:
// this file is part of every storefront page; the request schemas live in cart-input.ts.

export interface CartProduct {
  name: string
  category: string
  price: number
  imageUrls: string[]
  status: string
  stockQuantity: number
}

export interface CartItem {
  id: number
  productId: number
  quantity: number
  product: CartProduct
  /** False once the piece was sold or reserved meanwhile: shown, but it cannot be checked out. */
  available: boolean
}

export interface Cart {
  items: CartItem[]
  /** Cents: the sum of price times quantity over the lines that can still be bought. */
  subtotal: number
  itemCount: number
}

export interface ShippingQuote {
  cost: number
  method: string
}

export const FALLBACK_SHIPPING: ShippingQuote = { cost: 695, method: 'Standard Shipping' }

/** Free at or above the threshold, else the flat rate; nothing to ship, nothing to pay. */
export function quoteShipping(
  subtotal: number,
  rule: { freeThresholdCents: number; flatCents: number },
): ShippingQuote {
  if (subtotal <= 0) return { cost: 0, method: '' }
  if (subtotal >= rule.freeThresholdCents) return { cost: 0, method: 'Free Shipping' }
  return { cost: rule.flatCents, method: 'Standard Shipping' }
}

/** The cart summary's progress toward free shipping, in percent, capped at 100. */
export const freeShippingProgress = (subtotal: number, threshold: number) =>
  Math.min(100, Math.round((subtotal / threshold) * 100))
