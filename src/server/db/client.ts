import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../paths'
import { createPool } from './pool'
import { Reachability, watchReachability } from './reachability'
import * as schema from './schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
export type DbOrTx = Database | Tx

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /**
   * Calls onMessage for every NOTIFY on the channel, from any instance. onState reports whether
   * notifications are flowing (a dropped connection loses them until it is back).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState?: (connected: boolean) => void,
  ): Promise<void>
  /** What a backup reads: PostgreSQL's address for pg_dump, or PGlite's data directory as a tarball. */
  backupSource: BackupSource
  /** The connection pool's state (PostgreSQL; PGlite is one connection in the process). */
  poolStats?(): { total: number; idle: number; waiting: number }
  /** Whether the database answers, from a probe of its own (PostgreSQL; PGlite is in the process). */
  reachability?: Reachability
  close(): Promise<void>
}

export type BackupSource =
  | { driver: 'postgres'; url: string }
  | { driver: 'pglite'; dumpDataDir(): Promise<Blob> }

export type DatabaseLocation =
  | { driver: 'postgres'; url: string; poolSize?: number; connectionWaitMs?: number }
  // No dataDir: in memory. loadDataDir: a data directory's tarball to start from instead of an
  // empty one (the tests' copy of a database migrated once per run, test/global-setup.ts).
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob }

const PLAN_CACHE_MODE = 'force_generic_plan'

// The connections of their own that LISTEN and the reachability probe hold: one the network lost
// without a word (a failover, a NAT's timeout) is also found by TCP's keep-alive probes, after
// 10 s of quiet, besides the reachability probe's own questions.
const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 }

// Any number serves, as long as every instance uses the same one.
const MIGRATION_LOCK_KEY = 727_003_1

/** Opens the database and brings its schema up to date. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.driver === 'postgres') {
    const reachability = new Reachability()
    const pool = createPool(
      {
        connectionString: location.url,
        max: location.poolSize ?? 20,
        connectionWaitMs: location.connectionWaitMs,
        // Named statements (db/prepared.ts) are planned once per connection and reused. Left to
        // itself PostgreSQL keeps planning them anew whenever it guesses that a plan for the
        // actual values beats the general one, which for checkout's statement costs more than
        // running it. Statements without a name are planned every time anyway.
        // JIT compilation pays off for long analytical queries, never for a shop's: it only adds
        // tens of milliseconds to the back office's aggregates.
        options: `-c plan_cache_mode=${PLAN_CACHE_MODE} -c jit=off`,
      },
      reachability,
    )
    let closing = false
    // pool.end() lets go of its connections without waiting for their sockets to shut, so an
    // error on one after close() (the database dropped, the server stopping) is the end we asked for.
    // An idle connection that dies (a restart, a cut) is dropped by the pool; the outage is told
    // once, by the probe and the requests that meet it (DatabaseOutage), not once per connection.
    pool.on('error', () => {
      if (!closing) reachability.connectionDied()
    })
    // Several instances may start at once: one migrates, the others wait for it.
    const client = await pool.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
      client.release()
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Database
    const probe = watchReachability(
      () => new pg.Client({ connectionString: location.url, ...KEEP_ALIVE }),
      reachability,
    )
    const listeners: pg.Client[] = []
    // A LISTEN connection lost without a word (a failover, a cut the client never heard of) would
    // leave the caches trusting notices that no longer come: when the probe finds the database
    // gone, every LISTEN connection is dropped and made again once it answers.
    const restarts = new Set<() => void>()
    reachability.onChange((up) => {
      if (!up) for (const restart of [...restarts]) restart()
    })
    const listen = async (
      channel: string,
      onMessage: (payload: string) => void,
      onState?: (connected: boolean) => void,
    ) => {
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: location.url, ...KEEP_ALIVE })
        let lost = false
        // Tried again every second until it is back: a connection that fails to open emits no
        // 'error', so the attempt's own failure schedules the next one too.
        const retry = () => {
          if (lost) return
          lost = true
          restarts.delete(retry)
          onState?.(false)
          const index = listeners.indexOf(client)
          if (index >= 0) listeners.splice(index, 1)
          ;(
            client as unknown as { connection?: { stream?: { destroy(): void } } }
          ).connection?.stream?.destroy()
          client.end().catch(() => {})
          setTimeout(() => !closing && connect().catch(() => {}), 1000).unref()
        }
        client.on(
          'notification',
          (message) => message.channel === channel && onMessage(message.payload ?? ''),
        )
        client.on('error', retry)
        try {
          await client.connect()
          await client.query(`listen ${pg.escapeIdentifier(channel)}`)
        } catch (error) {
          retry()
          throw error
        }
        listeners.push(client)
        restarts.add(retry)
        onState?.(true)
      }
      await connect()
    }
    return {
      db,
      driver: 'postgres',
      backupSource: { driver: 'postgres', url: location.url },
      listen,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      reachability,
      close: async () => {
        closing = true
        await probe.stop()
        await Promise.all(listeners.map((client) => client.end().catch(() => {})))
        await pool.end()
      },
    }
  }

  if (location.dataDir) mkdirSync(location.dataDir, { recursive: true })
  // pg_trgm serves the back office's contains-searches (migration 0003), as on PostgreSQL.
  const client = new PGlite({
    dataDir: location.dataDir,
    loadDataDir: location.loadDataDir,
    extensions: { pg_trgm },
  })
  return embeddedDatabase(client, () => client.close())
}

/**
 * The handle over an embedded database that is open, its schema brought up to date. close() is the
 * caller's: the tests lend one instance to one test file after another (test/pglite-pool.ts).
 */
export async function embeddedDatabase(client: PGlite, close: () => Promise<void>): Promise<DatabaseHandle> {
  await client.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`)
  const pgliteDb = drizzlePglite({ client, schema })
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR })
  return {
    db: pgliteDb as unknown as Database,
    driver: 'pglite',
    // Taken between two queries (PGlite runs one at a time), so it is consistent; gzip because
    // PostgreSQL's data files are mostly empty pages.
    backupSource: { driver: 'pglite', dumpDataDir: () => client.dumpDataDir('gzip') },
    listen: async (channel, onMessage, onState) => {
      await client.listen(channel, (payload) => onMessage(payload ?? ''))
      onState?.(true)
    },
    close,
  }
}
