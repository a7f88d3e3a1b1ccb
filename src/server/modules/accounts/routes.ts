import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { loginSchema, registerSchema } from '../../../shared/accounts'
import type { Database } from '../../db/client'
import { unauthorized } from '../../http/errors'
import { requireAdmin } from '../../http/guards'
import { RATE_LIMITS } from '../../http/rate-limit'
import { authenticate, listUsers, registerUser, toPublicUser } from './service'

export const accountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/check-auth', async (request) => {
    const user = await request.session.user()
    if (!user) throw unauthorized()
    return toPublicUser(user)
  })

  app.post(
    '/api/login',
    { schema: { body: loginSchema }, config: { rateLimit: RATE_LIMITS.login } },
    async (request) => {
      const user = await authenticate(db, request.body.username, request.body.password)
      if (!user) throw unauthorized('Invalid username or password')
      await request.session.signIn(user.id)
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

  app.get('/api/users', { onRequest: requireAdmin }, async () => {
    const rows = await listUsers(db)
    return rows.map((row) => ({ ...toPublicUser(row), createdAt: row.createdAt.toISOString() }))
  })
}
