import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client'

// Vitest's global setup, once per run and project: the migrations run once, into a template that
// each test file's database is a copy of (helpers.ts, createTestDatabase). A copy costs a fraction
// of a second where migrating a fresh database costs seconds, and it is the same database byte for
// byte: schema, the rows the migrations insert, extensions, and their own record of what ran (so
// opening the copy finds nothing to migrate).

export type DatabaseTemplate =
  /** A migrated PGlite data directory as an uncompressed tarball, for PGlite's `loadDataDir`. */
  | { driver: 'pglite'; tarball: string }
  /** A migrated PostgreSQL database, for `CREATE DATABASE … TEMPLATE`. */
  | { driver: 'postgres'; name: string }

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, drop } =
    project.config.env.TEST_DB_DRIVER === 'postgres' ? await postgresTemplate() : await pgliteTemplate()
  project.provide('databaseTemplate', template)
  return drop
}

async function pgliteTemplate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'jade-template-'))
  const handle = await openDatabase({ driver: 'pglite' })
  try {
    if (handle.backupSource.driver !== 'pglite') throw new Error('expected the embedded database')
    // Kept uncompressed: each test file loads it, and skipping the inflate saves that file time.
    const dump = Buffer.from(await (await handle.backupSource.dumpDataDir()).arrayBuffer())
    const tarball = path.join(dir, 'pgdata.tar')
    writeFileSync(tarball, dump[0] === 0x1f && dump[1] === 0x8b ? gunzipSync(dump) : dump)
    return {
      template: { driver: 'pglite', tarball } as const,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  } finally {
    await handle.close()
  }
}

async function postgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project')
  const name = `jade_template_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `create database ${name}`)
  const drop = () =>
    adminQuery(
      adminUrl,
      `alter database ${name} with is_template false`,
      `drop database if exists ${name} with (force)`,
    )
  try {
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    // The application's own path: what a shop's first start does to an empty database.
    const handle = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 })
    await handle.close()
    // CREATE DATABASE … TEMPLATE refuses while any session is connected to the template: wait until
    // the migration's connections are gone, then let no one connect again.
    await untilNoSessions(adminUrl, name)
    await adminQuery(adminUrl, `alter database ${name} with is_template true allow_connections false`)
  } catch (error) {
    await drop().catch(() => {})
    throw error
  }
  return { template: { driver: 'postgres', name } as const, drop }
}

async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

async function untilNoSessions(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    for (let waited = 0; ; waited += 50) {
      const { rows } = await client.query<{ sessions: number }>(
        'select count(*)::int as sessions from pg_stat_activity where datname = $1',
        [name],
      )
      if (rows[0]?.sessions === 0) return
      if (waited > 10_000) throw new Error(`${rows[0]?.sessions} sessions stay connected to ${name}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    await client.end()
  }
}
