import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../db/client'
import { ListingCache } from './listing-cache'

const CHANNEL = 'catalog_changed'

/**
 * The one place that knows the catalogue changed: anything that writes products calls changed()
 * after its transaction commits. This instance's cache is cleared at once; the others hear it
 * through PostgreSQL's NOTIFY.
 */
export class CatalogChanges {
  readonly cache = new ListingCache()

  constructor(private readonly database: DatabaseHandle) {}

  async start(): Promise<void> {
    await this.database.listen(
      CHANNEL,
      () => this.cache.invalidate(),
      (connected) => this.cache.setEnabled(connected),
    )
  }

  async changed(): Promise<void> {
    this.cache.invalidate()
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, '')`)
  }
}
