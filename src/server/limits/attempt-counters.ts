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

/** The longest a request waits on Redis for one count: past it the limit is skipped. */
export const REDIS_COMMAND_TIMEOUT_MS = 100
/** After a call failed, calls skip Redis for this long without trying (reconnecting goes on meanwhile). */
const SKIP_AFTER_FAILURE_MS = 1000

// At start a Redis that does not answer is an error (the strategy gives up); once connected,
// a dropped connection is retried in the background for as long as it takes. No shopper waits on
// it: with no offline queue a command fails at once while disconnected, and each has a timeout.
const newClient = (url: string, connected: () => boolean) =>
  createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: 3000,
      reconnectStrategy: (retries: number, cause: Error) =>
        connected() ? Math.min(retries * 200, 5000) : cause,
    },
  })
type Client = ReturnType<typeof newClient>

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&')

export interface RedisTrouble {
  /** Redis stopped answering: limits are skipped until it is back (said once per outage). */
  onLost?(error: Error): void
  onBack?(): void
}

/**
 * Counters in Redis that never hold a shopper up: while Redis is away or slow each limit is
 * skipped (README: counters in Redis), as the rate-limit plugin's `skipOnError` does for routes.
 */
export class RedisCounters implements AttemptCounters {
  readonly kind = 'redis'
  private skipUntil = 0
  private lost = false

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
    private readonly trouble: RedisTrouble,
  ) {
    client.on('ready', () => {
      if (!this.lost) return
      this.lost = false
      this.skipUntil = 0
      trouble.onBack?.()
    })
  }

  /** Connects, or throws with a message naming REDIS_URL (start-up stops rather than run unlimited). */
  static async connect(
    url: string,
    options: { prefix?: string } & RedisTrouble = {},
  ): Promise<RedisCounters> {
    let connected = false
    let counters: RedisCounters | undefined
    const client = newClient(url, () => connected)
    // Without a listener a lost connection would crash the process; the limits skip meanwhile.
    client.on('error', (error: Error) => counters?.failed(error))
    try {
      await client.connect()
      connected = true
    } catch (error) {
      client.destroy()
      throw new Error(`REDIS_URL: cannot reach Redis (${(error as Error).message})`)
    }
    counters = new RedisCounters(client, options.prefix ?? 'jade:', options)
    return counters
  }

  private failed(error: Error) {
    this.skipUntil = Date.now() + SKIP_AFTER_FAILURE_MS
    if (this.lost) return
    this.lost = true
    this.trouble.onLost?.(error)
  }

  /**
   * `call`'s answer, or `skipped` at once while Redis is away, and after REDIS_COMMAND_TIMEOUT_MS
   * when it does not answer (the client's own timeout ends only with the command's writing: a
   * frozen server that took the command would keep the shopper waiting).
   */
  private async guard<T>(call: () => Promise<T>, skipped: T): Promise<T> {
    if (!this.client.isReady || Date.now() < this.skipUntil) return skipped
    let timer: NodeJS.Timeout | undefined
    try {
      const answer = call()
      answer.catch(() => {})
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis gave no answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`)),
          REDIS_COMMAND_TIMEOUT_MS,
        )
      })
      return await Promise.race([answer, late])
    } catch (error) {
      this.failed(error as Error)
      return skipped
    } finally {
      clearTimeout(timer)
    }
  }

  count(key: string, windowMs: number) {
    const window = Math.max(1, Math.round(windowMs))
    return this.guard(
      async () => {
        const reply = (await this.client.eval(COUNT_SCRIPT, {
          keys: [this.prefix + key],
          arguments: [String(window)],
        })) as [number, number]
        return { count: Number(reply[0]), ttlMs: Number(reply[1]) }
      },
      { count: 0, ttlMs: window },
    )
  }

  countBelow(key: string, windowMs: number, max: number) {
    return this.guard(async () => {
      const counted = await this.client.eval(COUNT_BELOW_SCRIPT, {
        keys: [this.prefix + key],
        arguments: [String(Math.max(1, Math.round(windowMs))), String(max)],
      })
      return Number(counted) === 1
    }, true)
  }

  async forgive(keys: string[]) {
    if (keys.length === 0) return
    await this.guard(async () => {
      await this.client.eval(FORGIVE_SCRIPT, { keys: keys.map((key) => this.prefix + key) })
    }, undefined)
  }

  async clear(keys: string[], prefixes: string[]) {
    await this.guard(async () => {
      const doomed = keys.map((key) => this.prefix + key)
      for (const prefix of prefixes) {
        for await (const found of this.client.scanIterator({
          MATCH: `${escapeGlob(this.prefix + prefix)}*`,
          COUNT: 500,
        }))
          doomed.push(...[found].flat().map(String))
      }
      if (doomed.length > 0) await this.client.del(doomed)
    }, undefined)
  }

  async close() {
    await this.client.close()
  }
}
