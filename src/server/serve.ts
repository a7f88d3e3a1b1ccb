// The server itself: configuration, database, app, listen. main.ts loads it once the process's
// defaults are set.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { type Config, ConfigError, loadConfig } from './config'
import { type DatabaseHandle, openDatabase } from './db/client'
import { databaseLocation } from './db/location'
import { loadSsrBundle } from './http/ssr'
import { mailLinksFrom } from './modules/accounts/security-notices'
import { AdminNameTakenError, upsertAdmin } from './modules/accounts/service'
import { createFileStore } from './modules/media/create-file-store'
import { seedDemoIfEmpty } from './modules/seed/seed-demo'
import { drainAndClose } from './shutdown'

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true })
  const files = await createFileStore(config)
  try {
    await files.verify?.()
  } catch (error) {
    // A configured bucket that cannot be reached stops start-up with a message naming it.
    console.error(`Invalid environment:\n  ${(error as Error).message}`)
    process.exit(1)
  }
  const database: DatabaseHandle = await openDatabase(databaseLocation(config))
  const { db } = database

  if (config.admin) {
    try {
      await upsertAdmin(db, config.admin.username, config.admin.password, mailLinksFrom(config))
    } catch (error) {
      if (!(error instanceof AdminNameTakenError)) throw error
      console.error(`Invalid environment:\n  ${error.message}`)
      await database.close()
      process.exit(1)
    }
  }

  const ssrBundle = await loadSsrBundle()
  const app = await buildApp({
    config,
    database,
    ssrBundle,
    files,
    mail: { startWorker: true },
    jobs: true,
  }).catch(async (error: Error) => {
    // A configured service that cannot be reached stops start-up with a message naming it.
    if (!error.message.startsWith('REDIS_URL:')) throw error
    console.error(`Invalid environment:\n  ${error.message}`)
    await database.close()
    process.exit(1)
  })
  if (config.stripe && !config.stripe.webhookSecret) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused, orders rely on the browser',
    )
  }
  if (!ssrBundle) app.log.warn('No client build found: serving the API only. Run `npm run build`.')

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(db, files, (message) => app.log.info(message))
    if (seeded) app.log.info('Demo catalogue seeded')
  }

  const afterClose = async () => {
    await database.close()
    files.close?.()
  }
  // A signal drains (README: Deployment); a crash closes at once. Past the timer the stop is
  // forced and the process exits 1.
  closeWithGrace({ delay: config.shutdownGraceMs + config.shutdownFinishMs }, async ({ err, signal }) => {
    if (err) {
      app.log.error({ err }, 'shutting down after an error')
      await app.close()
      await afterClose()
      return
    }
    app.log.info({ signal }, 'shutting down')
    await drainAndClose(app, config.shutdownGraceMs, afterClose)
  })

  await app.listen({ port: config.port, host: config.host })
}

await main()
