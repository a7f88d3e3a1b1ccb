import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminFlagSchema, userListQuerySchema } from '../../../shared/users-admin'
import type { Database } from '../../db/client'
import { accountSummary, deleteUser, listUsersPage, setAdmin } from './admin-service'
import { toPublicUser } from './service'

const userParams = z.object({ id: z.coerce.number({ error: 'User not found' }).int().positive() })

/** The Accounts screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const accountsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/users', { schema: { querystring: userListQuerySchema } }, (request) =>
    listUsersPage(db, request.query),
  )

  app.get('/api/admin/users/summary', () => accountSummary(db))

  app.patch(
    '/api/users/:id/admin',
    { schema: { params: userParams, body: adminFlagSchema } },
    async (request) => toPublicUser(await setAdmin(db, request.params.id, request.body.isAdmin)),
  )

  app.delete('/api/users/:id', { schema: { params: userParams } }, async (request) => {
    await deleteUser(db, request.params.id)
    return { message: 'Account deleted' }
  })
}
