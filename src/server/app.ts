import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import { registerErrorHandlers } from './http/errors'
import { requireAdmin } from './http/guards'
import rateLimit from './http/rate-limit'
import security from './http/security'
import session from './http/session'
import ssr, { type SsrBundle } from './http/ssr'
import { TrafficGauge } from './http/traffic'
import { accountsRoutes } from './modules/accounts/routes'
import { cartRoutes } from './modules/cart/routes'
import { CatalogChanges } from './modules/catalog/catalog-changes'
import { catalogRoutes } from './modules/catalog/routes'
import { orderMailRenderers } from './modules/checkout/order-mail'
import { checkoutRoutes } from './modules/checkout/routes'
import { healthRoutes } from './modules/health/routes'
import type { MailTransport } from './modules/mail/transport'
import { createMailTransport } from './modules/mail/transport'
import { MailWorker } from './modules/mail/worker'
import type { FileStore } from './modules/media/file-store'
import { LocalFileStore } from './modules/media/local-file-store'
import { mediaRoutes } from './modules/media/routes'
import { newsletterRoutes } from './modules/newsletter/routes'
import { ordersRoutes } from './modules/orders/routes'
import { createPaymentProvider } from './modules/payments'
import type { PaymentProvider } from './modules/payments/provider'
import { seoRoutes } from './modules/seo/routes'
import { storeInfo, storeRoutes } from './modules/store/routes'
import { wishlistRoutes } from './modules/wishlist/routes'

declare module 'fastify' {
  interface FastifyInstance {
    adminRoutes: { method: string; url: string }[]
    mailWorker: MailWorker
    paymentProvider: PaymentProvider
  }
}

export interface AppDeps {
  config: Config
  database: DatabaseHandle
  /** The server-rendering bundle; API-only without it (most tests). */
  ssrBundle?: SsrBundle
  /** Where uploads go; files under DATA_DIR/uploads by default. */
  files?: FileStore
  /** The card payment provider; Stripe with keys, else the built-in test provider. */
  paymentProvider?: PaymentProvider
  /** Mail: the transport (SMTP or .eml files by default) and whether the outbox worker runs. */
  mail?: { transport?: MailTransport; startWorker?: boolean }
  /** Rate limits are on unless a test turns them off. */
  rateLimits?: boolean
  logger?: boolean
}

const SECRET_QUERY = /([?&](?:token|password)=)[^&#]*/gi
export const maskSecrets = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]')

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps
  const { db } = database
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            // Session ids, passwords and reset tokens never reach the logs: bodies and headers are not
            // logged, and a token in a link's query string is masked.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: {
              req: (request) => ({
                method: request.method,
                url: maskSecrets(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandlers(app)

  // Every admin route, recorded as it is declared, so a test can walk them all (DESIGN.md §5).
  const adminRoutes: { method: string; url: string }[] = []
  app.decorate('adminRoutes', adminRoutes)
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat()
    if (!hooks.includes(requireAdmin)) return
    for (const method of [route.method].flat())
      if (method !== 'HEAD') adminRoutes.push({ method, url: route.url })
  })

  await app.register(cookie, { secret: config.sessionSecret })
  await app.register(security, { publicUrl: config.publicUrl, https: config.secureCookies })
  await app.register(rateLimit, { db, enabled: deps.rateLimits ?? true })
  await app.register(session, { db, secure: config.secureCookies })

  await app.register(healthRoutes, { db })
  await app.register(storeRoutes, { config })
  const catalog = new CatalogChanges(database, app.log)
  await catalog.start()
  app.addHook('onClose', () => catalog.announced())
  await app.register(catalogRoutes, { db, catalog })
  await app.register(newsletterRoutes, { db })
  await app.register(cartRoutes, { db, config })
  await app.register(wishlistRoutes, { db })
  await app.register(ordersRoutes, { db })

  const paymentProvider = deps.paymentProvider ?? createPaymentProvider(config)
  const traffic = new TrafficGauge()
  traffic.attach(app.server)
  const checkoutContext = {
    shipping: config.shipping,
    store: storeInfo(config),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  }
  const mailWorker = new MailWorker({
    db,
    transport: deps.mail?.transport ?? createMailTransport(config),
    from: config.mailFrom,
    log: app.log,
    renderers: orderMailRenderers(db, checkoutContext),
    busy: () => traffic.busy(),
  })
  app.decorate('paymentProvider', paymentProvider)
  app.decorate('mailWorker', mailWorker)
  if (deps.mail?.startWorker) {
    app.addHook('onReady', async () => mailWorker.start())
    app.addHook('onClose', async () => mailWorker.stop())
  }
  const links = { publicUrl: config.publicUrl ?? `http://localhost:${config.port}`, store: storeInfo(config) }
  await app.register(accountsRoutes, {
    db,
    limits: deps.rateLimits ?? true,
    links,
    onMailQueued: () => mailWorker.kick(),
  })
  await app.register(checkoutRoutes, {
    db,
    provider: paymentProvider,
    catalog,
    context: checkoutContext,
    onMailQueued: () => mailWorker.kick(),
  })
  await app.register(seoRoutes, { db, publicUrl: config.publicUrl })
  await app.register(mediaRoutes, { store: deps.files ?? new LocalFileStore(`${config.dataDir}/uploads`) })

  // Uploaded and seeded images: content-hashed names, so they never change.
  await app.register(fastifyStatic, {
    root: `${config.dataDir}/uploads`,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  })

  if (deps.ssrBundle) await app.register(ssr, { bundle: deps.ssrBundle, publicUrl: config.publicUrl })
  return app
}
