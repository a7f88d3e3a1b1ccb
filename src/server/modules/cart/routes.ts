import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type Cart, quoteShipping } from '../../../shared/cart'
import { addToCartSchema, shippingQuoteSchema, updateCartSchema } from '../../../shared/cart-input'
import { applyDiscountSchema } from '../../../shared/discounts'
import type { TaxSettings } from '../../../shared/tax'
import type { Config } from '../../config'
import type { Database, DbOrTx } from '../../db/client'
import { invalid } from '../../errors'
import { applyCartCode, removeCartCode } from '../discounts/cart-discount'
import { tryCode } from '../discounts/code-tries'
import { addToCart, clearCart, getCart, removeCartLine, updateCartLine } from './service'

const lineParams = z.object({ id: z.coerce.number().int().positive() })

export interface CartRoutesDeps {
  db: Database
  config: Config
  /** The owner's tax settings: while tax is collected, the cart says it is added at checkout. */
  taxSettings: { get(db: DbOrTx): Promise<TaxSettings> }
}

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesDeps> = async (app, { db, config, taxSettings }) => {
  const cartOf = async (sessionId: string | undefined): Promise<Cart> => {
    const [cart, tax] = await Promise.all([getCart(db, sessionId), taxSettings.get(db)])
    return tax.enabled ? { ...cart, taxAtCheckout: true } : cart
  }

  app.get('/api/cart', async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    return cartOf(await request.session.id())
  })

  app.post('/api/cart', { schema: { body: addToCartSchema } }, async (request) => {
    // A guest's first line starts the session that keys the cart (not a refused one).
    const existing = await request.session.id()
    const sessionId = await addToCart(
      db,
      existing ?? (() => request.session.ensureId()),
      request.body.productId,
      request.body.quantity,
    )
    return cartOf(sessionId)
  })

  app.patch('/api/cart/:id', { schema: { params: lineParams, body: updateCartSchema } }, async (request) => {
    const sessionId = await request.session.id()
    await updateCartLine(db, sessionId, request.params.id, request.body.quantity)
    return cartOf(sessionId)
  })

  app.delete('/api/cart/:id', { schema: { params: lineParams } }, async (request) => {
    const sessionId = await request.session.id()
    await removeCartLine(db, sessionId, request.params.id)
    return cartOf(sessionId)
  })

  app.delete('/api/cart', async (request) => {
    const sessionId = await request.session.id()
    await clearCart(db, sessionId)
    return cartOf(sessionId)
  })

  // A discount code (issue 25): refused with a 400 naming the reason, applied for the cart's
  // session. Wrong codes are counted per address and session (code-tries.ts), a 429 past the limit.
  app.post('/api/cart/discount', { schema: { body: applyDiscountSchema } }, async (request) => {
    const sessionId = await request.session.id()
    const cart = await getCart(db, sessionId)
    if (!sessionId || cart.items.length === 0) throw invalid('Your cart is empty', 'code')
    await tryCode(
      app.limitsEnabled ? app.attemptCounters : undefined,
      { address: request.ip, sessionId },
      () => applyCartCode(db, sessionId, request.body.code, cart.subtotal),
    )
    return cartOf(sessionId)
  })

  app.delete('/api/cart/discount', async (request) => {
    const sessionId = await request.session.id()
    await removeCartCode(db, sessionId)
    return cartOf(sessionId)
  })

  app.post('/api/calculate-shipping', { schema: { body: shippingQuoteSchema } }, async (request) =>
    quoteShipping(request.body.subtotal, config.shipping),
  )
}
