import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountGiftCardsContract } from '../../../shared/gift-cards/account-contract'
import { giftCardsContract as contract } from '../../../shared/gift-cards/contract'
import { GIFT_CARD_MESSAGES } from '../../../shared/gift-cards/rules'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { schemaOf } from '../../http/contract'
import { currentUser, requireUser } from '../../http/guards'
import { RATE_LIMITS } from '../../limits/rate-limits'
import type { MailLinks } from '../accounts/security-notices'
import { type CodeTryKind, tryCodeOf } from '../discounts/code-tries'
import type { PaymentProvider } from '../payments/provider'
import { accountGiftCards } from './account-cards'
import { completeCardPurchase, startPurchase } from './purchases'
import { lookUpBalance } from './service'

// Codes are counted as discount codes are (discounts/code-tries.ts): about 10 wrong ones in 10
// minutes per client address and per session, under their own keys, then a 429 for every try.
const GIFT_CARD_CODES: CodeTryKind = { prefix: 'gift-card-try', tooMany: GIFT_CARD_MESSAGES.tooManyTries }

export interface GiftCardRoutesDeps {
  db: Database
  provider: PaymentProvider
  mail: MailLinks
  /** Wakes the mail worker once a purchase queued a receipt or a card. */
  onMailQueued: () => void
}

/** The storefront's gift-card calls (issue 36): the balance look-up and buying a card. */
export const giftCardsRoutes: FastifyPluginAsyncZod<GiftCardRoutesDeps> = async (
  app,
  { db, provider, mail, onMailQueued },
) => {
  app.post(contract.balance.path, { schema: schemaOf(contract.balance) }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    return tryCodeOf(
      GIFT_CARD_CODES,
      app.limitsEnabled ? app.attemptCounters : undefined,
      { address: request.ip, sessionId: await request.session.id() },
      async () => {
        const balance = await lookUpBalance(db, request.body.code)
        if (!balance) throw notFound(GIFT_CARD_MESSAGES.notFound)
        return balance
      },
    )
  })

  // Gift cards are not on the storefront's listing: their writes leave its cache alone.
  const config = { leavesCatalogAlone: true, rateLimit: RATE_LIMITS.paymentIntent }

  app.post(
    contract.purchase.path,
    { schema: schemaOf(contract.purchase), config },
    async (request, reply) => {
      const user = await request.session.user()
      const started = await startPurchase(db, provider, mail, request.body, {
        sessionId: () => request.session.ensureId(),
        userId: user?.id ?? null,
      })
      reply.header('cache-control', 'private, no-store')
      return reply.code(201).send(started)
    },
  )

  app.post(
    contract.completePurchase.path,
    { schema: schemaOf(contract.completePurchase), config },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const { paymentIntentId } = request.body
      const sessionId = (await request.session.id()) ?? ''
      const done = await completeCardPurchase(
        db,
        provider,
        mail,
        { id: request.params.id },
        paymentIntentId,
        sessionId,
      )
      onMailQueued()
      return done
    },
  )
}

/** `GET /api/account/gift-cards`: the signed-in shopper's store credit and gift cards (issue 36). */
export const accountGiftCardsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const list = accountGiftCardsContract.list
  app.get(list.path, { onRequest: requireUser, schema: schemaOf(list) }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    const user = await currentUser(request)
    return accountGiftCards(db, { id: user.id, email: user.email })
  })
}
