import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffContract as contract } from '../../../shared/staff/contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { toPublicUser } from '../accounts/service'
import { acceptInvitation, type InvitationTokens, previewInvitation } from './invitations'

/** The invitation's page: public, each call authorised by the invitation's signed token. */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Database; tokens: InvitationTokens }> = async (
  app,
  { db, tokens },
) => {
  app.post(
    contract.previewInvitation.path,
    { schema: schemaOf(contract.previewInvitation), config: { rateLimit: RATE_LIMITS.invitationLink } },
    (request) => previewInvitation(db, tokens, request.body.token),
  )

  app.post(
    contract.acceptInvitation.path,
    { schema: schemaOf(contract.acceptInvitation), config: { rateLimit: RATE_LIMITS.register } },
    async (request, reply) => {
      const user = await acceptInvitation(db, tokens, request.body)
      await request.session.signIn(user.id)
      return reply.status(201).send({ ...toPublicUser(user), isAuthenticated: true as const })
    },
  )
}
