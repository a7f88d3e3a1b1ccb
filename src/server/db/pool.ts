import pg from 'pg'
import { fromDatabase, isDeadConnection, type Reachability } from './reachability'

/** How long a request waits for a pooled connection (or a new one to open) before it is a 503. */
export const CONNECTION_WAIT_MS = 3000

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void

/** A single statement that only reads: sent again on another connection when its own died. */
const isRead = (query: unknown) => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | undefined)?.text
  return typeof text === 'string' && /^\s*select\b/i.test(text)
}

/**
 * node-postgres' pool, made to live through a database restart:
 * - a connection opened before one was seen to die (by the probe or a request) is closed when it
 *   would be handed out, and another taken: a restart kills them all, and an idle connection may
 *   not have heard yet;
 * - a read sent outside a transaction that meets a dead connection is sent once more (a write is
 *   not: it may have been carried out; checkout's idempotency key lets the shopper's retry be safe);
 * - waiting for a connection is bounded (CONNECTION_WAIT_MS), then the request is a 503.
 */
export function createPool(
  options: pg.PoolConfig & { connectionWaitMs?: number },
  reachability: Reachability,
): pg.Pool {
  const { connectionWaitMs, ...config } = options
  const pool = new pg.Pool({
    ...config,
    connectionTimeoutMillis: connectionWaitMs ?? CONNECTION_WAIT_MS,
    keepAlive: true,
  })
  const openedAt = new WeakMap<pg.PoolClient, number>()
  pool.on('connect', (client) => openedAt.set(client as pg.PoolClient, Date.now()))

  // A transaction's statements run on its client's query(): the errors they raise are marked as
  // the database's there (the error handler tells an unreachable database from another service by
  // it). pg-pool's own query() needs no such wrapper: its errors are marked by pool.query below.
  const marked = new WeakSet<pg.PoolClient>()
  const markErrors = (client: pg.PoolClient) => {
    if (marked.has(client)) return client
    marked.add(client)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const result = query(...args)
      if (result instanceof Promise) result.catch(fromDatabase)
      return result
    }) as typeof client.query
    return client
  }
  // Callbacks all the way, as pg-pool's own connect(): this runs for every statement, and a
  // promise per connection was a measurable share of a checkout (docs/bench-comparisons.md).
  const rawConnect = pool.connect.bind(pool) as (callback: ConnectCallback) => void
  const maxTries = config.max ?? 10
  const connectFresh = (callback: ConnectCallback, tries = 0): void =>
    rawConnect((error, client, done) => {
      if (error || !client) return callback(fromDatabase(error ?? new Error('No connection')))
      if ((openedAt.get(client) ?? 0) < reachability.brokeAt && tries < maxTries) {
        client.release(true)
        return connectFresh(callback, tries + 1)
      }
      callback(undefined, client, done)
    })
  // pg-pool's own query() asks for its connection through connect() with a callback.
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) return connectFresh(callback)
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connectFresh((error, client) => (error || !client ? reject(error) : resolve(markErrors(client)))),
    )
  }) as typeof pool.connect

  const rawQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  pool.query = ((...args: unknown[]) => {
    if (args.some((arg) => typeof arg === 'function')) return rawQuery(...args)
    return rawQuery(...args).catch((error: unknown) => {
      fromDatabase(error)
      if (!isDeadConnection(error)) throw error
      reachability.connectionDied()
      if (!isRead(args[0])) throw error
      return rawQuery(...args).catch((again: unknown) => Promise.reject(fromDatabase(again)))
    })
  }) as typeof pool.query
  return pool
}
