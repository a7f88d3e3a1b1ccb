import type { FastifyRequest } from 'fastify'

export interface SiteAddress {
  publicUrl: string | undefined
  /** ALLOWED_HOSTS: hosts (`shop.example.com` or `shop.example.com:8080`) trusted without PUBLIC_URL. */
  allowedHosts: string[]
  port: number
}

// This machine's own names: `npm start` on a laptop works without any configuration.
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The origin that canonical links, the sitemap and robots.txt name. The Host header is the
 * client's to choose: without PUBLIC_URL it is believed only for this machine's own names and
 * the ALLOWED_HOSTS list; anything else gets the local address, never an attacker's domain (a
 * poisoned cache or a crawled page would otherwise point shoppers elsewhere).
 */
export function siteOrigin({
  publicUrl,
  allowedHosts,
  port,
}: SiteAddress): (request: FastifyRequest) => string {
  if (publicUrl) return () => publicUrl
  const allowed = new Set(allowedHosts.map((host) => host.toLowerCase()))
  const fallback = `http://localhost:${port}`
  return (request) => {
    const host = request.host.toLowerCase()
    const hostname = host.replace(/:\d+$/, '')
    const trusted = allowed.has(host) || allowed.has(hostname) || LOCAL_HOSTNAMES.has(hostname)
    if (!trusted || !/^[a-z0-9.\-[\]:]+$/.test(host)) return fallback
    return `${request.protocol}://${host}`
  }
}
