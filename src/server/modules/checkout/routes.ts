import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { checkoutContract as contract } from '../../../shared/checkout/contract'
import type { CheckoutResponse, OrderLine, PaymentIntentResponse } from '../../../shared/checkout/schema'
import type { PayingCard } from '../../../shared/gift-cards/payments'
import { crashPoint } from '../../crash-points'
import type { Database } from '../../db/client'
import { invalid, invalidFields, isDomainError } from '../../errors'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { saveShippingAddress } from '../accounts/profile-service'
import { setCartGiftCards } from '../accounts/session-service'
import { getCart } from '../cart/service'
import type { CatalogChanges } from '../catalog/catalog-changes'
import { isUsableCode, tryCode, tryCodeOf } from '../discounts/code-tries'
import { cardsForCodes, cardsForIds, codesExist, GIFT_CARD_CODE_TRIES } from '../gift-cards/checkout-payments'
import { completeCardPurchase } from '../gift-cards/purchases'
import { countOrderPlaced } from '../metrics/registry'
import type { OrderLinkTokens } from '../orders/order-link-token'
import type { PaymentProvider } from '../payments/provider'
import { completeCardPayment, startCardPayment } from './card'
import type { CheckoutContext } from './checkout-context'
import { existingOrder, placeOrder } from './place-order'
import { noteWebhookHeard } from './reconcile'

export interface CheckoutDeps {
  db: Database
  provider: PaymentProvider
  context: CheckoutContext
  catalog: CatalogChanges
  /** Signs the key the confirmation page reads its order with (the e-mails' guest key). */
  orderLinks: OrderLinkTokens
  /** Called when an order queued e-mail, so the outbox worker sends it without waiting to poll. */
  onMailQueued: () => void
}

/** Gift cards paying: the codes the request names, or else the cart's, kept by id in the session. */
type GiftCardSource = { codes: readonly string[] } | { ids: readonly number[] }

