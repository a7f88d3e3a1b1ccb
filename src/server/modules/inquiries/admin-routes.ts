import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/client'
import { inquirySummary } from './service'

export const inquiriesAdminRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/inquiries/summary', () => inquirySummary(db))
}
