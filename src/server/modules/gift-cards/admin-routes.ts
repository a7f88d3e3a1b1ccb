import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { giftCardsAdminContract as contract } from '../../../shared/gift-cards/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { currentUser } from '../../http/guards'
import type { MailLinks } from '../accounts/security-notices'
import type { LedgerActor } from './ledger'
import { cancelZellePurchase } from './purchase-ends'
import { listPurchases, recordZellePurchase } from './purchases'
import { getGiftCard, issueGiftCard, listGiftCards, resendGiftCard, updateGiftCard } from './service'

/** The Gift cards screen's calls (issue 36); registered inside the admin scope (plugins/admin-scope.ts). */
export const giftCardsAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  mail: MailLinks
  onMailQueued: () => void
}> = async (app, { db, mail, onMailQueued }) => {
  // Every change names the member and their role at the time in the card's history.
  const actorOf = async (request: Parameters<typeof currentUser>[0]): Promise<LedgerActor> => {
    const member = await currentUser(request)
    return { id: member.id, name: member.username, role: member.role }
  }
  // Gift cards are not on the storefront's listing: their writes leave its cache alone.
  const config = { leavesCatalogAlone: true }

  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listGiftCards(db, request.query),
  )

  app.post(contract.issue.path, { schema: schemaOf(contract.issue), config }, async (request, reply) => {
    const issued = await issueGiftCard(db, mail, await actorOf(request), request.body)
    if (request.body.recipientEmail) onMailQueued()
    return reply.code(201).send(issued)
  })

  app.get(contract.get.path, { schema: schemaOf(contract.get) }, (request) =>
    getGiftCard(db, request.params.id),
  )

  app.patch(contract.update.path, { schema: schemaOf(contract.update), config }, async (request) =>
    updateGiftCard(db, await actorOf(request), request.params.id, request.body),
  )

  app.post(contract.resend.path, { schema: schemaOf(contract.resend), config }, async (request) => {
    const card = await resendGiftCard(db, mail, await actorOf(request), request.params.id)
    onMailQueued()
    return card
  })

  app.get(contract.purchases.path, { schema: schemaOf(contract.purchases) }, (request) =>
    listPurchases(db, request.query),
  )

  app.post(contract.recordZelle.path, { schema: schemaOf(contract.recordZelle), config }, async (request) => {
    const recorded = await recordZellePurchase(db, mail, await actorOf(request), request.params.id)
    onMailQueued()
    return recorded
  })

  app.post(contract.cancelZelle.path, { schema: schemaOf(contract.cancelZelle), config }, async (request) => {
    const cancelled = await cancelZellePurchase(db, mail, await actorOf(request), request.params.id)
    onMailQueued()
    return cancelled
  })
}
