import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export interface CachedBody {
  etag: string
  json: Buffer
  gzip: Buffer
  brotli: Buffer
}

const MAX_ENTRIES = 500

/**
 * Catalogue answers serialised and compressed once, then served as bytes until the catalogue
 * changes (DESIGN.md §6). Every write calls invalidate(), locally and, through the database's
 * notifications, on every other instance. Checkout never reads from here.
 */
export class ListingCache {
  private entries = new Map<string, CachedBody>()
  private version = 0
  private enabled = true

  async get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.enabled ? this.entries.get(key) : undefined
    if (hit) return hit
    const versionAtStart = this.version
    const body = encode(await build())
    // A write that landed while we were reading makes this answer stale: serve it, don't keep it.
    if (this.enabled && versionAtStart === this.version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
      this.entries.set(key, body)
    }
    return body
  }

  invalidate() {
    this.version += 1
    this.entries.clear()
  }

  /** While change notifications cannot be received, nothing is cached. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled
    this.invalidate()
  }
}

export function encode(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value))
  return {
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    json,
    gzip: gzipSync(json, { level: 6 }),
    brotli: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  }
}
