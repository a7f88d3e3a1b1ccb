import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { inquiriesContract } from '../../../shared/inquiries/contract'
import { INQUIRY_MESSAGES } from '../../../shared/inquiries/schema'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { createInquiry, type InquiryMailContext } from './service'

/** The contact form's call; the inbox's calls are in admin-routes.ts. */
export const inquiriesRoutes: FastifyPluginAsyncZod<{
  db: Database
  context: InquiryMailContext
  onMailQueued: () => void
}> = async (app, { db, context, onMailQueued }) => {
  app.post(
    inquiriesContract.send.path,
    { schema: schemaOf(inquiriesContract.send), config: { rateLimit: RATE_LIMITS.form } },
    async (request, reply) => {
      // A bot that filled the honeypot gets the same answer as a person: nothing tells it apart.
      if (await createInquiry(db, request.body, context)) onMailQueued()
      return reply.status(201).send({ message: INQUIRY_MESSAGES.sent.description })
    },
  )
}
