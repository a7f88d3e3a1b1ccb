import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { cacheCounter } from '../metrics/registry'

export interface CachedBody {
  etag: string
  json: Buffer
  /**
   * Compressed on libuv's thread pool, once, when first asked for: a reader of the JSON itself,
   * such as the server's own page renderer, never pays for it.
   */
  gzip(): Promise<Buffer>
  brotli(): Promise<Buffer>
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** What the cached answers may take of memory, all encodings counted. */
export const LISTING_CACHE_BYTES = 16 * 1024 * 1024

/**
 * Catalogue answers serialised and compressed once, then served as bytes until the catalogue
 * changes (DESIGN.md §6). Every write calls invalidate(), locally and, through the database's
 * notifications, on every other instance. Checkout never reads from here.
 *
 * Bounded by bytes with least-recently-used eviction: a visitor asking for many distinct
 * filters pushes out only the oldest answers, never the shop's busy listing. Concurrent misses
 * for one key share one build, and compression runs on libuv's thread pool, not the event loop,
 * when a browser first asks for an encoding.
 */
export class ListingCache {
  private readonly entries: LRUCache<string, CachedBody>
  private readonly building = new Map<string, Promise<CachedBody>>()
  private version = 0
  private enabled = true
  private readonly counts: ReturnType<typeof cacheCounter>

  constructor(maxBytes = LISTING_CACHE_BYTES, name = 'listing') {
    this.counts = cacheCounter(name)
    this.entries = new LRUCache<string, CachedBody>({
      maxSize: maxBytes,
      // Compressed forms are counted at their bound (no larger than the JSON, plus their headers):
      // they are made after the answer is kept.
      sizeCalculation: (body, key) => 2 * (body.json.length + COMPRESSED_OVERHEAD) + key.length,
    })
  }

  async get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    if (!this.enabled) {
      this.counts.miss()
      return encode(await build())
    }
    const hit = this.entries.get(key)
    if (hit) {
      this.counts.hit()
      return hit
    }
    // Waiting for a build under way costs no query: counted as a hit.
    const pending = this.building.get(key)
    if (pending) {
      this.counts.hit()
      return pending
    }
    this.counts.miss()
    const versionAtStart = this.version
    const built = (async () => encode(await build()))()
    this.building.set(key, built)
    try {
      const body = await built
      // A write that landed while we were reading makes this answer stale: serve it, don't keep it.
      // Kept uncompressed: the first browser that asks for an encoding has it made (once). Most
      // answers are first read by the server's own page renderer, which wants the JSON only:
      // compressing them at once, in both encodings, took a fair part of a page's first render.
      if (this.enabled && versionAtStart === this.version) this.entries.set(key, body)
      return body
    } finally {
      if (this.building.get(key) === built) this.building.delete(key)
    }
  }

  /** Bytes held now (for tests and diagnostics). */
  get size(): number {
    return this.entries.calculatedSize
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  invalidate() {
    this.version += 1
    this.entries.clear()
    // Builds under way started before the write: whoever waits gets them, nobody else.
    this.building.clear()
  }

  /** While change notifications cannot be received, nothing is cached. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled
    this.invalidate()
  }
}

// What gzip and brotli add at most to data they cannot shrink (headers, block framing).
const COMPRESSED_OVERHEAD = 64

export function encode(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value))
  let gzipped: Promise<Buffer> | undefined
  let brotli: Promise<Buffer> | undefined
  return {
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    json,
    gzip: () => {
      gzipped ??= gzipAsync(json, { level: 6 })
      return gzipped
    },
    brotli: () => {
      brotli ??= brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      return brotli
    },
  }
}

/**
 * The listing's query as the cache keys it and the service reads it: parsed by the listing
 * schema (unknown parameters already dropped), the free-text filters that ignore case
 * lower-cased, flags that are off and empty values left out, keys sorted. Equal results, equal keys.
 */
export function normaliseListing<T extends Record<string, unknown>>(
  query: T,
  caseless: readonly (keyof T)[],
): Partial<T> {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== false && value !== '')
    .map(
      ([name, value]) =>
        [name, typeof value === 'string' && caseless.includes(name) ? value.toLowerCase() : value] as const,
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries(entries) as Partial<T>
}
