import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountsContract as contract } from '../../../shared/accounts/contract'
import { RESET_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from '../../../shared/accounts/schema'
import { TWO_FACTOR_INVALID_CODE, TWO_FACTOR_REQUIRED_MESSAGE } from '../../../shared/accounts/two-factor'
import { DEACTIVATED_MESSAGE, VIEWING_AS_MESSAGE } from '../../../shared/staff/permissions'
import type { Database } from '../../db/client'
import { forbidden, invalid, rateLimited, unauthenticated } from '../../errors'
import { schemaOf } from '../../http/contract'
import { deviceIdFor, issueDeviceCookie } from '../../http/device-cookie'
import { can, currentUser, requireUser } from '../../http/guards'
import type { AttemptCounters } from '../../limits/attempt-counters'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { mustOutrankAccount, recordStaffSignIn } from '../staff/service'
import { changePassword, requestPasswordReset, resetPassword, updateProfile } from './profile-service'
import { SecretBox } from './secret-box'
import type { MailLinks } from './security-notices'
import { authenticate, registerUser } from './service'
import { ACCOUNT_LOCKED_MESSAGE, checkSignIn, forgiveSignIn, liftSignInLockout } from './sign-in'
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setUpTwoFactor } from './two-factor'
import { TWO_FACTOR_WAIT_MESSAGE, tryTwoFactorCode } from './two-factor-limits'

/**
 * The signed-in user's answer: the response schema (publicUserSchema) names what of the row
 * leaves the server, so no hand-written copy of its fields can forget to leave one out.
 */
const signedIn = <U extends object>(user: U) => ({ ...user, isAuthenticated: true as const })

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

  app.get(contract.me.path, { schema: schemaOf(contract.me) }, async (request) => {
    const user = await request.session.user()
    if (!user) throw unauthenticated()
    return signedIn(user)
  })

  // The per-address limit is the route's rate limit: an address over it never reaches the
  // account counters. The device cookie, when valid for the name, counts this browser on its own.
  app.post(
    contract.login.path,
    { schema: schemaOf(contract.login), config: { rateLimit: RATE_LIMITS.login } },
    async (request, reply) => {
      const { username, password, code } = request.body
      const origin = limits ? { address: request.ip, deviceId: deviceIdFor(request, username) } : undefined
      const check = await checkSignIn(db, username, origin, counters)
      if (check.refused) throw rateLimited(ACCOUNT_LOCKED_MESSAGE)
      const user = await authenticate(check.account, password)
      if (!user) throw unauthenticated('Invalid username or password')
      // A deactivated member's password is still theirs, but it opens nothing (issue 35), not even
      // as a customer once Remove Admin has taken the role away.
      if (!user.active) throw forbidden(DEACTIVATED_MESSAGE)
      if (user.twoFactorEnabled) {
        // The right password alone is no failure; a wrong code is one (its count stays).
        if (!code) {
          await takeBack(request, check.counted)
          return reply.status(401).send({ message: TWO_FACTOR_REQUIRED_MESSAGE, twoFactorRequired: true })
        }
        const answer = await tryTwoFactorCode(db, box, codeLimit, user, code, links)
        if (answer === 'waiting') throw rateLimited(TWO_FACTOR_WAIT_MESSAGE)
        if (answer === 'wrong') {
          onMailQueued()
          return reply.status(401).send({ message: TWO_FACTOR_INVALID_CODE, twoFactorRequired: true })
        }
      }
      await takeBack(request, check.counted)
      await request.session.signIn(user.id)
      if (user.isAdmin) await recordStaffSignIn(db, user.id)
      issueDeviceCookie(request, reply, user.username, secureCookies)
      return signedIn(user)
    },
  )

  app.post(
    contract.register.path,
    { schema: schemaOf(contract.register), config: { rateLimit: RATE_LIMITS.register } },
    async (request, reply) => {
      const user = await registerUser(db, request.body)
      await request.session.signIn(user.id)
      return reply.status(201).send(signedIn(user))
    },
  )

  app.post(contract.logout.path, { schema: schemaOf(contract.logout) }, async (request) => {
    await request.session.signOut()
    return { message: 'Logged out' }
  })

  app.put(
    contract.updateProfile.path,
    { onRequest: requireUser, schema: schemaOf(contract.updateProfile) },
    async (request) => {
      const me = await currentUser(request)
      // Customers change only themselves; a member with customers:manage may change another's
      // profile, unless its holder has more permissions (its e-mail is where a reset goes).
      if (me.id !== request.params.id) {
        if (me.viewingAs) throw forbidden(VIEWING_AS_MESSAGE)
        if (!can(me, 'customers:manage')) throw forbidden('You can only change your own profile')
        await mustOutrankAccount(db, me, request.params.id)
      }
      const user = await updateProfile(db, request.params.id, request.body, me, confirmationLimit, links)
      onMailQueued()
      return signedIn(user)
    },
  )

  app.post(
    contract.changePassword.path,
    {
      onRequest: requireUser,
      schema: schemaOf(contract.changePassword),
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
    contract.requestPasswordReset.path,
    { schema: schemaOf(contract.requestPasswordReset), config: { rateLimit: RATE_LIMITS.passwordReset } },
    async (request) => {
      await requestPasswordReset(db, request.body.email, links)
      onMailQueued()
      return { message: RESET_REQUESTED_MESSAGE }
    },
  )

  app.post(
    contract.resetPassword.path,
    { schema: schemaOf(contract.resetPassword), config: { rateLimit: RATE_LIMITS.passwordReset } },
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
    contract.setUpTwoFactor.path,
    { onRequest: requireUser, schema: schemaOf(contract.setUpTwoFactor) },
    async (request) => {
      const me = await currentUser(request)
      return setUpTwoFactor(db, box, me, links.store.name, request.body.password, confirmationLimit)
    },
  )

  app.post(
    contract.enableTwoFactor.path,
    { onRequest: requireUser, schema: schemaOf(contract.enableTwoFactor) },
    async (request) => {
      const me = await currentUser(request)
      const { password, code } = request.body
      const recoveryCodes = await enableTwoFactor(db, box, me, password, code, confirmationLimit, links)
      onMailQueued()
      return { recoveryCodes }
    },
  )

  app.post(
    contract.regenerateRecoveryCodes.path,
    { onRequest: requireUser, schema: schemaOf(contract.regenerateRecoveryCodes) },
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
      return { recoveryCodes }
    },
  )

  app.post(
    contract.disableTwoFactor.path,
    { onRequest: requireUser, schema: schemaOf(contract.disableTwoFactor) },
    async (request) => {
      const me = await currentUser(request)
      await disableTwoFactor(db, box, me, request.body.password, request.body.code, confirmationLimit, links)
      onMailQueued()
      return { message: 'Two-factor sign-in is off' }
    },
  )
}
