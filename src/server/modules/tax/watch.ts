import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { TaxSettings } from '../../../shared/tax/schema'
import { RATE_TABLE_STALE_DAYS } from '../../../shared/tax/tables'
import { DEFAULT_NEXUS_THRESHOLD, NEXUS_WARNING_SHARE, type TaxWatch } from '../../../shared/tax/watch'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { listRateTables } from './rate-tables'

// What the dashboard warns the owner of about tax (issue 34): a registered state whose table is
// missing or older than RATE_TABLE_STALE_DAYS, orders a state rate stood in for, and the states
// whose last twelve months of sales near the threshold where the shop must register (nexus).

const DAY_MS = 24 * 60 * 60 * 1000

const FallbackRow = z.object({ count: z.number().int(), orderId: z.number().int().nullable() })

const StateSalesRow = z.object({ state: z.string().nullable(), sales: z.number(), orders: z.number().int() })

export async function taxWatch(
  db: DbOrTx,
  settings: TaxSettings,
  timeZone: string,
  now = new Date(),
): Promise<TaxWatch> {
  const today = dayIn(timeZone, now)
  const registered = new Set(settings.registrations.map((registration) => registration.state))
  const [tables, [fallback], sales] = await Promise.all([
    listRateTables(db, today),
    queryRows(
      db,
      FallbackRow,
      sql`select count(*)::int as count, max(id) as "orderId" from orders
          where tax_fallback and status <> 'cancelled' and created_at > now() - interval '30 days'`,
    ),
    queryRows(
      db,
      StateSalesRow,
      sql`select upper(shipping_state) as state, coalesce(sum(total - tax), 0)::bigint::float8 as sales,
            count(*)::int as orders
          from orders where status <> 'cancelled' and created_at > now() - interval '12 months'
          group by upper(shipping_state)`,
    ),
  ])
  const inForce = new Map(tables.filter((table) => table.inForce).map((table) => [table.state, table]))
  const staleTables = settings.enabled
    ? [...registered].flatMap((state): TaxWatch['staleTables'] => {
        const table = inForce.get(state)
        if (!table) return [{ state, effectiveFrom: null, days: null }]
        const days = Math.floor((Date.parse(today) - Date.parse(table.effectiveFrom)) / DAY_MS)
        return days > RATE_TABLE_STALE_DAYS ? [{ state, effectiveFrom: table.effectiveFrom, days }] : []
      })
    : []
  const nexus = sales
    .filter((row): row is typeof row & { state: string } => !!row.state && !registered.has(row.state))
    .map((row) => {
      const threshold = settings.nexusThresholds?.[row.state] ?? DEFAULT_NEXUS_THRESHOLD
      return {
        state: row.state,
        sales: Number(row.sales),
        orders: row.orders,
        threshold,
        share: Number(row.sales) / threshold,
      }
    })
    .filter((row) => row.share >= NEXUS_WARNING_SHARE)
    .sort((a, b) => b.share - a.share)
  return {
    staleTables,
    fallbackOrders: settings.enabled
      ? { count: fallback?.count ?? 0, orderId: fallback?.orderId ?? null }
      : { count: 0, orderId: null },
    nexus,
  }
}
