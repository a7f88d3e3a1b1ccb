import { ConfigError } from '../config'

/** What Fastify's `trustProxy` is given: a flag, the proxies' addresses, or a rule per hop. */
export type FastifyTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean)

/**
 * TRUST_PROXY (config.ts) in a form Fastify acts on. Fastify 5 reads a bare number as "trust
 * nothing" on purpose (lib/request.js, getTrustProxyFn: a hop count cannot check the immediate
 * peer), so `TRUST_PROXY=1` silently gave every shopper the load balancer's address and one
 * shared rate limit. A hop count here means what it says: believe the last N hops, those the
 * shop's own proxies added, and take the client's address from the entry before them. The app
 * must then be reachable only through those proxies, as deploy/ sets it up.
 */
export function fastifyTrustProxy(value: boolean | number | string[]): FastifyTrustProxy {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') {
    // Anything else Fastify would take without complaint and then trust nothing (or everything).
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new ConfigError(
        `Invalid environment:\n  TRUST_PROXY: a hop count is a whole number of proxies (1 behind one load balancer), not ${value}`,
      )
    }
    if (value === 0) return false
    const hops = value
    // proxy-addr asks about the socket's peer as hop 0, then each X-Forwarded-For entry from the last.
    return (_address, hop) => hop < hops
  }
  if (value.length === 0) {
    throw new ConfigError('Invalid environment:\n  TRUST_PROXY: an empty list of proxies trusts nothing')
  }
  return value
}
