import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { NEWSLETTER_MESSAGES, newsletterSchema, unsubscribeSchema } from '../../../shared/newsletter'
import type { Database } from '../../db/client'
import { RATE_LIMITS } from '../../lib/rate-limits'
import { type NewsletterMailContext, subscribe, unsubscribe } from './service'

export const newsletterRoutes: FastifyPluginAsyncZod<{
  db: Database
  context: NewsletterMailContext
  onMailQueued: () => void
}> = async (app, { db, context, onMailQueued }) => {
  // 201 for a new address, 200 for one already on the list: the shopper sees the same thanks,
  // and nobody learns from the message whether an address was subscribed.
  app.post(
    '/api/newsletter',
    { schema: { body: newsletterSchema }, config: { rateLimit: RATE_LIMITS.form } },
    async (request, reply) => {
      const created = await subscribe(db, request.body.email, context)
      if (created) onMailQueued()
      return reply.status(created ? 201 : 200).send({ message: NEWSLETTER_MESSAGES.subscribed })
    },
  )

  // The welcome e-mail's link opens a page with one button that sends this: a GET that
  // unsubscribed would be triggered by every mail scanner that follows links.
  app.post(
    '/api/newsletter/unsubscribe',
    { schema: { body: unsubscribeSchema }, config: { rateLimit: RATE_LIMITS.form } },
    async (request) => {
      await unsubscribe(db, request.body.token)
      return { message: NEWSLETTER_MESSAGES.unsubscribed }
    },
  )
}
