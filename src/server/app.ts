import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import { type AttemptCounters, PostgresCounters, RedisCounters } from './http/attempt-counters'
import { registerErrorHandlers } from './http/errors'
import { requireAdmin } from './http/guards'
import { serializeError } from './http/log-safety'
import openApi from './http/openapi'
import rateLimit from './http/rate-limit'
import security from './http/security'
import session from './http/session'
import { siteOrigin } from './http/site-origin'
import ssr, { type SsrBundle } from './http/ssr'
import { TrafficGauge } from './http/traffic'
import { SWEEP_LOCK, SweepRunner } from './jobs/runner'
import { SWEEPS } from './jobs/sweeps'
import { accountsAdminRoutes } from './modules/accounts/admin-routes'
import { accountsRoutes } from './modules/accounts/routes'
import { backupAdminRoutes } from './modules/backup/admin-routes'
import { cartRoutes } from './modules/cart/routes'
import { catalogAdminRoutes } from './modules/catalog/admin-routes'
import { CatalogChanges } from './modules/catalog/catalog-changes'
import { catalogRoutes } from './modules/catalog/routes'
import { orderMailRenderers } from './modules/checkout/order-mail'
import { checkoutRoutes } from './modules/checkout/routes'
import { dashboardAdminRoutes } from './modules/dashboard/admin-routes'
import { healthRoutes } from './modules/health/routes'
import { inquiriesAdminRoutes } from './modules/inquiries/admin-routes'
import { inquiriesRoutes } from './modules/inquiries/routes'
import type { MailTransport } from './modules/mail/transport'
import { createMailTransport } from './modules/mail/transport'
import { MailWorker } from './modules/mail/worker'
import { mediaAdminRoutes } from './modules/media/admin-routes'
import { createFileStore } from './modules/media/create-file-store'
import type { FileStore } from './modules/media/file-store'
import { uploadsRoutes } from './modules/media/serve-uploads'
import metrics from './modules/metrics/plugin'
import { newsletterAdminRoutes } from './modules/newsletter/admin-routes'
import { newsletterRoutes } from './modules/newsletter/routes'
import { ordersAdminRoutes } from './modules/orders/admin-routes'
import { installmentReminders } from './modules/orders/reminders'
import { expiredReservations, reservationReminders } from './modules/orders/reservations'
import { ordersRoutes } from './modules/orders/routes'
import { createPaymentProvider } from './modules/payments'
import type { PaymentProvider } from './modules/payments/provider'
import { salesAdminRoutes } from './modules/sales/admin-routes'
import { seoRoutes } from './modules/seo/routes'
import { storeInfo, storeRoutes } from './modules/store/routes'
import { testimonialsAdminRoutes } from './modules/testimonials/admin-routes'
import { testimonialsRoutes } from './modules/testimonials/routes'
import { wishlistRoutes } from './modules/wishlist/routes'

export interface DeclaredRoute {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app declares, and those of them behind the admin scope (a test walks both). */
    declaredRoutes: DeclaredRoute[]
    adminRoutes: DeclaredRoute[]
    mailWorker: MailWorker
    sweeper: SweepRunner
    /** Reminds shoppers of, and ends, the reservations of unpaid Zelle orders (every minute). */
    reservationJobs: SweepRunner
    paymentProvider: PaymentProvider
  }
}

export interface AppDeps {
  config: Config
  database: DatabaseHandle
  /** The server-rendering bundle; API-only without it (most tests). */
  ssrBundle?: SsrBundle
  /** Where uploads go: the bucket when S3_BUCKET is set, else files under DATA_DIR/uploads. */
  files?: FileStore
  /** The card payment provider; Stripe with keys, else the built-in test provider. */
  paymentProvider?: PaymentProvider
  /** Mail: the transport (SMTP or .eml files by default) and whether the outbox worker runs. */
  mail?: { transport?: MailTransport; startWorker?: boolean }
  /** Background jobs (the data sweeps) run on a timer: main turns them on, tests call them. */
  jobs?: boolean
  /** Rate limits are on unless a test turns them off. */
  rateLimits?: boolean
  logger?: boolean
  /** Where log lines go (standard output by default); a test reads them back. */
  logStream?: { write(line: string): void }
  /** Tests: a key prefix of their own in a shared Redis. */
  redisKeyPrefix?: string
}

