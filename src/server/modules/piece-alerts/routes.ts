import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pieceAlertsContract as contract } from '../../../shared/piece-alerts/contract'
import { PIECE_ALERT_MESSAGES } from '../../../shared/piece-alerts/messages'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { oneClickUnsubscribeRoute } from '../../http/one-click-unsubscribe'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { askForAlerts, confirmAlert, type PieceAlertContext, unsubscribe } from './service'

export const pieceAlertRoutes: FastifyPluginAsyncZod<{
  db: Database
  context: PieceAlertContext
  onMailQueued: () => void
}> = async (app, { db, context, onMailQueued }) => {
  // The same status and words for a new, an unconfirmed and a confirmed address (typed by anyone,
  // signed in or not): nobody learns from the answer whether an address is on the list.
  app.post(
    contract.ask.path,
    { schema: schemaOf(contract.ask), config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      const user = await request.session.user()
      const { answer, queued } = await askForAlerts(
        db,
        {
          productId: request.params.id,
          email: request.body.email,
          user: user ? { id: user.id, email: user.email } : undefined,
        },
        context,
      )
      if (queued) onMailQueued()
      return answer
    },
  )

  // The confirmation e-mail's link opens a page with one button that sends this: mail scanners
  // follow links, and must not put anyone on the list.
  app.post(
    contract.confirm.path,
    { schema: schemaOf(contract.confirm), config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      await confirmAlert(db, request.body.token)
      return { message: PIECE_ALERT_MESSAGES.confirmed }
    },
  )

  // The unsubscribe link in the e-mail's text opens a page with one button that sends this.
  app.post(
    contract.unsubscribe.path,
    { schema: schemaOf(contract.unsubscribe), config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      await unsubscribe(db, context.tokens, request.body.token)
      return { message: PIECE_ALERT_MESSAGES.unsubscribed }
    },
  )

  // List-Unsubscribe's address: the mail program's Unsubscribe button.
  oneClickUnsubscribeRoute(app, contract.oneClickUnsubscribe, async (token) => {
    await unsubscribe(db, context.tokens, token)
    return PIECE_ALERT_MESSAGES.unsubscribed
  })
}
