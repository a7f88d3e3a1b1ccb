import type { FastifyInstance, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { RoutePermission } from '../../shared/staff/permissions'
import type { Config } from '../config'
import type { Database, DatabaseHandle } from '../db/client'
import { DatabaseOutage, isDeadConnection } from '../db/reachability'
import { registerErrorHandlers } from '../http/errors'
import openApi from '../http/openapi'
import { createFileStore } from '../modules/media/create-file-store'
import type { FileStore } from '../modules/media/file-store'
import metrics from '../modules/metrics/plugin'
import { OrderLinkTokens } from '../modules/orders/order-link-token'
import type { MailContext } from '../modules/orders/order-notices'
import { storeInfo } from '../modules/store/store-info'

export interface DeclaredRoute {
  method: string
  url: string
  /** What a back-office route needs (set by the admin scope). */
  permission?: RoutePermission
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    /** The database and its connection handle (LISTEN, close). */
    database: DatabaseHandle
    db: Database
    /** Where uploads go. */
    files: FileStore
    /** The shop's address and public facts, for the links and the sender of every e-mail. */
    links: MailContext
    /** Every route the app declares, and those of them behind the admin scope (a test walks both). */
    declaredRoutes: DeclaredRoute[]
    adminRoutes: DeclaredRoute[]
    /** The database's outages, logged once each. */
    databaseOutage: DatabaseOutage
    /**
     * Set on SIGTERM (serve.ts's drain) and when the server closes: /readyz then answers 503 so the
     * load balancer stops sending traffic, while requests are still served.
     */
    draining: { on: boolean }
  }
}

export interface InfrastructureOptions {
  config: Config
  database: DatabaseHandle
  /** Where uploads go: the bucket when S3_BUCKET is set, else files under DATA_DIR/uploads. */
  files?: FileStore
}

/** The method/URL pairs of a route as declared (HEAD routes are Fastify's own copies of GETs). */
export function routeEntries(route: RouteOptions): DeclaredRoute[] {
  return [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => ({ method, url: route.url, permission: route.config?.permission }))
}

/**
 * What every other part stands on: the configuration, the database and the upload store, the
 * shop's links, validation and the JSON error format, the route registry, the API description,
 * and a graceful shutdown.
 */
async function infrastructure(app: FastifyInstance, { config, database, files }: InfrastructureOptions) {
  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('db', database.db)
  // The bucket when S3_BUCKET is set, else files under DATA_DIR/uploads.
  const store = files ?? (await createFileStore(config))
  if (!files) app.addHook('onClose', async () => store.close?.())
  app.decorate('files', store)
  app.decorate('links', {
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    store: storeInfo(config),
    orderLinks: new OrderLinkTokens(config.sessionSecret),
  })

  // Graceful shutdown: the answers still on their way after SIGTERM say `Connection: close`, so
  // their keep-alive connections end with them instead of holding the server open until the
  // keep-alive timeout (past the grace period, which would cut jobs and the database short).
  let closing = false
  const draining = { on: false }
  app.decorate('draining', draining)
  app.addHook('preClose', async () => {
    closing = true
    draining.on = true
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const outage = new DatabaseOutage(app.log, database.reachability)
  app.decorate('databaseOutage', outage)
  registerErrorHandlers(app, (error) => {
    // A restart kills every connection: the pool's other idle ones are suspect too.
    if (isDeadConnection(error)) database.reachability?.connectionDied()
    outage.failed(error)
  })
  await app.register(metrics, { database, token: config.metricsToken })

  // Every route, recorded as it is declared, so a test can walk them all and find any route that
  // is neither on its public list nor guarded (DESIGN.md §5).
  const declaredRoutes: DeclaredRoute[] = []
  app.decorate('declaredRoutes', declaredRoutes)
  app.decorate('adminRoutes', [] as DeclaredRoute[])
  app.addHook('onRoute', (route) => {
    declaredRoutes.push(...routeEntries(route))
  })

  // Before any route: the description learns the routes as they are declared.
  await app.register(openApi, {
    docs: !config.isProduction,
    publicDocument: !config.isProduction || config.openApiPublic,
    storeName: config.store.name,
  })
}

export default fp(infrastructure, { name: 'infrastructure' })
