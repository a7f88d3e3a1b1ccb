import type { FastifyRequest } from 'fastify'
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
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  setUpTwoFactorSchema,
  TWO_FACTOR_INVALID_CODE,
  TWO_FACTOR_REQUIRED_MESSAGE,
  type TwoFactorChallenge,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '../../../shared/two-factor'
import type { Database } from '../../db/client'
import { forbidden, invalid, rateLimited, unauthenticated } from '../../errors'
import { deviceIdFor, issueDeviceCookie } from '../../http/device-cookie'
import { currentUser, requireUser } from '../../http/guards'
import type { AttemptCounters } from '../../lib/attempt-counters'
import { RATE_LIMITS } from '../../lib/rate-limits'
import { changePassword, requestPasswordReset, resetPassword, updateProfile } from './profile-service'
import { SecretBox } from './secret-box'
import type { MailLinks } from './security-notices'
import { authenticate, registerUser, toPublicUser } from './service'
import { ACCOUNT_LOCKED_MESSAGE, checkSignIn, forgiveSignIn, liftSignInLockout } from './sign-in'
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setUpTwoFactor } from './two-factor'
import { TWO_FACTOR_WAIT_MESSAGE, tryTwoFactorCode } from './two-factor-limits'

const userParams = z.object({ id: z.coerce.number().int().positive() })

export interface AccountsDeps {
  db: Database
  /** Off in tests that are not about limits, like the address-based limits. */
  limits: boolean
  /** Where sign-in attempts are counted (PostgreSQL or Redis). */
  counters: AttemptCounters
  links: MailLinks
  onMailQueued: () => void
  /** Derives the key that encrypts two-factor secrets at rest. */
  sessionSecret: string
  /** Cookies only over HTTPS (PUBLIC_URL is https), like the session cookie. */
  secureCookies: boolean
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (
  app,
  { db, limits, counters, links, onMailQueued, sessionSecret, secureCookies },
) => {
  const box = new SecretBox(sessionSecret, 'two-factor secrets')
  // Password confirmations of signed-in users are counted where sign-in limits are on.
  const confirmationLimit = limits ? counters : undefined
  // Wrong two-factor codes of one account, counted on their own (two-factor-limits.ts).
  const codeLimit = limits ? counters : undefined
  const takeBack = (request: FastifyRequest, counted: string[]) =>
    forgiveSignIn(counters, counted).catch((error: Error) =>
      request.log.warn({ err: error }, 'sign-in not taken back from the lockout counters'),
    )

  app.get('/api/check-auth', async (request) => {
    const user = await request.session.user()
    if (!user) throw unauthenticated()
    return toPublicUser(user)
  })

  // The per-address limit is the route's rate limit: an address over it never reaches the
  // account counters. The device cookie, when valid for the name, counts this browser on its own.
  app.post(
    '/api/login',
    { schema: { body: loginSchema }, config: { rateLimit: RATE_LIMITS.login } },
    async (request, reply) => {
      const { username, password, code } = request.body
      const origin = limits ? { address: request.ip, deviceId: deviceIdFor(request, username) } : undefined
      const check = await checkSignIn(db, username, origin, counters)
      if (check.refused) throw rateLimited(ACCOUNT_LOCKED_MESSAGE)
      const user = await authenticate(check.account, password)
      if (!user) throw unauthenticated('Invalid username or password')
      if (user.twoFactorEnabled) {
        // The right password alone is no failure; a wrong code is one (its count stays).
        if (!code) {
          await takeBack(request, check.counted)
          return reply.status(401).send({
            message: TWO_FACTOR_REQUIRED_MESSAGE,
            twoFactorRequired: true,
          } satisfies TwoFactorChallenge)
        }
        const answer = await tryTwoFactorCode(db, box, codeLimit, user, code, links)
        if (answer === 'waiting') throw rateLimited(TWO_FACTOR_WAIT_MESSAGE)
        if (answer === 'wrong') {
          onMailQueued()
          return reply
            .status(401)
            .send({ message: TWO_FACTOR_INVALID_CODE, twoFactorRequired: true } satisfies TwoFactorChallenge)
        }
      }
      await takeBack(request, check.counted)
      await request.session.signIn(user.id)
      issueDeviceCookie(request, reply, user.username, secureCookies)
      return toPublicUser(user)
    },
  )

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
      const user = await updateProfile(db, request.params.id, request.body, me, confirmationLimit, links)
      onMailQueued()
      return toPublicUser(user)
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
        confirmationLimit,
        links,
      )
      onMailQueued()
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
      const username = await resetPassword(db, request.body.token, request.body.password, links)
      if (username === null) throw invalid(RESET_INVALID_MESSAGE)
      onMailQueued()
      await liftSignInLockout(counters, username).catch((error: Error) =>
        request.log.warn({ err: error }, 'sign-in lockout not lifted after a reset'),
      )
      return { message: 'Password reset successfully' }
    },
  )

  // The signed-in user's own two-factor sign-in: set up, confirm with a code, new recovery codes,
  // turn off. Each asks for the password (counted like every confirmation), never the session alone.
  app.post(
    '/api/account/two-factor/setup',
    { onRequest: requireUser, schema: { body: setUpTwoFactorSchema } },
    async (request) => {
      const me = await currentUser(request)
      return (await setUpTwoFactor(
        db,
        box,
        me,
        links.store.name,
        request.body.password,
        confirmationLimit,
      )) satisfies TwoFactorSetup
    },
  )

  app.post(
    '/api/account/two-factor/enable',
    { onRequest: requireUser, schema: { body: enableTwoFactorSchema } },
    async (request) => {
      const me = await currentUser(request)
      const { password, code } = request.body
      const recoveryCodes = await enableTwoFactor(db, box, me, password, code, confirmationLimit, links)
      onMailQueued()
      return { recoveryCodes } satisfies TwoFactorEnabled
    },
  )

  app.post(
    '/api/account/two-factor/recovery-codes',
    { onRequest: requireUser, schema: { body: regenerateRecoveryCodesSchema } },
    async (request) => {
      const me = await currentUser(request)
      const recoveryCodes = await regenerateRecoveryCodes(
        db,
        me,
        request.body.password,
        confirmationLimit,
        links,
      )
      onMailQueued()
      return { recoveryCodes } satisfies TwoFactorEnabled
    },
  )

  app.post(
    '/api/account/two-factor/disable',
    { onRequest: requireUser, schema: { body: disableTwoFactorSchema } },
    async (request) => {
      const me = await currentUser(request)
      await disableTwoFactor(db, box, me, request.body.password, request.body.code, confirmationLimit, links)
      onMailQueued()
      return { message: 'Two-factor sign-in is off' }
    },
  )
}
