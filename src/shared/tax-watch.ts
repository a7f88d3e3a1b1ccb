// What the dashboard warns of about sales tax (issue 34): GET /api/admin/tax/watch.

/** Economic nexus is typically $100,000 of sales into a state in twelve months. */
export const DEFAULT_NEXUS_THRESHOLD = 100_000_00
/** The dashboard warns once a state's sales reach this share of its threshold. */
export const NEXUS_WARNING_SHARE = 0.8

export interface TaxWatch {
  /** Registered states whose table in force is older than 100 days, or that have none (null). */
  staleTables: { state: string; effectiveFrom: string | null; days: number | null }[]
  /** Orders of the last 30 days a state rate stood in for, and the newest of them. */
  fallbackOrders: { count: number; orderId: number | null }
  /** Unregistered states whose last twelve months of sales reach 80 % of their threshold. */
  nexus: { state: string; sales: number; orders: number; threshold: number; share: number }[]
}
