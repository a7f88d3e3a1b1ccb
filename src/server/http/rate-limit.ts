import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { invalid } from '../errors'
import type { AttemptCounters } from '../limits/attempt-counters'

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * A fixed-window counter per key in the shared counters (PostgreSQL, or Redis with REDIS_URL),
 * so every instance behind a load balancer shares the same limits (DESIGN.md §7).
 */
function sharedStore(counters: AttemptCounters) {
  return class SharedRateLimitStore {
    // Each limited route counts on its own: logins do not use up the password-reset allowance.
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(ip: string, callback: IncrCallback, timeWindow: number) {
      counters
        .count(this.prefix + ip, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        .catch((error: Error) => callback(error))
    }

    child(routeOptions: object) {
      // The plugin passes the route as `routeInfo` (its own Redis store keys by it the same way).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo
      return new SharedRateLimitStore(
        undefined,
        `rl:${[route?.method].flat().join(',')}:${route?.url ?? ''}:`,
      )
    }
  }
}

/**
 * The client's address, as the plugin's own key does it (an IPv6 client by its subnet). A request
 * whose connection is already gone has none (a malformed chunked body ends it while the hooks
 * run): it is refused as bad input, not counted under "undefined" nor left to crash the plugin's
 * normaliser with a level-50 error.
 */
export function clientKey(request: FastifyRequest): string {
  const address = request.ip
  if (!address) throw invalid('The request has no client address')
  return normalizeIP(address)
}

async function rateLimitPlugin(app: FastifyInstance, opts: { counters: AttemptCounters; enabled: boolean }) {
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: false,
    store: opts.enabled ? sharedStore(opts.counters) : undefined,
    skipOnError: true,
    keyGenerator: clientKey,
    // Limits are off in tests that are not about them; every route still declares its own.
    allowList: opts.enabled ? undefined : () => true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit' })
