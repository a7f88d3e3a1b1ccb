import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pieceAlertsAdminContract as contract } from '../../../shared/piece-alerts/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { waitingCounts } from './service'

/** The dashboard's and the product form's counts; registered inside the admin scope (plugins/admin-scope.ts). */
export const pieceAlertAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(contract.waiting.path, { schema: schemaOf(contract.waiting) }, () => waitingCounts(db))
}
