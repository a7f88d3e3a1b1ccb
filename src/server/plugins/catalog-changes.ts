import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CatalogChanges } from '../modules/catalog/catalog-changes'

declare module 'fastify' {
  interface FastifyInstance {
    /** The listing cache and the one place that knows the catalogue changed, on every instance. */
    catalogChanges: CatalogChanges
  }
}

/** The in-memory listing, cleared on every catalogue write here and, through NOTIFY, elsewhere. */
async function catalogChanges(app: FastifyInstance) {
  const catalog = new CatalogChanges(app.database, app.log)
  await catalog.start()
  app.addHook('onClose', () => catalog.announced())
  app.decorate('catalogChanges', catalog)
}

export default fp(catalogChanges, {
  name: 'catalog-changes',
  dependencies: ['infrastructure'],
  decorators: { fastify: ['database'] },
})
