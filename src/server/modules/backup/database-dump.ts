import { spawn } from 'node:child_process'
import { existsSync, openAsBlob, readdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import type { BackupSource } from '../../db/client'

// The database half of a backup. PostgreSQL is dumped by its own pg_dump (a consistent snapshot
// while the shop runs, in the compressed custom format) and restored by pg_restore; the embedded
// database is PGlite's data directory as a gzipped tarball, restored by PGlite itself.

export class BackupError extends Error {}

/** The archive entry holding the database, per driver. */
export const DATABASE_ENTRY = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const

/**
 * The connection string without its password, and the password for PGPASSWORD: a password in a
 * command's arguments is visible to every user of the machine (ps).
 */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client (${command === 'pg_dump' ? 'pg_dump' : 'pg_restore'}) of your server's version or newer`
            : `${command} could not start: ${error.message}`,
        ),
      ),
    )
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed: ${stderr.trim() || `exit code ${code}`}`)),
    )
  })
}

/** Writes the database's dump to `file`; answers the archive entry name it belongs under. */
export async function dumpDatabase(source: BackupSource, file: string): Promise<string> {
  if (source.driver === 'pglite') {
    const tarball = await source.dumpDataDir()
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()))
    return DATABASE_ENTRY.pglite
  }
  const { dbname, env } = libpqTarget(source.url)
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  )
  return DATABASE_ENTRY.postgres
}

export type RestoreTarget = { driver: 'postgres'; url: string } | { driver: 'pglite'; dataDir: string }

/** Why the target cannot take a restore (it holds data), or undefined when it is empty. */
export async function databaseNotEmpty(target: RestoreTarget): Promise<string | undefined> {
  if (target.driver === 'pglite') {
    const entries = existsSync(target.dataDir) ? readdirSync(target.dataDir) : []
    return entries.length > 0 ? `${target.dataDir} is not empty` : undefined
  }
  const client = new pg.Client({ connectionString: target.url })
  try {
    await client.connect()
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    )
    const tables = rows[0]?.tables ?? 0
    return tables > 0 ? `the database ${client.database} already has ${tables} tables` : undefined
  } catch (error) {
    throw new BackupError(`DATABASE_URL: cannot connect: ${(error as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Loads a dump written by dumpDatabase into an empty target (databaseNotEmpty said so). */
export async function restoreDatabase(target: RestoreTarget, file: string): Promise<void> {
  if (target.driver === 'pglite') {
    const database = await PGlite.create({
      dataDir: target.dataDir,
      loadDataDir: await openAsBlob(file),
      extensions: { pg_trgm },
    })
    // A query proves the restored directory starts, before the archive is called restored.
    await database.query('select 1')
    await database.close()
    return
  }
  const { dbname, env } = libpqTarget(target.url)
  // One transaction: a restore that fails leaves the database as empty as it found it.
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  )
}

/** PGlite's data directory is open (a running shop holds it) while postmaster.pid is there. */
export function pgliteInUse(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'postmaster.pid'))
}
