import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { OneClickUnsubscribeEndpoint } from '../../shared/newsletter/one-click-unsubscribe'
import { RATE_LIMITS } from '../limits/rate-limits'
import { schemaOf } from './contract'

/**
 * A mailing's one-click unsubscribe (RFC 8058): the mail program's Unsubscribe button POSTs a form
 * to List-Unsubscribe's address, the token in its query. Whatever the body says, a POST with a
 * token signed for it unsubscribes; a GET would be a scanner and is not a route. RFC 8058 allows
 * either form encoding: their parsers live in the calling plugin's scope only (everywhere else
 * they are a 415) and read nothing. `leave` unsubscribes the token's owner and answers the message.
 */
export function oneClickUnsubscribeRoute(
  app: FastifyInstance,
  endpoint: OneClickUnsubscribeEndpoint,
  leave: (token: string) => Promise<string>,
): void {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  )
  app.withTypeProvider<ZodTypeProvider>().post(
    endpoint.path,
    {
      schema: schemaOf(endpoint),
      config: { rateLimit: RATE_LIMITS.form, oneClickUnsubscribe: true },
    },
    async (request) => ({ message: await leave(request.query.token) }),
  )
}
