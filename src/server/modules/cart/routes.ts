import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { quoteShipping } from '../../../shared/cart'
import { addToCartSchema, shippingQuoteSchema, updateCartSchema } from '../../../shared/cart-input'
import { applyDiscountSchema } from '../../../shared/discounts'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { invalid } from '../../errors'
import { applyCartCode, removeCartCode } from '../discounts/cart-discount'
import { tryCode } from '../discounts/code-tries'
import { addToCart, clearCart, getCart, removeCartLine, updateCartLine } from './service'

const lineParams = z.object({ id: z.coerce.number().int().positive() })

export const cartRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get('/api/cart', async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    return getCart(db, await request.session.id())
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
    return getCart(db, sessionId)
  })

  app.patch('/api/cart/:id', { schema: { params: lineParams, body: updateCartSchema } }, async (request) => {
    const sessionId = await request.session.id()
    await updateCartLine(db, sessionId, request.params.id, request.body.quantity)
    return getCart(db, sessionId)
  })

  app.delete('/api/cart/:id', { schema: { params: lineParams } }, async (request) => {
    const sessionId = await request.session.id()
    await removeCartLine(db, sessionId, request.params.id)
    return getCart(db, sessionId)
  })

  app.delete('/api/cart', async (request) => {
    const sessionId = await request.session.id()
    await clearCart(db, sessionId)
    return getCart(db, sessionId)
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
    return getCart(db, sessionId)
  })

  app.delete('/api/cart/discount', async (request) => {
    const sessionId = await request.session.id()
    await removeCartCode(db, sessionId)
    return getCart(db, sessionId)
  })

  app.post('/api/calculate-shipping', { schema: { body: shippingQuoteSchema } }, async (request) =>
    quoteShipping(request.body.subtotal, config.shipping),
  )
}
