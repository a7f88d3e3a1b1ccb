import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cartContract as contract } from '../../../shared/cart/contract'
import { type Cart, orderAmounts, quoteShipping } from '../../../shared/cart/rules'
import { GIFT_CARD_MESSAGES } from '../../../shared/gift-cards/rules'
import type { TaxSettings } from '../../../shared/tax/schema'
import type { Config } from '../../config'
import type { Database, DbOrTx } from '../../db/client'
import { invalid, notFound } from '../../errors'
import { schemaOf } from '../../http/contract'
import { applyCartCode, removeCartCode } from '../discounts/cart-discount'
import { tryCode, tryCodeOf } from '../discounts/code-tries'
import { creditCard } from '../gift-cards/account-cards'
import {
  addCartGiftCard,
  applyCartGiftCard,
  cartGiftCards,
  removeCartGiftCard,
} from '../gift-cards/cart-gift-cards'
import { codesExist, GIFT_CARD_CODE_TRIES } from '../gift-cards/checkout-payments'
import { addToCart, clearCart, getCart, removeCartLine, updateCartLine } from './service'

export interface CartRoutesDeps {
  db: Database
  config: Config
  /** The owner's tax settings: while tax is collected, the cart says it is added at checkout. */
  taxSettings: { get(db: DbOrTx): Promise<TaxSettings> }
}

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesDeps> = async (app, { db, config, taxSettings }) => {
  /** The gift cards applied to the session's cart (issue 36), by id, from the session already loaded. */
  const appliedCards = async (request: FastifyRequest) =>
    (await request.session.load())?.data.giftCardIds ?? []

  const cartOf = async (sessionId: string | undefined, request: FastifyRequest): Promise<Cart> => {
    const [cart, tax, applied] = await Promise.all([
      getCart(db, sessionId),
      taxSettings.get(db),
      appliedCards(request),
    ])
    // An empty cart has nothing to pay: it answers as it always did.
    const { total } = orderAmounts(cart.subtotal, cart.discount ?? 0, config.shipping)
    const withCards = cart.items.length ? { ...cart, ...(await cartGiftCards(db, applied, total)) } : cart
    return tax.enabled ? { ...withCards, taxAtCheckout: true } : withCards
  }

  app.get(contract.get.path, { schema: schemaOf(contract.get) }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    return cartOf(await request.session.id(), request)
  })

  app.post(contract.add.path, { schema: schemaOf(contract.add) }, async (request) => {
    // A guest's first line starts the session that keys the cart (not a refused one).
    const existing = await request.session.id()
    const sessionId = await addToCart(
      db,
      existing ?? (() => request.session.ensureId()),
      request.body.productId,
      request.body.quantity,
    )
    return cartOf(sessionId, request)
  })

  app.patch(contract.update.path, { schema: schemaOf(contract.update) }, async (request) => {
    const sessionId = await request.session.id()
    await updateCartLine(db, sessionId, request.params.id, request.body.quantity)
    return cartOf(sessionId, request)
  })

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    const sessionId = await request.session.id()
    await removeCartLine(db, sessionId, request.params.id)
    return cartOf(sessionId, request)
  })

  app.delete(contract.clear.path, { schema: schemaOf(contract.clear) }, async (request) => {
    const sessionId = await request.session.id()
    await clearCart(db, sessionId)
    return cartOf(sessionId, request)
  })

  // A discount code (issue 25): refused with a 400 naming the reason, applied for the cart's
  // session. Wrong codes are counted per address and session (code-tries.ts), a 429 past the limit.
  app.post(contract.applyDiscount.path, { schema: schemaOf(contract.applyDiscount) }, async (request) => {
    const sessionId = await request.session.id()
    const cart = await getCart(db, sessionId)
    if (!sessionId || cart.items.length === 0) throw invalid('Your cart is empty', 'code')
    await tryCode(
      app.limitsEnabled ? app.attemptCounters : undefined,
      { address: request.ip, sessionId },
      () => applyCartCode(db, sessionId, request.body.code, cart.subtotal),
    )
    return cartOf(sessionId, request)
  })

  app.delete(contract.removeDiscount.path, { schema: schemaOf(contract.removeDiscount) }, async (request) => {
    const sessionId = await request.session.id()
    await removeCartCode(db, sessionId)
    return cartOf(sessionId, request)
  })

  // A gift card (issue 36): checked (exists, active, not expired, something left), then kept by id
  // in the session. Codes are counted as at the balance look-up, a 429 past the limit.
  app.post(contract.applyGiftCard.path, { schema: schemaOf(contract.applyGiftCard) }, async (request) => {
    const sessionId = await request.session.id()
    const cart = await getCart(db, sessionId)
    if (!sessionId || cart.items.length === 0) throw invalid('Your cart is empty', 'code')
    const applied = await appliedCards(request)
    const { cardId, code } = request.body
    if (cardId !== undefined) {
      // The shopper's own store credit, offered at checkout (issue 36): no code is typed, so none
      // is counted; any other card (or no one signed in) is not found, as a wrong code.
      const user = await request.session.user()
      const card = user && (await creditCard(db, { id: user.id, email: user.email }, cardId))
      if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound)
      await addCartGiftCard(db, sessionId, applied, card)
    } else
      await tryCodeOf(
        GIFT_CARD_CODE_TRIES,
        app.limitsEnabled ? app.attemptCounters : undefined,
        { address: request.ip, sessionId },
        () => applyCartGiftCard(db, sessionId, applied, code!),
        () => codesExist(db, [code!]),
      )
    await request.session.reload()
    return cartOf(sessionId, request)
  })

  app.delete(contract.removeGiftCard.path, { schema: schemaOf(contract.removeGiftCard) }, async (request) => {
    const sessionId = await request.session.id()
    await removeCartGiftCard(db, sessionId, await appliedCards(request), request.params.last4)
    await request.session.reload()
    return cartOf(sessionId, request)
  })

  app.post(contract.shipping.path, { schema: schemaOf(contract.shipping) }, async (request) =>
    quoteShipping(request.body.subtotal, config.shipping),
  )
}
