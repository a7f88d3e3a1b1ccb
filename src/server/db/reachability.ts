import type pg from 'pg'

// What a database that cannot be reached looks like from here, whatever wraps it (drizzle puts the
// driver's error in `cause`): refused, cut, restarting, out of connections, or a wait for a pooled
// connection that ran out of time. None of these is a bug in the shop: a request that meets one
// answers 503 (http/errors.ts), and a read that met a dead connection is tried once more (db/pool.ts).

// SQLSTATE 08 (connection exception), 53300 (too many connections), 57P01–57P03 (the server is
// shutting down, crashing, or starting up), and what node-postgres says in words only.
const UNREACHABLE_SQLSTATES = /^(08[0-9A-Z]{3}|53300|57P0[123])$/
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly|too many clients|the database system is (starting up|shutting down|in recovery mode)/i
// The operating system's words, which any network call may say (the S3 store, a mail server):
// they mean the database only on an error that came from it (fromDatabase, set by db/pool.ts).
const UNREACHABLE_SYSTEM_CODES =
  /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/
// A connection that was open died: the statement never ran, or ran and was cut.
const DEAD_CONNECTION_SQLSTATES = /^57P0[12]$/
const DEAD_CONNECTION_SYSTEM_CODES = /^(ECONNRESET|EPIPE)$/
const DEAD_CONNECTION_MESSAGES =
  /Connection terminated unexpectedly|not queryable|Connection ended unexpectedly|terminating connection/i

const fromTheDatabase = new WeakSet<object>()
/** Marks an error the database's driver raised (its pool, its connections). */
export function fromDatabase<T>(error: T): T {
  if (error !== null && typeof error === 'object') fromTheDatabase.add(error)
  return error
}

type Test = (code: string, message: string, fromDb: boolean) => boolean
function someCause(error: unknown, test: Test): boolean {
  let fromDb = false
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && fromTheDatabase.has(current)) fromDb = true
    current = (current as { cause?: unknown }).cause
  }
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (test(typeof code === 'string' ? code : '', typeof message === 'string' ? message : '', fromDb))
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The database could not be reached, or a connection to it died: not the shop's bug. */
export const isDatabaseUnreachable = (error: unknown) =>
  someCause(
    error,
    (code, message, fromDb) =>
      UNREACHABLE_SQLSTATES.test(code) ||
      UNREACHABLE_MESSAGES.test(message) ||
      (fromDb && UNREACHABLE_SYSTEM_CODES.test(code)),
  )

/** A connection that was open died: a read on it may be tried once more on another one. */
export const isDeadConnection = (error: unknown) =>
  someCause(
    error,
    (code, message, fromDb) =>
      DEAD_CONNECTION_SQLSTATES.test(code) ||
      DEAD_CONNECTION_MESSAGES.test(message) ||
      (fromDb && DEAD_CONNECTION_SYSTEM_CODES.test(code)),
  )

const reasonOf = (error: unknown) =>
  error instanceof Error ? ((error.message || (error as { code?: string }).code) ?? 'error') : String(error)

/**
 * What this instance knows of the database's reachability, from a probe on a connection of its own
 * (watch(), below) and from the requests that met a dead connection.
 */
export class Reachability {
  /** The probe's last word (readiness). Reachable at start: the database was just opened. */
  up = true
  /** When a connection last died (Date.now()): pooled connections opened before it are suspect. */
  brokeAt = Number.NEGATIVE_INFINITY
  private readonly listeners = new Set<(up: boolean, reason?: string) => void>()

  onChange(listener: (up: boolean, reason?: string) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** A connection died (a restart kills them all at once). */
  connectionDied(): void {
    this.brokeAt = Date.now()
  }

  lost(reason: unknown): void {
    this.connectionDied()
    if (!this.up) return
    this.up = false
    for (const listener of this.listeners) listener(false, reasonOf(reason))
  }

  answered(): void {
    if (this.up) return
    this.up = true
    for (const listener of this.listeners) listener(true)
  }
}

/**
 * How often the probe asks, and how long an answer may take before the database counts as away: a
 * refused or closed connection is noticed at once, a frozen server within a second, and a busy
 * event loop has most of a second before it is taken for an outage.
 */
export const PROBE_EVERY_MS = 250
export const PROBE_ANSWER_WITHIN_MS = 700

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * Asks `select 1` on a connection of its own every PROBE_EVERY_MS, so /readyz knows within a second
 * that the database went away or came back, without taking a pooled connection from the shoppers
 * (an exhausted pool is not an unreachable database). A connection that closes is noticed at once.
 */
export function watchReachability(newClient: () => pg.Client, reachability: Reachability) {
  let client: pg.Client | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const discard = (reason: unknown) => {
    const old = client
    client = undefined
    if (old) {
      ;(old as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
      old.end().catch(() => {})
    }
    if (!stopped) reachability.lost(reason)
  }
  const check = async () => {
    try {
      if (!client) {
        const fresh = newClient()
        client = fresh
        const died = (error?: unknown) => client === fresh && discard(error ?? 'connection closed')
        fresh.on('error', died)
        fresh.on('end', () => died())
        await within(fresh.connect(), PROBE_ANSWER_WITHIN_MS)
      }
      await within(client.query('select 1'), PROBE_ANSWER_WITHIN_MS)
      if (!stopped) reachability.answered()
    } catch (error) {
      discard(error)
    }
    if (!stopped) timer = setTimeout(check, PROBE_EVERY_MS).unref()
  }
  timer = setTimeout(check, PROBE_EVERY_MS).unref()
  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      const last = client
      client = undefined
      await last?.end().catch(() => {})
    },
  }
}

/**
 * The outage as the logs tell it: one line at `error` when the database is found away (by the
 * probe or a request), one at `info` when it answers again, and nothing per request between them.
 * The probe ends an outage only after a second without a failed request, so an exhausted pool
 * (requests failing while the probe's own connection answers) is one outage, not one per request.
 */
export class DatabaseOutage {
  private since: number | undefined
  private lastFailureAt = 0

  constructor(
    private readonly log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
    private readonly reachability?: Reachability,
  ) {
    reachability?.onChange((up, reason) => (up ? this.maybeOver() : this.begin(reason ?? 'unreachable')))
  }

  get ongoing(): boolean {
    return this.since !== undefined
  }

  /** A request met an unreachable database. */
  failed(error: unknown): void {
    this.lastFailureAt = Date.now()
    this.begin(reasonOf(error))
  }

  private begin(reason: string): void {
    this.lastFailureAt = Date.now()
    if (this.since !== undefined) return
    this.since = Date.now()
    this.log.error(
      { reason },
      'The database cannot be reached: requests that need it answer 503 until it is back',
    )
    setTimeout(() => this.maybeOver(), 1000).unref()
  }

  private maybeOver(): void {
    if (this.since === undefined) return
    // The probe's return calls again.
    if (this.reachability && !this.reachability.up) return
    const quietFor = Date.now() - this.lastFailureAt
    if (quietFor < 1000) {
      setTimeout(() => this.maybeOver(), 1000 - quietFor).unref()
      return
    }
    const seconds = Math.round((Date.now() - this.since) / 1000)
    this.since = undefined
    this.log.info({ outageSeconds: seconds }, 'The database answers again')
  }
}