/** Sent codes win, even none (`[]`); absent, the cart's cards from the session checkout loads anyway. */
async function giftCardsOf(codes: string[] | undefined, request: FastifyRequest): Promise<GiftCardSource> {
  if (codes) return { codes }
  return { ids: (await request.session.load())?.data.giftCardIds ?? [] }
}

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutDeps> = async (app, deps) => {
  const { db, provider, context } = deps
  // Only whoever placed the order gets here (the card's session, or the Zelle submission's
  // idempotency key): the key lets the confirmation page read the order back, reload or not.
  const reply = (orderId: number): CheckoutResponse => ({
    order: { id: orderId },
    id: orderId,
    statusKey: deps.orderLinks.sign(orderId),
  })

  const afterOrder = (created: boolean, paymentMethod: 'stripe' | 'zelle' | 'gift_card') => {
    if (!created) return
    countOrderPlaced(paymentMethod)
    deps.catalog.changed()
    deps.onMailQueued()
  }

  const codeTries = () => (app.limitsEnabled ? app.attemptCounters : undefined)
  // After a checkout that failed, whether its code itself was right: a sold piece is not a wrong code.
  const codeIsUsable = (code: string, lines: OrderLine[]) => () => isUsableCode(db, code, lines)

  /**
   * Looks the gift cards up and hands them to `use` (nothing at all without codes). Codes typed at
   * checkout are tries, counted as at the balance look-up; a refusal for another reason (a sold
   * piece, a spent card) forgives them.
   */
  const withGiftCards = async <T>(
    cards: GiftCardSource,
    origin: { address: string; sessionId: string | undefined },
    use: (cards: PayingCard[] | undefined) => Promise<T>,
  ): Promise<T> => {
    // The cart's cards were checked and counted when applied; they are kept by id.
    if ('ids' in cards) return cards.ids.length ? use(await cardsForIds(db, cards.ids)) : use(undefined)
    const { codes } = cards
    if (!codes.length) return use(undefined)
    return tryCodeOf(
      GIFT_CARD_CODE_TRIES,
      codeTries(),
      origin,
      async () => use(await cardsForCodes(db, codes)),
      () => codesExist(db, codes),
    )
  }

  app.post(
    contract.paymentIntent.path,
    { schema: schemaOf(contract.paymentIntent), config: { rateLimit: RATE_LIMITS.paymentIntent } },
    async (request) => {
      // Every intent belongs to a session (a guest one if need be): only that session can turn the
      // payment into an order from the browser; the provider's webhook can always. A guest session
      // is made only once the intent exists, so a refused request leaves none behind.
      const sessionId = await request.session.id()
      const user = await request.session.user()
      // Our storefront sends its lines; any other client pays for the session's cart.
      const cart = request.body.items ? undefined : await getCart(db, sessionId)
      const lines =
        request.body.items ??
        (cart?.items ?? [])
          .filter((item) => item.available)
          .map((item) => ({ productId: item.productId, quantity: item.quantity, price: item.product.price }))
      if (lines.length === 0) throw invalid('Your cart is empty')
      const metadata = Object.fromEntries(
        Object.entries(request.body.metadata).filter((entry): entry is [string, string] => !!entry[1]),
      )
      const giftCardSource = await giftCardsOf(request.body.giftCardCodes, request)
      const startWith = (giftCards: PayingCard[] | undefined) =>
        startCardPayment(db, provider, context, {
          amount: request.body.amount,
          giftCards,
          tax: request.body.tax,
          lines,
          discountCode: request.body.discountCode ?? cart?.discountCode,
          form: request.body.form,
          sessionId: sessionId ?? (() => request.session.ensureId()),
          userId: user?.id ?? null,
          metadata,
        })
      const start = () => withGiftCards(giftCardSource, { address: request.ip, sessionId }, startWith)
      // A code the client names itself is a try at a code, counted as the cart's are; the cart's
      // own code was counted when it was applied.
      const code = request.body.discountCode
      const { intent } = code
        ? await tryCode(codeTries(), { address: request.ip, sessionId }, start, codeIsUsable(code, lines))
        : await start()
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        provider: provider.name,
        ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
      } satisfies PaymentIntentResponse
    },
  )

  app.post(
    contract.place.path,
    { schema: schemaOf(contract.place), config: { rateLimit: RATE_LIMITS.checkout } },
    async (request) => {
      const {
        items,
        subtotal,
        discountCode,
        discount,
        shippingCost,
        tax,
        total,
        giftCardCodes,
        amountDue,
        paymentIntentId,
        idempotencyKey,
        saveAddress,
        ...form
      } = request.body
      const user = await request.session.user()
      // Only once the order stands: a refused order keeps nothing.
      const keepAddress = async () => {
        if (saveAddress && user) await saveShippingAddress(db, user.id, form)
      }
      if (form.paymentMethod === 'stripe') {
        if (!paymentIntentId)
          throw invalidFields('Card orders need a completed payment', [
            { field: 'paymentIntentId', message: 'Payment is required' },
          ])
        const owner = { sessionId: await request.session.id(), userId: user?.id }
        const placed = await completeCardPayment(db, provider, context, paymentIntentId, form, owner)
        afterOrder(placed.created, 'stripe')
        // The cart's gift cards paid with the card (read from the session already loaded).
        const cartCards = (await request.session.load())?.data.giftCardIds
        if (placed.created && owner.sessionId && cartCards?.length)
          await setCartGiftCards(db, owner.sessionId, [])
        await keepAddress()
        return reply(placed.orderId)
      }
      // Zelle pays what the gift cards leave later; 'gift_card': they leave nothing.
      const method = form.paymentMethod
      const sessionId = await request.session.id()
      const placeWith = (giftCards: PayingCard[] | undefined) =>
        placeOrder(db, context, {
          form,
          lines: items,
          claimed: { subtotal, discount, shippingCost, tax, total, amountDue },
          discountCode,
          giftCards,
          payment: { method },
          userId: user?.id ?? null,
          sessionId,
          idempotencyKey,
          clientAddress: request.ip,
        })
      const giftCardSource = await giftCardsOf(giftCardCodes, request)
      const paysWithGiftCards =
        'ids' in giftCardSource ? giftCardSource.ids.length : giftCardSource.codes.length
      const place = async () => {
        // A retried submission gets its order, which already spent the cards (none: nothing read).
        const twin = paysWithGiftCards && idempotencyKey ? await existingOrder(db, idempotencyKey) : undefined
        if (twin !== undefined) return { orderId: twin, created: false }
        return withGiftCards(giftCardSource, { address: request.ip, sessionId }, placeWith)
      }
      // A wrong code at checkout counts as one tried in the cart (code-tries.ts).
      const placed = discountCode
        ? await tryCode(
            codeTries(),
            { address: request.ip, sessionId },
            place,
            codeIsUsable(discountCode, items),
          )
        : await place()
      crashPoint('checkout:order-placed')
      // The cart's cards paid: the next cart starts without them.
      if (placed.created && 'ids' in giftCardSource && giftCardSource.ids.length && sessionId)
        await setCartGiftCards(db, sessionId, [])
      afterOrder(placed.created, method)
      await keepAddress()
      return reply(placed.orderId)
    },
  )

  // The provider tells us about payments itself, so an order exists even if the browser closed.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    const typed = webhooks.withTypeProvider<ZodTypeProvider>()
    typed.post(contract.stripeWebhook.path, { schema: schemaOf(contract.stripeWebhook) }, async (request) => {
      const signature = request.headers['stripe-signature']
      const event = provider.verifyWebhook(
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      )
      await noteWebhookHeard(db)
      if (event.type === 'payment_intent.succeeded' && event.intent) {
        try {
          // A gift card bought on the storefront (issue 36) is no order: its purchase gets the card.
          if (event.intent.metadata.giftCardPurchaseId) {
            const { id } = event.intent
            await completeCardPurchase(db, provider, context, { intentId: id }, id)
            deps.onMailQueued()
          } else {
            const placed = await completeCardPayment(db, provider, context, event.intent.id)
            afterOrder(placed.created, 'stripe')
          }
        } catch (error) {
          // Unknown intents (not ours) and sold pieces (refunded) are answered, not retried.
          if (!isDomainError(error, 'not-found') && !isDomainError(error, 'conflict')) throw error
          request.log.warn(
            { intent: event.intent.id, reason: error.message },
            'webhook payment not turned into an order',
          )
        }
      }
      return { received: true as const }
    })
  })

  if (provider.name === 'test' && 'confirm' in provider) {
    const testProvider = provider as PaymentProvider & {
      confirm(id: string, card: string): { status: string }
    }
    // The built-in test provider's card form posts here; Stripe's Payment Element talks to Stripe.
    app.post(
      contract.confirmTestPayment.path,
      { schema: schemaOf(contract.confirmTestPayment) },
      async (request) => {
        const intent = await testProvider.confirm(request.params.id, request.body.cardNumber)
        return { status: intent.status }
      },
    )
  }
}
