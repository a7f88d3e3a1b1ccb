import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { newsletterContract as contract } from '../../../shared/newsletter/contract'
import { NEWSLETTER_MESSAGES } from '../../../shared/newsletter/schema'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { oneClickUnsubscribeRoute } from '../../http/one-click-unsubscribe'
import { RATE_LIMITS } from '../../limits/rate-limits'
import {
  confirmSubscription,
  type NewsletterMailContext,
  subscribe,
  type UnsubscribeContext,
  unsubscribe,
} from './service'

export const newsletterRoutes: FastifyPluginAsyncZod<{
  db: Database
  context: NewsletterMailContext & UnsubscribeContext
  onMailQueued: () => void
}> = async (app, { db, context, onMailQueued }) => {
  // The same status and words for a new, an unconfirmed and a confirmed address: nobody learns
  // from the answer whether an address subscribes (double opt-in: only its owner's click does).
  app.post(
    contract.subscribe.path,
    { schema: schemaOf(contract.subscribe), config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      if (await subscribe(db, request.body.email, context)) onMailQueued()
      return { message: NEWSLETTER_MESSAGES.subscribed }
    },
  )

  // The confirmation e-mail's link opens a page with one button that sends this: mail scanners
  // follow links, and must not subscribe anyone.
  app.post(
    contract.confirm.path,
    { schema: schemaOf(contract.confirm), config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      if (await confirmSubscription(db, request.body.token, context)) onMailQueued()
      return { message: NEWSLETTER_MESSAGES.confirmed }
    },
  )

  // The welcome e-mail's link opens a page with one button that sends this: a GET that
  // unsubscribed would be triggered by every mail scanner that follows links.
  app.post(
    contract.unsubscribe.path,
    { schema: schemaOf(contract.unsubscribe), config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      await unsubscribe(db, request.body.token, context)
      return { message: NEWSLETTER_MESSAGES.unsubscribed }
    },
  )

  // A campaign's List-Unsubscribe (issue 38), as the piece alerts' (piece-alerts/routes.ts).
  oneClickUnsubscribeRoute(app, contract.oneClickUnsubscribe, async (token) => {
    await unsubscribe(db, token, context)
    return NEWSLETTER_MESSAGES.unsubscribed
  })
}
