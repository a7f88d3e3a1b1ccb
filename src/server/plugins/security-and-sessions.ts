import cookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import rateLimit from '../http/rate-limit'
import security from '../http/security'
import session from '../http/session'
import { type AttemptCounters, PostgresCounters, RedisCounters } from '../limits/attempt-counters'

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate-limit and sign-in counters, shared by every instance. */
    attemptCounters: AttemptCounters
    /** Whether the rate limits and sign-in lockouts count (tests that are not about them turn them off). */
    limitsEnabled: boolean
  }
}

export interface SecurityOptions {
  /** Rate limits are on unless a test turns them off. */
  rateLimits: boolean
  /** Tests: a key prefix of their own in a shared Redis. */
  redisKeyPrefix?: string
}

/**
 * Signed cookies, the security headers and the cross-site rule, the rate limits and the
 * sign-in counters behind them, and the visitor's session (loaded only when asked for).
 */
async function securityAndSessions(app: FastifyInstance, { rateLimits, redisKeyPrefix }: SecurityOptions) {
  const { config } = app
  await app.register(cookie, { secret: config.sessionSecret })
  await app.register(security, { publicUrl: config.publicUrl, https: config.secureCookies })
  // Rate-limit and sign-in counters: Redis when REDIS_URL is set, else PostgreSQL.
  const counters: AttemptCounters = config.redisUrl
    ? await RedisCounters.connect(config.redisUrl, {
        prefix: redisKeyPrefix,
        // Once per outage, not per request: each request meanwhile skips its limit without waiting.
        onLost: (error) =>
          app.log.warn(
            { reason: error.message },
            'Redis does not answer: rate limits are skipped until it is back',
          ),
        onBack: () => app.log.info('Redis answers again: rate limits count again'),
      })
    : new PostgresCounters(app.db)
  app.addHook('onClose', () => counters.close())
  app.decorate('attemptCounters', counters)
  app.decorate('limitsEnabled', rateLimits)
  await app.register(rateLimit, { counters, enabled: rateLimits })
  await app.register(session, { db: app.db, secure: config.secureCookies })
}

export default fp(securityAndSessions, {
  name: 'security-and-sessions',
  dependencies: ['infrastructure'],
  decorators: { fastify: ['config', 'db'] },
})
