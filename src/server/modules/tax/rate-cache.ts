import type { DbOrTx } from '../../db/client'
import type { ChangeAwareCache } from '../catalog/catalog-changes'
import type { RateRow } from './calculate'
import { ratesInForce, tableInForce } from './rate-tables'

/** Where checkout finds a state's rates for some ZIPs on a day. */
export type RateSource = (db: DbOrTx, state: string, day: string, zipCodes: string[]) => Promise<RateRow[]>

/**
 * The rate tables in force, kept in memory per state and day (a state's table is a few thousand
 * rows), so a taxed checkout reads no rate from the database. Cleared by the owner's writes (a table
 * applied) on every instance, and not kept while this instance cannot hear them (catalog-changes.ts).
 */
export class RateCache implements ChangeAwareCache {
  private readonly tables = new Map<string, Promise<Map<string, RateRow>>>()
  private enabled = false

  readonly rates: RateSource = async (db, state, day, zipCodes) => {
    if (!this.enabled) return ratesInForce(db, state, day, zipCodes)
    const key = `${state}|${day}`
    let table = this.tables.get(key)
    if (!table) {
      table = tableInForce(db, state, day).then((rows) => new Map(rows.map((row) => [row.zipCode, row])))
      this.tables.set(key, table)
      // A failed read is not kept: the next checkout reads again.
      table.catch(() => this.tables.get(key) === table && this.tables.delete(key))
    }
    const rows = await table
    return zipCodes.flatMap((zipCode) => rows.get(zipCode) ?? [])
  }

  invalidate(): void {
    this.tables.clear()
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled
    this.tables.clear()
  }
}
