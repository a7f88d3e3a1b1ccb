import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
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

// drizzle's migration journal stamps created_at as bigint milliseconds: read as text, on both drivers.
const AppliedRow = z.object({ applied: z.string().nullable() })

export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  // Liveness: the process is alive and answers. Not the database's health: restarting an instance
  // because PostgreSQL is away would only add a cold start to the outage (readiness says that).
  app.get('/healthz', async () => ({
    status: 'ok',
    database: app.database.reachability?.up === false ? 'unreachable' : 'ok',
  }))

  // For load balancers and rolling deploys: ready to take traffic while the database answers
  // (its probe, db/reachability.ts: within a second either way) and carries every migration this
  // build knows, and until shutdown begins (SHUTDOWN_GRACE_MS of 503s while still serving).
  const newest = newestMigrationMillis()
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.draining.on) return reply.status(503).send({ status: 'draining', message: 'Shutting down' })
    if (app.database.reachability?.up === false) return unreachable(reply)
    let applied: number
    try {
      const [row] = await queryRows(
        db,
        AppliedRow,
        sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
      )
      applied = Number(row?.applied ?? 0)
    } catch {
      return unreachable(reply)
    }
    if (applied < newest) {
      return reply.status(503).send({ status: 'migrating', message: 'Database migrations are not done' })
    }
    return { status: 'ready' }
  })
}

const unreachable = (reply: FastifyReply) =>
  reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' })
