import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { TaxSettings } from '../../shared/tax/schema'
import { CatalogChanges } from '../modules/catalog/catalog-changes'
import { CachedSetting } from '../modules/settings/cached-setting'
import { RateCache } from '../modules/tax/rate-cache'
import { readTaxSettings } from '../modules/tax/service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The listing cache and the one place that knows the catalogue changed, on every instance. */
    catalogChanges: CatalogChanges
    /** The owner's tax settings, read on every checkout, cleared with the listing everywhere. */
    taxSettings: CachedSetting<TaxSettings>
    /** The rate tables in force, kept the same way. */
    taxRates: RateCache
  }
}

/** The in-memory listing, cleared on every catalogue write here and, through NOTIFY, elsewhere. */
async function catalogChanges(app: FastifyInstance) {
  const catalog = new CatalogChanges(app.database, app.log)
  await catalog.start()
  app.addHook('onClose', () => catalog.announced())
  app.decorate('catalogChanges', catalog)
  const taxSettings = new CachedSetting(readTaxSettings)
  catalog.track(taxSettings, 'owner-writes')
  app.decorate('taxSettings', taxSettings)
  const taxRates = new RateCache()
  catalog.track(taxRates, 'owner-writes')
  app.decorate('taxRates', taxRates)
  // The session's copy of the staff security setting (http/session.ts) is cleared the same way.
  catalog.track(app.staffSecurity, 'owner-writes')
}

export default fp(catalogChanges, {
  name: 'catalog-changes',
  dependencies: ['infrastructure', 'security-and-sessions'],
  decorators: { fastify: ['database', 'staffSecurity'] },
})
