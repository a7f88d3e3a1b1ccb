import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/client'
import { subscriberSummary } from './service'

export const newsletterAdminRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/subscribers/summary', () => subscriberSummary(db))
}
