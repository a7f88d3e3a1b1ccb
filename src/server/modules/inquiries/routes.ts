import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { INQUIRY_MESSAGES, inquirySchema } from '../../../shared/inquiries'
import type { Database } from '../../db/client'
import { RATE_LIMITS } from '../../lib/rate-limits'
import { createInquiry, type InquiryMailContext } from './service'

/** The contact form's call; the inbox's calls are in admin-routes.ts. */
export const inquiriesRoutes: FastifyPluginAsyncZod<{
  db: Database
  context: InquiryMailContext
  onMailQueued: () => void
}> = async (app, { db, context, onMailQueued }) => {
  app.post(
    '/api/inquiries',
    { schema: { body: inquirySchema }, config: { rateLimit: RATE_LIMITS.form } },
    async (request, reply) => {
      // A bot that filled the honeypot gets the same answer as a person: nothing tells it apart.
      if (await createInquiry(db, request.body, context)) onMailQueued()
      return reply.status(201).send({ message: INQUIRY_MESSAGES.sent.description })
    },
  )
}
