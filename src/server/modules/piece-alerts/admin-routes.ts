import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client'
import { waitingCounts } from './service'

/** The dashboard's and the product form's counts; registered inside the admin scope (plugins/admin-scope.ts). */
export const pieceAlertAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/piece-alerts/waiting', () => waitingCounts(db))
}
