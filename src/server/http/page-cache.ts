import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { cacheCounter } from '../modules/metrics/registry'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** A page as rendered for a visitor with no session: the same bytes for everyone. */
export interface RenderedPage {
  status: number
  html: string
  redirect?: { location: string; status: 301 | 302 }
}

export interface CachedPage {
  status: number
  redirect?: RenderedPage['redirect']
  etag: string
  html: Buffer
  /**
   * Compressed once the page is kept (a first render is answered before its compression: a
   * visitor waiting for a miss then waits for the render only, and the answer is compressed for
   * them alone, quickly).
   */
  gzip?: Buffer
  brotli?: Buffer
  /** Kept for the next visitor (a 200 with nothing personal in it). */
  shared: boolean
  /**
   * Served from before the last change because the page's data cannot be read now (the database is
   * away): better than no page, but not to be kept by anyone.
   */
  stale?: boolean
}

/** A render whose data could not be read (a 503 from the API): never kept, never a 404. */
export interface UnreadablePage extends RenderedPage {
  unreadable: true
}

type Kept = CachedPage & { version: number }

/** What the cached pages may take of memory, every encoding counted. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024
/** Longer addresses are rendered but not kept: nobody shares them, and keys should stay small. */
const MAX_KEY_LENGTH = 1024

/**
 * Server-rendered pages for anonymous visitors, compressed once and then served as bytes until
 * the shop changes (README, "page cache"). The catalogue's change notices clear it on every
 * instance, together with the listing cache (modules/catalog/catalog-changes.ts).
 *
 * Bounded by bytes with least-recently-used eviction. Concurrent misses for one address share one
 * render, and a render that a change overtook is served to those who waited but not kept.
 */
export class PageCache {
  // Pages of every version: only the current one is served as fresh; older ones stay (until the
  // byte bound evicts them) to stand in while the database is away.
  private readonly entries: LRUCache<string, Kept>
  private readonly rendering = new Map<string, Promise<CachedPage>>()
  private version = 0
  private enabled = true
  private readonly counts = cacheCounter('pages')

  constructor(maxBytes = PAGE_CACHE_BYTES) {
    this.entries = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      sizeCalculation: (page, key) =>
        page.html.length + (page.gzip?.length ?? 0) + (page.brotli?.length ?? 0) + key.length,
    })
  }

  /**
   * The page for `key`: kept, being rendered for someone else, or rendered now. A page rendered
   * now comes with `keep`, to call once its answer is known to carry nothing personal (no
   * Set-Cookie, which cookie plugins write only as the answer leaves).
   */
  async get(
    key: string,
    render: () => Promise<RenderedPage | UnreadablePage>,
  ): Promise<{ page: CachedPage; keep?: () => void }> {
    const found = this.entries.get(key)
    if (found && this.enabled && found.version === this.version) {
      this.counts.hit()
      return { page: found }
    }
    // Waiting for a render under way costs no render: counted as a hit.
    const pending = this.rendering.get(key)
    if (pending) {
      this.counts.hit()
      return { page: await pending }
    }
    this.counts.miss()
    const versionAtStart = this.version
    const built = render().then(toPage)
    const keepable = key.length <= MAX_KEY_LENGTH
    if (keepable) this.rendering.set(key, built)
    try {
      const page = await built
      if (page.unreadable) {
        const stale = this.stale(key)
        if (stale) return { page: stale }
      }
      // A change that landed during the render made it stale: served to those who asked, not kept.
      const current = () => page.shared && keepable && this.enabled && versionAtStart === this.version
      const keep = () => {
        if (!current()) return
        // Kept at once (the next visitors find it), then with its compressed bytes beside it. keep()
        // runs as the answer leaves: compression starts once it has been handed to the socket, so
        // the visitor who waited for the render does not also wait behind zlib's start.
        const kept: Kept = { ...page, version: versionAtStart }
        this.entries.set(key, kept)
        setImmediate(() => {
          if (!current() || this.entries.peek(key) !== kept) return
          void compress(page.html).then(
            (encoded) => {
              if (current() && this.entries.peek(key) === kept) this.entries.set(key, { ...kept, ...encoded })
            },
            () => {},
          )
        })
      }
      return { page, keep }
    } finally {
      if (this.rendering.get(key) === built) this.rendering.delete(key)
    }
  }

  /** Whether a current copy is kept. */
  has(key: string): boolean {
    return this.entries.peek(key)?.version === this.version
  }

  /** The last copy kept of this page, however old, marked stale: while its data cannot be read. */
  stale(key: string): CachedPage | undefined {
    const kept = this.entries.get(key)
    return kept && { ...kept, stale: true }
  }

  /** Bytes held now (tests, diagnostics). */
  get size(): number {
    return this.entries.calculatedSize
  }

  invalidate(): void {
    this.version += 1
    // Renders under way started before the change: whoever waits gets them, nobody else.
    this.rendering.clear()
  }

  /** While change notices cannot be received, nothing is kept. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled
    this.invalidate()
  }
}

function toPage(page: RenderedPage | UnreadablePage): CachedPage & { unreadable?: boolean } {
  const html = Buffer.from(page.html)
  return {
    ...('unreadable' in page ? { unreadable: true } : {}),
    status: page.status,
    redirect: page.redirect,
    etag: etagOf(html),
    html,
    shared: page.status === 200 && !page.redirect,
  }
}

/** Both encodings, once, on libuv's thread pool: every later visitor gets these bytes. */
async function compress(html: Buffer): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(html, { level: 6 }),
    brotliAsync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
  ])
  return { gzip: gzipped, brotli }
}

// Links shared on social networks and in campaigns carry these; the page is the same without them.
const TRACKING = /^(utm_\w+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/

/**
 * The address as the cache keys it and the page is rendered from: query parameters sorted, empty
 * ones and tracking tags left out. Equal pages, equal keys, so one visitor cannot fill the cache
 * with reorderings of one address.
 */
export function normalisePageUrl(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const kept = [...searchParams].filter(([name, value]) => value !== '' && !TRACKING.test(name))
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
  const query = new URLSearchParams(kept).toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * Pages that are the same for every anonymous visitor. Everything else (checkout, the account
 * area, orders, the back office, unsubscribe links) is rendered per request and never kept.
 */
const SHARED_PAGES =
  /^\/(?:products(?:\/category\/[^/]+)?|product\/[^/]+|about|return-policy|privacy-policy|terms-conditions|testimonials|contact|journal(?:\/[^?]*)?)?\/?$/

export const isSharedPage = (pathname: string) => SHARED_PAGES.test(pathname)

/**
 * A page (or a product feed) every anonymous visitor shares: a CDN may keep it a minute and serve
 * it a while longer as it asks again; the browser asks every time (with its ETag, so mostly a 304).
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

/** The ETag of a body kept for everyone: its hash. */
export const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`

/** Whether the client already holds this page (If-None-Match names its ETag). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
