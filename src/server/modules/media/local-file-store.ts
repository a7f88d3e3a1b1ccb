import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assertSafeKey, contentTypeOf, type FileStore, isSafeKey, type StoredFile } from './file-store'

/** Files under `DATA_DIR/uploads`, served by the app at `/uploads/<key>`. */
export class LocalFileStore implements FileStore {
  constructor(readonly rootDir: string) {}

  // The content type matters to an object store; on disk the static file server derives it from
  // the extension.
  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    // Written beside the target and renamed over it: rename is atomic on one file system, so a
    // concurrent reader (or a second instance writing the same content) never sees a partial file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, data)
      await rename(temporary, target)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key))
      return true
    } catch {
      return false
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    const file = this.pathOf(key)
    try {
      const { size } = await stat(file)
      return { body: createReadStream(file), contentType: contentTypeOf(key), size }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let entries: string[]
    try {
      entries = await readdir(this.rootDir, { recursive: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const key = entry.split(path.sep).join('/')
      // Temporary files of a write in progress, and anything else that is not a stored key.
      if (!isSafeKey(key) || key.endsWith('.tmp')) continue
      const info = await stat(path.join(this.rootDir, entry)).catch(() => undefined)
      if (info?.isFile()) yield { key, size: info.size }
    }
  }

  publicUrl(key: string): string {
    return `/uploads/${key}`
  }

  private pathOf(key: string): string {
    assertSafeKey(key)
    return path.join(this.rootDir, key)
  }
}
