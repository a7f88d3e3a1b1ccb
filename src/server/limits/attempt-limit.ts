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

/**
 * Like countAttemptSql, but an attempt over the limit is refused without being counted: the
 * upsert returns a row only when the window had fewer than $max attempts. So a guesser who keeps
 * trying once refused never stretches the count, or any ceiling counted after it (OWASP). With
 * `from`, the attempt is counted only if that relation (an earlier counter's CTE) has a row.
 */
export function countAttemptBelowSql(key: string, seconds: string, max: string, from?: string): string {
  const row = `${key}, 1, now() + make_interval(secs => ${seconds}::float8)`
  return `insert into rate_limits as r (key, count, reset_at)
    ${from ? `select ${row} from ${from}` : `values (${row})`}
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    where r.reset_at <= now() or r.count < ${max}::int
    returning count`
}

const COUNT_ATTEMPT = countAttemptSql('$1', '$2')
const COUNT_ATTEMPT_BELOW = countAttemptBelowSql('$1', '$2', '$3')

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

/** Counts one attempt under the key unless the window already holds `max`: answers whether it counted. */
export async function countAttemptBelow(
  db: DbOrTx,
  key: string,
  windowMs: number,
  max: number,
): Promise<boolean> {
  const rows = await runPrepared(db, 'attempt-count-below', COUNT_ATTEMPT_BELOW, [key, windowMs / 1000, max])
  return rows.length > 0
}
