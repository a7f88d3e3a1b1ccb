import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { DbOrTx } from '../../db/client'

// A post's viewCount, without a write per view. Reading a post only notes (slug, visitor) in
// memory; every FLUSH_INTERVAL_MS each instance writes what it noted in one statement, which
// records each (post, visitor) once in blog_post_views (the primary key drops repeats, across
// instances too) and adds the new ones to the posts' counts. A reader counts once a day per post.

/** Well inside the promise that a view shows in viewCount within 10 seconds. */
export const FLUSH_INTERVAL_MS = 5_000
/** How long a visitor's reading of a post counts as one view (the sweep forgets older marks). */
export const VIEW_WINDOW_MS = 24 * 60 * 60_000
/** Notes held between flushes at most (a flood of fake visitors cannot grow memory without end). */
const MAX_PENDING = 100_000

export interface ViewLog {
  warn(obj: unknown, msg: string): void
}

/** Who is reading, as the counter sees them: a session, or an address and a browser. */
export interface Reader {
  /** The visitor's session id when they have one (cookies signed by us). */
  sessionId?: string
  ip: string
  userAgent?: string
}

const DEADLOCK = '40P01'
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

// Search engines and link previewers are not readers.
const CRAWLER = /bot\b|crawler|spider|slurp|facebookexternalhit|embedly|preview/i

export class ViewCounter {
  private pending = new Map<string, Set<string>>()
  private size = 0
  /** Views this instance already noted or wrote lately: a reload costs nothing at all. */
  private readonly seen = new LRUCache<string, true>({ max: 50_000, ttl: VIEW_WINDOW_MS })
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined

  constructor(
    private readonly db: DbOrTx,
    private readonly secret: string,
    private readonly log: ViewLog,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {}

  /**
   * A keyed hash of the reader: the same person gives the same key on every instance (they share
   * the session secret), and nothing stored can be turned back into a session id or an address.
   */
  visitorKey(reader: Reader): string {
    const identity = reader.sessionId ? `s:${reader.sessionId}` : `a:${reader.ip}\n${reader.userAgent ?? ''}`
    return createHmac('sha256', this.secret).update(identity).digest('base64url').slice(0, 22)
  }

  /** Notes that `reader` opened the post; written at the next flush. */
  record(slug: string, reader: Reader): void {
    if (reader.userAgent && CRAWLER.test(reader.userAgent)) return
    const visitor = this.visitorKey(reader)
    const key = `${slug}\n${visitor}`
    if (this.seen.has(key) || this.size >= MAX_PENDING) return
    this.seen.set(key, true)
    let visitors = this.pending.get(slug)
    if (!visitors) {
      visitors = new Set()
      this.pending.set(slug, visitors)
    }
    visitors.add(visitor)
    this.size += 1
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs)
    this.timer.unref()
  }

  /** Stops the timer and writes what is still noted (shutdown, before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.flush()
  }

  /** Writes the noted views now, in one statement; one flush at a time. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing
    if (this.size === 0) return
    const batch = this.pending
    this.pending = new Map()
    this.size = 0
    const rows = [...batch].flatMap(([slug, visitors]) => [...visitors].map((visitor) => ({ slug, visitor })))
    this.flushing = this.write(rows)
      .catch((error) => {
        // Views are a measure, not money: a batch the database refused is dropped, not retried
        // forever; those readers count again on their next visit.
        for (const { slug, visitor } of rows) this.seen.delete(`${slug}\n${visitor}`)
        this.log.warn({ err: error, views: rows.length }, 'journal views not recorded')
      })
      .finally(() => {
        this.flushing = undefined
      })
    await this.flushing
  }

  /**
   * Instances flush at the same time, over the same posts: the rows go in a fixed order, and a
   * deadlock PostgreSQL breaks anyway (it aborts one statement) is simply run again.
   */
  private async write(rows: { slug: string; visitor: string }[], attempt = 1): Promise<void> {
    rows.sort((a, b) => (a.slug === b.slug ? compare(a.visitor, b.visitor) : compare(a.slug, b.slug)))
    try {
      await this.insertAndCount(rows)
    } catch (error) {
      const { code, cause } = error as { code?: string; cause?: { code?: string } }
      if ((code ?? cause?.code) !== DEADLOCK || attempt >= 3) throw error
      await this.write(rows, attempt + 1)
    }
  }

  private async insertAndCount(rows: { slug: string; visitor: string }[]): Promise<void> {
    await this.db.execute(sql`
      with noted as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(slug text, visitor text)
      ), fresh as (
        insert into blog_post_views (post_id, visitor, viewed_at)
        select p.id, noted.visitor, now() from noted join blog_posts p on p.slug = noted.slug
        order by p.id, noted.visitor
        on conflict do nothing
        returning post_id
      )
      update blog_posts p set view_count = p.view_count + counted.views
      from (select post_id, count(*)::int as views from fresh group by post_id) counted
      where p.id = counted.post_id`)
  }
}
