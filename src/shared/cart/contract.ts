import { z } from 'zod'
import { endpoint } from '../contract'
import { applyDiscountSchema } from '../discounts/schema'
import { applyGiftCardSchema } from '../gift-cards/account-contract'
import { GIFT_CARD_KINDS } from '../gift-cards/payments'
import { addToCartSchema, shippingQuoteSchema, updateCartSchema } from './schema'

// The cart of the visitor's session (storefront.md §4, §5, §7): every change answers the whole cart.

const cartProductSchema = z.object({
  name: z.string(),
  category: z.string(),
  price: z.number().int(),
  imageUrls: z.array(z.string()),
  status: z.string(),
  stockQuantity: z.number().int(),
})

const cartItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
  product: cartProductSchema,
  /** False once the piece was sold or reserved meanwhile: shown, but it cannot be checked out. */
  available: z.boolean(),
})

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Cents: the sum of price times quantity over the lines that can still be bought. */
  subtotal: z.number().int(),
  itemCount: z.number().int(),
  /** The discount code applied to the cart, while one is (issue 25). */
  discountCode: z.string().optional(),
  /** Cents the code takes off the subtotal now; 0 while it cannot be used. */
  discount: z.number().int().optional(),
  /** Why the applied code takes nothing off now (the cart fell below its minimum, it expired...). */
  discountProblem: z.string().optional(),
  /** The shop collects sales tax (issue 34): it is added at checkout, once the address is known. */
  taxAtCheckout: z.boolean().optional(),
  /**
   * The gift cards applied (issue 36), in the order applied, and what each pays of the cart's total
   * (before any sales tax, which checkout adds once it knows the address); 0 when it cannot pay now.
   */
  giftCards: z
    .array(
      z.object({
        last4: z.string(),
        /** Store credit reads "Store credit ••••AB12" where a gift card reads "Gift card ••••AB12". */
        kind: z.enum(GIFT_CARD_KINDS),
        applied: z.number().int(),
        /** What the card holds now (0 when it cannot pay): checkout plans again once tax is known. */
        balance: z.number().int(),
      }),
    )
    .optional(),
  /** The cart's total less what the gift cards pay: what is left for the card or Zelle. */
  amountDue: z.number().int().optional(),
})

export const shippingQuoteAnswer = z.object({ cost: z.number().int(), method: z.string() })

const lineParams = z.object({ id: z.coerce.number().int().positive() })
const answersCart = { 200: cartSchema }

export const cartContract = {
  get: endpoint({ method: 'GET', path: '/api/cart', response: answersCart }),
  add: endpoint({ method: 'POST', path: '/api/cart', body: addToCartSchema, response: answersCart }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/cart/:id',
    params: lineParams,
    body: updateCartSchema,
    response: answersCart,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/cart/:id', params: lineParams, response: answersCart }),
  clear: endpoint({ method: 'DELETE', path: '/api/cart', response: answersCart }),
  /** A refused code is a 400 naming the reason; wrong codes past the limit a 429. */
  applyDiscount: endpoint({
    method: 'POST',
    path: '/api/cart/discount',
    body: applyDiscountSchema,
    response: answersCart,
  }),
  removeDiscount: endpoint({ method: 'DELETE', path: '/api/cart/discount', response: answersCart }),
  /** A gift card paying for the cart (issue 36): a refused card is a 4xx naming why; wrong codes past the limit a 429. */
  applyGiftCard: endpoint({
    method: 'POST',
    path: '/api/cart/gift-card',
    body: applyGiftCardSchema,
    response: answersCart,
  }),
  removeGiftCard: endpoint({
    method: 'DELETE',
    path: '/api/cart/gift-card/:last4',
    params: z.object({ last4: z.string().trim().min(1).max(8) }),
    response: answersCart,
  }),
  shipping: endpoint({
    method: 'POST',
    path: '/api/calculate-shipping',
    body: shippingQuoteSchema,
    response: { 200: shippingQuoteAnswer },
  }),
}
