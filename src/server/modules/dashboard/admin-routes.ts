import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/client'
import { moneyOverview } from './service'

export const dashboardAdminRoutes: FastifyPluginAsync<{
  db: Database
  timeZone: string
  /** The provider sends webhooks (Stripe; the test provider never does). */
  cardWebhooks: boolean
}> = async (app, { db, timeZone, cardWebhooks }) => {
  app.get('/api/admin/overview', () => moneyOverview(db, timeZone, { cardWebhooks }))
}
