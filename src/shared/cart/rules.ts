import type { z } from 'zod'
import type { cartSchema, shippingQuoteAnswer } from './contract'

// Cart types and rules shared by the cart sheet and the API (storefront.md §4, §9). No zod at run
// time: this file is part of every storefront page; the answers' types come from their schemas in
// cart/contract.ts by type alone, the request schemas live in schema.ts.

export type Cart = z.input<typeof cartSchema>
export type CartItem = Cart['items'][number]
export type CartProduct = CartItem['product']

export type ShippingQuote = z.input<typeof shippingQuoteAnswer>

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
