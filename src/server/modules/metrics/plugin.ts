import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { DatabaseHandle } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { isDatabaseUnreachable } from '../../db/reachability'
import {
  dbPoolConnections,
  dbPoolWaiting,
  dbReachable,
  metricsRegistry,
  outboxOldestAge,
  outboxPending,
  requestDurations,
} from './registry'

interface MetricsOptions {
  database: DatabaseHandle
  /** METRICS_TOKEN: other machines may read /metrics with it; without it only this machine may. */
  token?: string
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/
// Headers a proxy adds: a request that came through one is not from this machine, even though a
// proxy on this machine connects from 127.0.0.1.
const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip']

/** From this machine, straight to the app: the socket's own address, never X-Forwarded-For. */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? ''
  return LOOPBACK.test(address) && FORWARDED_HEADERS.every((name) => request.headers[name] === undefined)
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? ''
  const match = /^Bearer\s+(.+)$/i.exec(header)
  if (!match) return false
  const given = Buffer.from(match[1]!.trim())
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Prometheus metrics: every request's route pattern, status and duration (one cheap hook), and
 * `GET /metrics` in the text format. The figures that live in
 * the database (outbox) are read when scraped, so each instance reports the truth.
 */
const OutboxRow = z.object({ pending: z.number().int(), oldest: z.number().nullable() })

const metricsPlugin: FastifyPluginAsync<MetricsOptions> = async (app, { database, token }) => {
  // Not async: a callback hook costs no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    requestDurations.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
    done()
  })

  // For Prometheus, not part of the API's description (nor of the fuzzer's walk).
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (token) {
      if (!bearerMatches(request, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'A valid metrics token is required' })
      }
    } else if (!fromThisMachine(request)) {
      return reply
        .status(403)
        .send({ message: 'Metrics are readable only from this machine (or set METRICS_TOKEN)' })
    }
    await readDatabaseFigures(database)
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics())
  })
}

async function readDatabaseFigures(database: DatabaseHandle): Promise<void> {
  const pool = database.poolStats?.()
  if (pool) {
    dbPoolConnections.set({ state: 'in_use' }, pool.total - pool.idle)
    dbPoolConnections.set({ state: 'idle' }, pool.idle)
    dbPoolWaiting.set(pool.waiting)
  }
  dbReachable.set(database.reachability?.up === false ? 0 : 1)
  try {
    const [outbox] = await queryRows(
      database.db,
      OutboxRow,
      // The age is the shop's own mail's: a newsletter campaign waits at MAIL_RATE_PER_MINUTE on
      // purpose, and must not look like a stuck outbox.
      sql`select count(*)::int as pending,
            extract(epoch from now() - min(created_at) filter (where priority = 0))::float8 as oldest
          from email_outbox where status = 'pending'`,
    )
    outboxPending.set(outbox?.pending ?? 0)
    outboxOldestAge.set(Math.max(0, outbox?.oldest ?? 0))
  } catch (error) {
    // While the database is away the scrape still answers, with the figures that need no query:
    // an outage is when they are wanted most. The outbox's keep their last values.
    if (!isDatabaseUnreachable(error)) throw error
  }
}

export default fp(metricsPlugin, { name: 'metrics' })
