import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dashboardAdminContract as contract } from '../../../shared/dashboard/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { moneyOverview } from './service'

export const dashboardAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  timeZone: string
  /** The provider sends webhooks (Stripe; the test provider never does). */
  cardWebhooks: boolean
}> = async (app, { db, timeZone, cardWebhooks }) => {
  app.get(contract.overview.path, { schema: schemaOf(contract.overview) }, () =>
    moneyOverview(db, timeZone, { cardWebhooks }),
  )
}
