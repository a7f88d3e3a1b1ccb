import type { DbOrTx } from '../db/client'
import { runPrepared } from '../db/prepared'

/**
 * The upsert that counts one attempt under the key in parameter $key within a window of $seconds,
 * returning `count` and `ttl` (ms left in the window): for statements that count an attempt on
 * the way to something else (sign-in counts two and finds the account in one round trip).
 */
export function countAttemptSql(key: string, seconds: string): string {
  return `insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}::float8))
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl`
}

const COUNT_ATTEMPT = countAttemptSql('$1', '$2')

/**
 * Counts one attempt under a key in a fixed window (one upsert in `rate_limits`, shared by every
 * instance) and answers the count so far and the time left in the window.
 */
export async function countAttempt(
  db: DbOrTx,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number }> {
  const [row] = await runPrepared<{ count: number; ttl: number }>(db, 'attempt-count', COUNT_ATTEMPT, [
    key,
    windowMs / 1000,
  ])
  return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl ?? windowMs) }
}
