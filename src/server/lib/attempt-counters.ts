import { createClient } from 'redis'
import type { DbOrTx } from '../db/client'
import { runPrepared } from '../db/prepared'
import { countAttempt, countAttemptBelow } from './attempt-limit'

/**
 * Fixed-window counters shared by every instance (DESIGN.md §7): the route rate limits and the
 * sign-in lockouts. In PostgreSQL (`rate_limits`) by default; in Redis when REDIS_URL is set,
 * which takes that write off the database on every limited request.
 */
export interface AttemptCounters {
  readonly kind: 'postgres' | 'redis'
  /** Counts one attempt under `key`; answers the count in the window and the ms left in it. */
  count(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>
  /**
   * Counts one attempt unless the window already holds `max`, and answers whether it counted:
   * an attempt refused by a limit never counts (it would stretch the lockout it ran into).
   */
  countBelow(key: string, windowMs: number, max: number): Promise<boolean>
  /** Takes one attempt back from each key (never below zero). */
  forgive(keys: string[]): Promise<void>
  /** Forgets these keys and every key starting with one of the prefixes. */
  clear(keys: string[], prefixes: string[]): Promise<void>
  close(): Promise<void>
}

const FORGIVE = 'update rate_limits set count = greatest(count - 1, 0) where key = any($1::text[])'
const CLEAR = `delete from rate_limits where key = any($1::text[])
  or exists (select 1 from unnest($2::text[]) p where starts_with(key, p))`

export class PostgresCounters implements AttemptCounters {
  readonly kind = 'postgres'
  constructor(private readonly db: DbOrTx) {}

  count(key: string, windowMs: number) {
    return countAttempt(this.db, key, windowMs)
  }

  countBelow(key: string, windowMs: number, max: number) {
    return countAttemptBelow(this.db, key, windowMs, max)
  }

  async forgive(keys: string[]) {
    await runPrepared(this.db, 'attempts-forgive', FORGIVE, [keys])
  }

  async clear(keys: string[], prefixes: string[]) {
    await runPrepared(this.db, 'attempts-clear', CLEAR, [keys, prefixes])
  }

  async close() {}
}

// One round trip: count, start the window on the first attempt, answer the time left.
const COUNT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`

const COUNT_BELOW_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[2]) then return 0 end
redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`

const FORGIVE_SCRIPT = `
for _, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n > 0 then redis.call('DECR', key) end
end
return 0`

// At start a Redis that does not answer is an error (the strategy gives up); once connected,
// a dropped connection is retried for as long as it takes.
const newClient = (url: string, connected: () => boolean) =>
  createClient({
    url,
    socket: {
      connectTimeout: 3000,
      reconnectStrategy: (retries: number, cause: Error) =>
        connected() ? Math.min(retries * 200, 5000) : cause,
    },
  })
type Client = ReturnType<typeof newClient>

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&')

export class RedisCounters implements AttemptCounters {
  readonly kind = 'redis'

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  /** Connects, or throws with a message naming REDIS_URL (start-up stops rather than run unlimited). */
  static async connect(
    url: string,
    options: { prefix?: string; onError?: (error: Error) => void } = {},
  ): Promise<RedisCounters> {
    let connected = false
    const client = newClient(url, () => connected)
    // Without a listener a lost connection would crash the process; the limits skip meanwhile.
    client.on('error', (error: Error) => options.onError?.(error))
    try {
      await client.connect()
      connected = true
    } catch (error) {
      client.destroy()
      throw new Error(`REDIS_URL: cannot reach Redis (${(error as Error).message})`)
    }
    return new RedisCounters(client, options.prefix ?? 'jade:')
  }

  async count(key: string, windowMs: number) {
    const reply = (await this.client.eval(COUNT_SCRIPT, {
      keys: [this.prefix + key],
      arguments: [String(Math.max(1, Math.round(windowMs)))],
    })) as [number, number]
    return { count: Number(reply[0]), ttlMs: Number(reply[1]) }
  }

  async countBelow(key: string, windowMs: number, max: number) {
    const counted = await this.client.eval(COUNT_BELOW_SCRIPT, {
      keys: [this.prefix + key],
      arguments: [String(Math.max(1, Math.round(windowMs))), String(max)],
    })
    return Number(counted) === 1
  }

  async forgive(keys: string[]) {
    if (keys.length === 0) return
    await this.client.eval(FORGIVE_SCRIPT, { keys: keys.map((key) => this.prefix + key) })
  }

  async clear(keys: string[], prefixes: string[]) {
    const doomed = keys.map((key) => this.prefix + key)
    for (const prefix of prefixes) {
      for await (const found of this.client.scanIterator({
        MATCH: `${escapeGlob(this.prefix + prefix)}*`,
        COUNT: 500,
      }))
        doomed.push(...[found].flat().map(String))
    }
    if (doomed.length > 0) await this.client.del(doomed)
  }

  async close() {
    await this.client.close()
  }
}
