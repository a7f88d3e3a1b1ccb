import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountGiftCardsContract as contract } from '../../../shared/gift-cards/account-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { currentUser, requireUser } from '../../http/guards'
import { accountGiftCards } from './account-cards'

/** `GET /api/account/gift-cards`: the signed-in shopper's store credit and gift cards (issue 36). */
export const accountGiftCardsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    contract.list.path,
    { onRequest: requireUser, schema: schemaOf(contract.list) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const user = await currentUser(request)
      return accountGiftCards(db, { id: user.id, email: user.email })
    },
  )
}
