import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  RESET_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  registerSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '../../../shared/accounts'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database } from '../../db/client'
import { forbidden, invalid, rateLimited, unauthenticated } from '../../errors'
import { currentUser, requireUser } from '../../http/guards'
import type { AttemptCounters } from '../../lib/attempt-counters'
import { RATE_LIMITS } from '../../lib/rate-limits'
import { changePassword, requestPasswordReset, resetPassword, updateProfile } from './profile-service'
import { authenticate, registerUser, toPublicUser } from './service'
import { ACCOUNT_LOCKED_MESSAGE, checkSignIn, forgiveSignIn, liftSignInLockout } from './sign-in'

const userParams = z.object({ id: z.coerce.number().int().positive() })

export interface AccountsDeps {
  db: Database
  /** Off in tests that are not about limits, like the address-based limits. */
  limits: boolean
  /** Where sign-in attempts are counted (PostgreSQL or Redis). */
  counters: AttemptCounters
  links: { publicUrl: string; store: StoreInfo }
  onMailQueued: () => void
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (
  app,
  { db, limits, counters, links, onMailQueued },
) => {
  app.get('/api/check-auth', async (request) => {
    const user = await request.session.user()
    if (!user) throw unauthenticated()
    return toPublicUser(user)
  })

  app.post('/api/login', { schema: { body: loginSchema } }, async (request) => {
    const { username, password } = request.body
    const check = await checkSignIn(db, username, limits ? request.ip : undefined, counters)
    if (check.refused === 'address')
      throw rateLimited(
        `Too many requests. Please try again in ${Math.ceil(check.retryInMs / 1000)} seconds.`,
      )
    if (check.refused === 'username') throw rateLimited(ACCOUNT_LOCKED_MESSAGE)
    const user = await authenticate(check.account, password)
    if (!user) throw unauthenticated('Invalid username or password')
    if (limits)
      await forgiveSignIn(counters, username, request.ip).catch((error: Error) =>
        request.log.warn({ err: error }, 'sign-in not taken back from the lockout counters'),
      )
    await request.session.signIn(user.id)
    return toPublicUser(user)
  })

  app.post(
    '/api/register',
    { schema: { body: registerSchema }, config: { rateLimit: RATE_LIMITS.register } },
    async (request, reply) => {
      const user = await registerUser(db, request.body)
      await request.session.signIn(user.id)
      return reply.status(201).send(toPublicUser(user))
    },
  )

  app.post('/api/logout', async (request) => {
    await request.session.signOut()
    return { message: 'Logged out' }
  })

  app.put(
    '/api/users/:id',
    { onRequest: requireUser, schema: { params: userParams, body: profileUpdateSchema } },
    async (request) => {
      const me = await currentUser(request)
      // Customers change only themselves; administrators may change anybody's profile.
      if (me.id !== request.params.id && !me.isAdmin) throw forbidden('You can only change your own profile')
      return toPublicUser(await updateProfile(db, request.params.id, request.body, me))
    },
  )

  app.post(
    '/api/change-password',
    {
      onRequest: requireUser,
      schema: { body: changePasswordSchema },
      config: { rateLimit: RATE_LIMITS.login },
    },
    async (request) => {
      const me = await currentUser(request)
      await changePassword(
        db,
        me,
        request.body.currentPassword,
        request.body.newPassword,
        await request.session.id(),
      )
      return { message: 'Password changed' }
    },
  )

  app.post(
    '/api/request-password-reset',
    { schema: { body: requestPasswordResetSchema }, config: { rateLimit: RATE_LIMITS.passwordReset } },
    async (request) => {
      await requestPasswordReset(db, request.body.email, links)
      onMailQueued()
      return { message: RESET_REQUESTED_MESSAGE }
    },
  )

  app.post(
    '/api/reset-password',
    { schema: { body: resetPasswordSchema }, config: { rateLimit: RATE_LIMITS.passwordReset } },
    async (request) => {
      const username = await resetPassword(db, request.body.token, request.body.password)
      if (username === null) throw invalid(RESET_INVALID_MESSAGE)
      await liftSignInLockout(counters, username).catch((error: Error) =>
        request.log.warn({ err: error }, 'sign-in lockout not lifted after a reset'),
      )
      return { message: 'Password reset successfully' }
    },
  )
}
