import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import type { SsrBundle } from './http/ssr'
import { fastifyTrustProxy } from './http/trust-proxy'
import type { MailTransport } from './modules/mail/transport'
import type { FileStore } from './modules/media/file-store'
import type { PaymentProvider } from './modules/payments/provider'
import adminScope from './plugins/admin-scope'
import catalogChanges from './plugins/catalog-changes'
import infrastructure from './plugins/infrastructure'
import jobs from './plugins/jobs'
import { loggerOptions } from './plugins/logging'
import mail from './plugins/mail'
import pages from './plugins/pages'
import payments from './plugins/payments'
import publicModules from './plugins/public-modules'
import securityAndSessions from './plugins/security-and-sessions'

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

/**
 * The shop, from its dependencies: serve.ts and every test build the same thing. Each part is a
 * plugin in src/server/plugins that names the parts it needs (fastify-plugin's `dependencies` and
 * `decorators`), so registering one out of order fails at start-up, not on a request.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    // A union of its accepted forms steers Fastify's overloads to HTTP/2; each form is valid here.
    trustProxy: fastifyTrustProxy(config.trustProxy) as boolean,
    bodyLimit: 1024 * 1024,
    logger: loggerOptions(config, { enabled: deps.logger, stream: deps.logStream }),
  })

  await app.register(infrastructure, { config, database: deps.database, files: deps.files })
  await app.register(securityAndSessions, {
    rateLimits: deps.rateLimits ?? true,
    redisKeyPrefix: deps.redisKeyPrefix,
  })
  await app.register(catalogChanges)
  await app.register(payments, { provider: deps.paymentProvider })
  await app.register(mail, { transport: deps.mail?.transport, startWorker: deps.mail?.startWorker ?? false })
  await app.register(jobs, { start: deps.jobs ?? false })
  await app.register(publicModules)
  await app.register(adminScope)
  await app.register(pages, { ssrBundle: deps.ssrBundle })
  return app
}
