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
  /** The discount code applied to the cart, while one is (issue 25). */
  discountCode?: string
  /** Cents the code takes off the subtotal now; 0 while it cannot be used. */
  discount?: number
  /** Why the applied code takes nothing off now (the cart fell below its minimum, it expired...). */
  discountProblem?: string
  /** The shop collects sales tax (issue 34): it is added at checkout, once the address is known. */
  taxAtCheckout?: boolean
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

/**
 * The amounts a shopper sees: total = subtotal − discount + shipping, with free shipping judged on
 * the subtotal after the discount (issue 25). Checkout's statement is held to the same numbers.
 */
export function orderAmounts(
  subtotal: number,
  discount: number,
  rule: { freeThresholdCents: number; flatCents: number },
) {
  const shipping = quoteShipping(subtotal - discount, rule)
  // A cart discounted to nothing still ships.
  const shippingCost = subtotal > 0 && subtotal - discount <= 0 ? rule.flatCents : shipping.cost
  return { subtotal, discount, shippingCost, total: subtotal - discount + shippingCost }
}

/** The cart summary's progress toward free shipping, in percent, capped at 100. */
export const freeShippingProgress = (subtotal: number, threshold: number) =>
  Math.min(100, Math.round((subtotal / threshold) * 100))
