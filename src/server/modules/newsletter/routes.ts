import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { newsletterSchema } from '../../../shared/newsletter'
import type { Database } from '../../db/client'
import { RATE_LIMITS } from '../../http/rate-limit'
import { subscribe } from './service'

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/newsletter',
    { schema: { body: newsletterSchema }, config: { rateLimit: RATE_LIMITS.form } },
    async (request, reply) => {
      await subscribe(db, request.body.email)
      return reply.status(201).send({ message: 'Thank you for subscribing to our newsletter!' })
    },
  )
}
