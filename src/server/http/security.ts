import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import type { ApiErrorBody } from '../../shared/api'
import type { RoutePermission } from '../../shared/staff/permissions'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const ACCEPTED_BODY_TYPES = /^(application\/json|multipart\/form-data)\b/i
const MULTIPART = /^multipart\/form-data\b/i
const FORM = /^application\/x-www-form-urlencoded\b/i

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a back-office route needs (issue 35): set by the admin scope from the route's contract. */
    permission?: RoutePermission
    /** An upload route: the only kind that accepts multipart/form-data. */
    acceptsMultipart?: boolean
    /**
     * A one-click unsubscribe address (RFC 8058): the mail provider POSTs a form to it from its
     * own servers (or a webmail from its page), so neither the site check nor the JSON rule
     * applies; the signed token in the address is what authorises it.
     */
    oneClickUnsubscribe?: boolean
    /**
     * An admin write that changes no product (a catalogue import's dry run and go-ahead): the admin
     * scope then announces no catalogue change for it (the import announces its own, once, at the end).
     */
    leavesCatalogAlone?: boolean
  }
}
// The payment provider's webhooks come from its servers, with their own signature check.
const EXEMPT_PREFIXES = ['/api/webhooks/']

interface SecurityOptions {
  publicUrl: string | undefined
  https: boolean
}

function expectedOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin
  return `${request.protocol}://${request.host}`
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
}

async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
  // Built once: the headers are the same on every answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        // Our own pages only where they say they may be framed (the campaign editor's e-mail
        // preview sets frame-ancestors 'self'); every other answer keeps frame-ancestors 'none'.
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        // Product images may be added by URL in the back office.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  )

  // Cross-site request forgery: a state-changing request must come from our own pages (when the
  // browser says where it comes from) and carry a type an HTML form cannot send.
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return
    const origin = request.headers.origin
    // Browsers that send Fetch Metadata say outright when another site made the request, even
    // where they leave Origin out.
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site'
    const oneClick = request.routeOptions.config?.oneClickUnsubscribe === true
    if (!oneClick && (crossSite || (origin && origin !== expectedOrigin(request, opts.publicUrl)))) {
      return reply.status(403).send({ message: 'Cross-site request refused' } satisfies ApiErrorBody)
    }
    const contentType = request.headers['content-type']
    const accepted = ACCEPTED_BODY_TYPES.test(contentType ?? '') || (oneClick && FORM.test(contentType ?? ''))
    if ((contentType || hasBody(request)) && !accepted) {
      return reply.status(415).send({
        message: 'Unsupported content type: send application/json or multipart/form-data',
      } satisfies ApiErrorBody)
    }
    // Multipart (what an HTML form can send across sites) only where a route expects an upload.
    if (MULTIPART.test(contentType ?? '') && !request.routeOptions.config?.acceptsMultipart) {
      return reply
        .status(415)
        .send({ message: 'Unsupported content type: send application/json' } satisfies ApiErrorBody)
    }
  })
}

export default fp(securityPlugin, { name: 'security' })
