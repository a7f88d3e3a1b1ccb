import { readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { TEMP_PREFIX } from './processes'

export const DATABASE_PREFIX = 'jade_bench_'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const ownerGone = (pid: string | undefined) => !pid || !alive(Number(pid))

/**
 * A run killed outright (SIGKILL, a closed terminal) cannot clean up after itself: its temporary
 * directories and scratch databases are removed here, at the start of the next run, once the run
 * that made them is no longer alive.
 */
export async function sweepLeftovers(postgresUrl: string) {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(TEMP_PREFIX)) continue
    if (ownerGone(/^\d+/.exec(name.slice(TEMP_PREFIX.length))?.[0])) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true })
    }
  }
  const client = new pg.Client({ connectionString: postgresUrl })
  try {
    await client.connect()
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [DATABASE_PREFIX],
    )
    for (const { datname } of rows) {
      if (!ownerGone(/^\d+/.exec(datname.slice(DATABASE_PREFIX.length))?.[0])) continue
      console.info(`dropping ${datname}, left by an interrupted run`)
      await client.query(`drop database if exists "${datname}" with (force)`)
    }
  } catch {
    // PostgreSQL unreachable: the catalogue part will say so
  } finally {
    await client.end().catch(() => {})
  }
}
