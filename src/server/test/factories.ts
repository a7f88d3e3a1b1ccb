import type { FastifyInstance } from 'fastify'
import type { DbOrTx } from '../db/client'
import { products } from '../db/schema'
import { upsertAdmin } from '../modules/accounts/service'
import type { TestPaymentProvider } from '../modules/payments/test-provider'
import { cookieHeader } from './helpers'

let sequence = 0

export type NewProduct = typeof products.$inferInsert

export function productFields(overrides: Partial<NewProduct> = {}): NewProduct {
  sequence += 1
  return {
    name: `Jadeite Piece ${sequence}`,
    description: 'Natural Type A jadeite from Myanmar, untreated.',
    shortDescription: 'Natural Type A jadeite',
    price: 10_000 + sequence,
    imageUrls: [`/uploads/piece-${sequence}-1280.webp`],
    category: 'rings',
    type: 'ring',
    color: 'green',
    ...overrides,
  }
}

export async function insertProduct(db: DbOrTx, overrides: Partial<NewProduct> = {}) {
  const [row] = await db.insert(products).values(productFields(overrides)).returning()
  return row!
}

/** Creates (or refreshes) an administrator and returns a signed-in session cookie. */
export async function adminCookie(app: FastifyInstance, db: DbOrTx, username = 'owner'): Promise<string> {
  await upsertAdmin(db, username, 'owner-password')
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'owner-password' },
  })
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`)
  return cookieHeader(response)
}

/** A valid checkout form, as the storefront sends it. */
export const checkoutForm = {
  firstName: 'Ava',
  lastName: 'Chen',
  email: 'ava@example.com',
  phone: '713-555-0101',
  address: '12 Jade Street',
  city: 'Houston',
  state: 'TX',
  zipCode: '77002',
  country: 'United States',
}

/**
 * A card order for one piece, as the storefront places it with the built-in test provider: the
 * intent, a good test card, then the checkout from the session that created the intent. The piece
 * must cost at least the free-shipping threshold (the totals carry no shipping).
 */
export async function placeCardOrder(
  app: FastifyInstance,
  piece: { id: number; price: number },
  form: Record<string, unknown> = checkoutForm,
) {
  const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { amount: piece.price, currency: 'usd', form, items },
  })
  const { paymentIntentId } = intent.json() as { paymentIntentId: string }
  await (app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      ...form,
      paymentMethod: 'stripe',
      paymentIntentId,
      items,
      subtotal: piece.price,
      shippingCost: 0,
      total: piece.price,
    },
    // The intent completes only for the session that created it.
    headers: { cookie: cookieHeader(intent) },
  })
}
