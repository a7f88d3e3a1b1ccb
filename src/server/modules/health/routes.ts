import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/client'

export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  // For load balancers and orchestrators: healthy only while the database answers.
  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`)
      return { status: 'ok' }
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' })
    }
  })
}