const SECRET_QUERY = /([?&](?:token|password)=)[^&#]*/gi
export const maskSecrets = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]')

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The method/URL pairs of a route as declared (HEAD routes are Fastify's own copies of GETs). */
function routeEntries(route: RouteOptions): DeclaredRoute[] {
  return [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => ({ method, url: route.url }))
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps
  const { db } = database
  const app = Fastify({
    // A union of its accepted forms steers Fastify's overloads to HTTP/2; each form is valid here.
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 1024 * 1024,
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // Session ids, passwords and reset tokens never reach the logs: bodies and headers are not
            // logged, a token in a link's query string is masked, and database errors lose their
            // parameters (serializeError).
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: {
              err: (error) => serializeError(error),
              error: (error: unknown) => serializeError(error),
              cause: (error: unknown) => serializeError(error),
              req: (request) => ({
                method: request.method,
                url: maskSecrets(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
  })
  // Graceful shutdown: the answers still on their way after SIGTERM say `Connection: close`, so
  // their keep-alive connections end with them instead of holding the server open until the
  // keep-alive timeout (past the grace period, which would cut jobs and the database short).
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandlers(app)
  await app.register(metrics, { database, token: config.metricsToken })

  // Every route, recorded as it is declared, so a test can walk them all and find any route that
  // is neither on its public list nor guarded (DESIGN.md §5).
  const declaredRoutes: DeclaredRoute[] = []
  const adminRoutes: DeclaredRoute[] = []
  app.decorate('declaredRoutes', declaredRoutes)
  app.decorate('adminRoutes', adminRoutes)
  app.addHook('onRoute', (route) => {
    declaredRoutes.push(...routeEntries(route))
  })

  await app.register(openApi, { docs: !config.isProduction, storeName: config.store.name })
  await app.register(cookie, { secret: config.sessionSecret })
  await app.register(security, { publicUrl: config.publicUrl, https: config.secureCookies })
  // Rate-limit and sign-in counters: Redis when REDIS_URL is set, else PostgreSQL.
  const counters: AttemptCounters = config.redisUrl
    ? await RedisCounters.connect(config.redisUrl, {
        prefix: deps.redisKeyPrefix,
        onError: (error) =>
          app.log.warn({ err: error }, 'redis connection trouble: limits skipped meanwhile'),
      })
    : new PostgresCounters(db)
  app.addHook('onClose', () => counters.close())
  await app.register(rateLimit, { counters, enabled: deps.rateLimits ?? true })
  await app.register(session, { db, secure: config.secureCookies })

  await app.register(healthRoutes, { db })
  await app.register(storeRoutes, { config })
  const catalog = new CatalogChanges(database, app.log)
  await catalog.start()
  app.addHook('onClose', () => catalog.announced())
  await app.register(catalogRoutes, { db, catalog })
  await app.register(cartRoutes, { db, config })
  await app.register(wishlistRoutes, { db })
  await app.register(ordersRoutes, { db })

  const paymentProvider = deps.paymentProvider ?? createPaymentProvider(config)
  const traffic = new TrafficGauge()
  traffic.attach(app.server)
  const checkoutContext = {
    shipping: config.shipping,
    reservation: config.reservation,
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
  const sweeper = new SweepRunner({
    db,
    // The hourly round also reminds shoppers of their instalments, one instance at a time.
    sweeps: [...SWEEPS, installmentReminders(checkoutContext, config.store.timeZone)],
    log: app.log,
    everyMs: config.jobsEveryMs,
  })
  // Reservations end by the minute, so they have a runner (and a lock) of their own.
  const reservationJobs = new SweepRunner({
    db,
    sweeps: [
      reservationReminders(checkoutContext, config.store.timeZone),
      expiredReservations(checkoutContext, config.store.timeZone, () => catalog.changed()),
    ],
    log: app.log,
    everyMs: config.jobsEveryMs ?? 60_000,
    // Each expired order is several statements: small batches keep locks short, and one order
    // that fails holds back few others.
    batch: 25,
    lockKey: SWEEP_LOCK + 1,
    label: 'reservation jobs',
  })
  app.decorate('sweeper', sweeper)
  app.decorate('reservationJobs', reservationJobs)
  if (deps.jobs) {
    app.addHook('onReady', async () => {
      sweeper.start()
      reservationJobs.start()
    })
    app.addHook('onClose', async () => {
      await Promise.all([sweeper.stop(), reservationJobs.stop()])
    })
  }
  if (deps.mail?.startWorker) {
    app.addHook('onReady', async () => mailWorker.start())
    app.addHook('onClose', async () => mailWorker.stop())
  }
  const links = { publicUrl: config.publicUrl ?? `http://localhost:${config.port}`, store: storeInfo(config) }
  const files = deps.files ?? (await createFileStore(config))
  if (!deps.files) app.addHook('onClose', async () => files.close?.())
  await app.register(newsletterRoutes, { db, context: links, onMailQueued: () => mailWorker.kick() })
  await app.register(inquiriesRoutes, { db, context: links, onMailQueued: () => mailWorker.kick() })
  await app.register(testimonialsRoutes, { db, files })
  await app.register(accountsRoutes, {
    db,
    limits: deps.rateLimits ?? true,
    counters,
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
  const originOf = siteOrigin(config)
  await app.register(seoRoutes, { db, origin: originOf })

  // The back office: every route registered in here answers 401 to visitors and 403 to customers.
  await app.register(async (admin) => {
    admin.addHook('onRoute', (route) => {
      adminRoutes.push(...routeEntries(route))
    })
    admin.addHook('onRequest', requireAdmin)
    // Whatever the owner changes may show on the storefront, so every successful write clears the
    // listing cache, on every instance, before the owner sees the answer: one place, not a call in
    // each service. Owner writes are rare; an extra clear costs one rebuild of the listing.
    admin.addHook('onSend', async (request, reply, payload) => {
      if (MUTATING_METHODS.has(request.method) && reply.statusCode < 400) {
        await catalog.changedNow().catch((error) => {
          request.log.warn({ err: error }, 'catalog change not announced to other instances')
        })
      }
      return payload
    })
    await admin.register(dashboardAdminRoutes, { db, timeZone: config.store.timeZone })
    await admin.register(backupAdminRoutes, { database, files })
    await admin.register(catalogAdminRoutes, { db, files })
    await admin.register(mediaAdminRoutes, { store: files })
    await admin.register(accountsAdminRoutes, { db })
    await admin.register(inquiriesAdminRoutes, { db })
    await admin.register(newsletterAdminRoutes, { db })
    await admin.register(ordersAdminRoutes, {
      db,
      provider: paymentProvider,
      timeZone: config.store.timeZone,
      mail: checkoutContext,
      reservationHours: config.reservation.hours,
    })
    await admin.register(salesAdminRoutes, { db, timeZone: config.store.timeZone })
    await admin.register(testimonialsAdminRoutes, { db, files })
  })

  // Uploaded and seeded images: content-hashed names, so they never change.
  await app.register(uploadsRoutes, { store: files, publicBase: config.s3?.publicUrl })

  if (deps.ssrBundle)
    await app.register(ssr, {
      bundle: deps.ssrBundle,
      origin: originOf,
      testPayments: paymentProvider.name === 'test',
    })
  return app
}
