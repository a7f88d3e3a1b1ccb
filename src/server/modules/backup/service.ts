import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'
import type { BackupSource } from '../../db/client'
import { contentTypeOf, type FileStore, isSafeKey } from '../media/file-store'
import {
  BackupError,
  DATABASE_ENTRY,
  databaseNotEmpty,
  dumpDatabase,
  type RestoreTarget,
  restoreDatabase,
} from './database-dump'

// A backup is one tar archive:
//   manifest.json          what it is and where it came from (read first on restore)
//   uploads/<key>          every stored file, streamed one at a time from the file store
//   database.pgdump        pg_dump's custom format, or database.pglite.tar.gz (PGlite's data dir)
//   complete.json          written last: an archive without it was cut short
// The database is dumped first (a consistent snapshot) and written after the files, so a restore
// loads it only once it has seen the whole archive: an interrupted download never half-restores a
// database. Files are named by content and deleted only once no row names them, so listing them
// after the snapshot finds every file it refers to (bar one deleted in the seconds between).

export const BACKUP_FORMAT = 'jade-shop-backup'
const BACKUP_VERSION = 1

interface Manifest {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  database: { driver: BackupSource['driver']; entry: string }
}

export { BackupError }

/** A file name for a backup taken now: `jade-shop-backup-2026-05-01T10-20-30Z.tar`. */
export function backupFileName(now = new Date()): string {
  return `${BACKUP_FORMAT}-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar`
}

/**
 * The whole shop as a tar stream: nothing is held in memory but one file's chunks at a time (the
 * database dump waits in a temporary file). The stream errors if anything fails midway.
 */
export function backupStream(source: BackupSource, files: FileStore): Readable {
  const pack = tar.pack()
  const output = Readable.from(pack)
  // The file being copied: when the reader goes away midway (the owner closed the tab), it is
  // destroyed too, or a bucket's half-read answer would hold its connection open.
  let reading: Readable | undefined
  let gone = false
  const readerGone = new Promise<never>((_resolve, reject) => {
    output.once('close', () => {
      gone = true
      reading?.destroy()
      pack.destroy()
      reject(new Error('the backup was not read to the end'))
    })
  })
  readerGone.catch(() => {})
  const addEntry = (name: string, body: Readable, size: number) => {
    if (gone) {
      body.destroy()
      return readerGone
    }
    reading = body
    const written = new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mtime: new Date() }, (error) =>
        error ? reject(error) : resolve(),
      )
      body.once('error', (error) => {
        entry.destroy(error)
        reject(error)
      })
      body.pipe(entry)
    })
    return Promise.race([written, readerGone]).finally(() => {
      if (reading === body) reading = undefined
    })
  }
  const addJson = (name: string, value: unknown) => {
    const text = JSON.stringify(value, null, 2)
    return addEntry(name, Readable.from([text]), Buffer.byteLength(text))
  }

  const write = async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'jade-backup-'))
    try {
      const dumpFile = path.join(workDir, 'database')
      const entry = await dumpDatabase(source, dumpFile)
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        database: { driver: source.driver, entry },
      }
      await addJson('manifest.json', manifest)
      let count = 0
      for await (const { key } of files.list()) {
        const file = await files.read(key)
        if (!file) continue // deleted since it was listed: nothing names it any more
        await addEntry(`uploads/${key}`, file.body, file.size)
        count += 1
      }
      await addEntry(entry, createReadStream(dumpFile), (await stat(dumpFile)).size)
      await addJson('complete.json', { files: count })
      pack.finalize()
    } finally {
      await rm(workDir, { recursive: true, force: true })
    }
  }
  write().catch((error: unknown) => {
    reading?.destroy()
    if (!gone) output.destroy(error as Error)
  })
  return output
}

export interface RestoreSummary {
  driver: BackupSource['driver']
  files: number
  createdAt: string
}

/**
 * Restores an archive made by backupStream into an empty database; refuses, before reading
 * anything, a database that holds data. Files already stored under a name are the same bytes (names
 * are content hashes) and are left as they are, so a restore cut short can simply be run again.
 */
export async function restoreBackup(
  input: Readable,
  target: { database: RestoreTarget; files: FileStore },
): Promise<RestoreSummary> {
  const occupied = await databaseNotEmpty(target.database)
  if (occupied)
    throw new BackupError(
      `Refusing to restore: ${occupied}. Restore into an empty DATA_DIR or an empty database.`,
    )

  const workDir = await mkdtemp(path.join(tmpdir(), 'jade-restore-'))
  try {
    const extract = tar.extract()
    input.on('error', (error) => extract.destroy(error))
    input.pipe(extract)
    let manifest: Manifest | undefined
    let dumpFile: string | undefined
    let complete = false
    let files = 0
    try {
      for await (const entry of extract) {
        const name = entry.header.name
        if (!manifest) {
          if (name !== 'manifest.json')
            throw new BackupError('This is not a Jade Shop backup (no manifest first)')
          manifest = parseManifest(await text(entry))
          if (manifest.database.driver !== target.database.driver)
            throw new BackupError(driverMismatch(manifest.database.driver))
        } else if (name.startsWith('uploads/')) {
          const key = name.slice('uploads/'.length)
          if (!isSafeKey(key)) throw new BackupError(`The backup holds a file with an unsafe name: ${name}`)
          const data = await bytes(entry)
          if (!(await target.files.exists(key))) await target.files.put(key, data, contentTypeOf(key))
          files += 1
        } else if (name === manifest.database.entry) {
          dumpFile = path.join(workDir, 'database')
          await pipeline(entry, createWriteStream(dumpFile))
        } else if (name === 'complete.json') {
          complete = true
          entry.resume()
        } else {
          entry.resume()
        }
      }
    } catch (error) {
      if (error instanceof BackupError) throw error
      // The tar reader's own words ("Unexpected end of data") mean a cut or damaged archive.
      throw new BackupError(
        `The backup ends early or is damaged (${(error as Error).message}): the database was not restored. Take a new backup.`,
      )
    }
    if (!manifest) throw new BackupError('This is not a Jade Shop backup (the archive is empty)')
    if (!complete || !dumpFile) {
      throw new BackupError(
        'The backup ends early (an interrupted download?): the database was not restored. Take a new backup.',
      )
    }
    await restoreDatabase(target.database, dumpFile)
    return { driver: manifest.database.driver, files, createdAt: manifest.createdAt }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

function driverMismatch(driver: BackupSource['driver']): string {
  return driver === 'pglite'
    ? 'This backup holds an embedded (PGlite) database: restore it without DATABASE_URL.'
    : 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database.'
}

function parseManifest(raw: string): Manifest {
  let manifest: Partial<Manifest>
  try {
    manifest = JSON.parse(raw) as Partial<Manifest>
  } catch {
    throw new BackupError('This is not a Jade Shop backup (unreadable manifest)')
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This is not a Jade Shop backup')
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(
      `This backup has format version ${manifest.version}; this version of the shop reads ${BACKUP_VERSION}`,
    )
  const entry = manifest.database?.entry
  if (!manifest.database || !Object.values(DATABASE_ENTRY).includes(entry as never))
    throw new BackupError('This backup names no database')
  return manifest as Manifest
}

async function bytes(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk as Uint8Array)
  return Buffer.concat(chunks)
}

async function text(stream: AsyncIterable<unknown>): Promise<string> {
  return (await bytes(stream)).toString('utf8')
}
