import { z } from 'zod'

// What the dashboard warns of about sales tax (issue 34): GET /api/admin/tax/watch.

/** Economic nexus is typically $100,000 of sales into a state in twelve months. */
export const DEFAULT_NEXUS_THRESHOLD = 100_000_00
/** The dashboard warns once a state's sales reach this share of its threshold. */
export const NEXUS_WARNING_SHARE = 0.8

export const taxWatchAnswer = z.object({
  /** Registered states whose table in force is older than 100 days, or that have none (null). */
  staleTables: z.array(
    z.object({ state: z.string(), effectiveFrom: z.string().nullable(), days: z.number().int().nullable() }),
  ),
  /** Orders of the last 30 days a state rate stood in for, and the newest of them. */
  fallbackOrders: z.object({ count: z.number().int(), orderId: z.number().int().nullable() }),
  /** Unregistered states whose last twelve months of sales reach 80 % of their threshold. */
  nexus: z.array(
    z.object({
      state: z.string(),
      sales: z.number(),
      orders: z.number().int(),
      threshold: z.number(),
      share: z.number(),
    }),
  ),
})
export type TaxWatch = z.input<typeof taxWatchAnswer>
