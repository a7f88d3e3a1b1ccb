import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/client'
import { moneyOverview } from './service'

export const dashboardAdminRoutes: FastifyPluginAsync<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get('/api/admin/overview', () => moneyOverview(db, timeZone))
}
