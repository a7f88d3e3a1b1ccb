import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '../../../shared/two-factor'
import type { Database } from '../../db/client'
import { currentUser, requireUser } from '../../http/guards'
import type { ConfirmationLimit } from './password-checks'
import type { SecretBox } from './secret-box'
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor'

/** The signed-in user's own two-factor sign-in: set up, confirm with a code, turn off. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  db: Database
  box: SecretBox
  /** Names the shop in the authenticator app. */
  issuer: string
  limit: ConfirmationLimit
}> = async (app, { db, box, issuer, limit }) => {
  app.post('/api/account/two-factor/setup', { onRequest: requireUser }, async (request) => {
    const me = await currentUser(request)
    return (await setUpTwoFactor(db, box, me, issuer)) satisfies TwoFactorSetup
  })

  app.post(
    '/api/account/two-factor/enable',
    { onRequest: requireUser, schema: { body: enableTwoFactorSchema } },
    async (request) => {
      const me = await currentUser(request)
      const recoveryCodes = await enableTwoFactor(db, box, me, request.body.code, limit)
      return { recoveryCodes } satisfies TwoFactorEnabled
    },
  )

  app.post(
    '/api/account/two-factor/disable',
    { onRequest: requireUser, schema: { body: disableTwoFactorSchema } },
    async (request) => {
      const me = await currentUser(request)
      await disableTwoFactor(db, box, me, request.body.password, request.body.code, limit)
      return { message: 'Two-factor sign-in is off' }
    },
  )
}
