import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'

/**
 * Counts an attempt under a key in a fixed window and tells whether the limit is passed. For limits
 * keyed by something other than the client address (a username under attack from many addresses).
 */
export async function attemptLimited(
  db: DbOrTx,
  key: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count`)
  const rows = Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows
  return Number(rows[0]?.count ?? 0) > max
}
