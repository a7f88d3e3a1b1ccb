import type { StoreInfo } from '../../../shared/ssr'
import type { TaxSettings } from '../../../shared/tax/schema'
import type { DbOrTx } from '../../db/client'
import type { RateSource } from '../tax/rate-cache'

/** What checkout, its e-mails and the order jobs read of the shop's settings. */
export interface CheckoutContext {
  shipping: { freeThresholdCents: number; flatCents: number }
  /** How long a Zelle order holds its pieces unpaid, and how many orders and pieces one shopper may hold at once. */
  reservation: { hours: number; maxOpenUnpaidOrders: number; maxUnpaidPieces: number }
  store: StoreInfo
  publicUrl: string
  /** The owner's tax settings, kept in memory between their changes; read from the database when absent. */
  taxSettings?: { get(db: DbOrTx): Promise<TaxSettings> }
  /** The rate tables in force, kept in memory the same way; read from the database when absent. */
  taxRates?: RateSource
}
