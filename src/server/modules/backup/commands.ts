import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type Config, loadConfig } from '../../config'
import type { BackupSource } from '../../db/client'
import { createFileStore } from '../media/create-file-store'
import { LocalFileStore } from '../media/local-file-store'
import { BackupError, pgliteInUse, type RestoreTarget } from './database-dump'
import { backupStream, restoreBackup } from './service'

// What `npm run backup -- FILE`, `npm run restore -- FILE` and `npm run files:migrate` do, with the
// shop's own environment (DATA_DIR, DATABASE_URL, S3_*). Each answers a line for the operator and
// throws BackupError with a message meant for them.

/** The shop's settings, without generating a session secret into DATA_DIR as start-up would. */
function shopConfig(env: NodeJS.ProcessEnv): Config {
  return loadConfig({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET || 'not-used-by-backups-or-restores-at-all',
  })
}

const embeddedDir = (config: Config) => path.join(config.dataDir, 'db')

export async function backupCommand(file: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = shopConfig(env)
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose a new file name`)
  let source: BackupSource
  let embedded: PGlite | undefined
  if (config.databaseUrl) {
    source = { driver: 'postgres', url: config.databaseUrl }
  } else {
    const dataDir = embeddedDir(config)
    if (!existsSync(path.join(dataDir, 'PG_VERSION')))
      throw new BackupError(`There is no shop database in ${dataDir}`)
    // The embedded database belongs to one process: a running shop has it open.
    if (pgliteInUse(dataDir)) {
      throw new BackupError(
        `The shop's embedded database (${dataDir}) is open: the shop is running, or did not shut down cleanly. ` +
          'Download the backup from the back office (Dashboard, Download backup), or stop the shop and try again.',
      )
    }
    const opened = await PGlite.create({ dataDir, extensions: { pg_trgm } })
    embedded = opened
    source = { driver: 'pglite', dumpDataDir: () => opened.dumpDataDir('gzip') }
  }
  const files = await createFileStore(config)
  // Written beside the target and renamed once complete: FILE is never a half-written backup.
  const partial = `${file}.partial`
  try {
    await pipeline(backupStream(source, files), createWriteStream(partial))
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await embedded?.close()
    files.close?.()
  }
  const { size } = await stat(file)
  return `Backup written to ${file} (${(size / 1024 / 1024).toFixed(1)} MB).`
}

export async function restoreCommand(file: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = shopConfig(env)
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`)
  const database: RestoreTarget = config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: embeddedDir(config) }
  const files = await createFileStore(config)
  try {
    const summary = await restoreBackup(createReadStream(file), { database, files })
    return (
      `Restored the backup of ${summary.createdAt}: the ${summary.driver === 'pglite' ? 'embedded' : 'PostgreSQL'} ` +
      `database and ${summary.files} files. Start the shop with the same settings.`
    )
  } finally {
    files.close?.()
  }
}

/** Copies DATA_DIR/uploads into the bucket (S3_BUCKET), so a shop on one machine can move to several. */
export async function migrateFilesCommand(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = shopConfig(env)
  if (!config.s3) throw new BackupError('S3_BUCKET is not set: name the bucket to copy DATA_DIR/uploads into')
  const local = new LocalFileStore(path.join(config.dataDir, 'uploads'))
  const bucket = await createFileStore(config)
  let copied = 0
  let present = 0
  try {
    await bucket.verify?.()
    for await (const { key } of local.list()) {
      if (await bucket.exists(key)) {
        present += 1
        continue
      }
      const file = await local.read(key)
      if (!file) continue
      const chunks: Buffer[] = []
      for await (const chunk of file.body) chunks.push(chunk as Buffer)
      await bucket.put(key, Buffer.concat(chunks), file.contentType)
      copied += 1
    }
  } finally {
    bucket.close?.()
  }
  return `Copied ${copied} files into the bucket ${config.s3.bucket} (${present} were already there).`
}

/** Runs a command from a script: its line on success, its message and exit code 1 on failure. */
export async function runCommand(command: () => Promise<string>): Promise<void> {
  try {
    console.info(await command())
  } catch (error) {
    if (
      !(error instanceof BackupError) &&
      !(error instanceof Error && /^Invalid environment|^S3_/.test(error.message))
    )
      throw error
    console.error(error.message)
    process.exitCode = 1
  }
}
