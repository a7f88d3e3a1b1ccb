import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { MIGRATIONS_DIR } from '../../paths'

/** When the newest migration this build carries was made (drizzle records it as `created_at`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  // For load balancers: alive while the database answers. Kept to one trivial query.
  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`)
      return { status: 'ok' }
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' })
    }
  })

  // For orchestrators and rolling deploys: ready to take traffic once the database answers and
  // carries every migration this build knows. Once shutdown has begun Fastify answers 503 to every
  // new request, this one included, so the balancer drains the instance while it finishes.
  const newest = newestMigrationMillis()
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    let applied: number
    try {
      const [row] = await queryRows<{ applied: string | null }>(
        db,
        sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
      )
      applied = Number(row?.applied ?? 0)
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' })
    }
    if (applied < newest) {
      return reply.status(503).send({ status: 'migrating', message: 'Database migrations are not done' })
    }
    return { status: 'ready' }
  })
}
