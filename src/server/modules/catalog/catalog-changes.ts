import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../db/client'
import { ListingCache } from './listing-cache'

const CHANNEL = 'catalog_changed'
/** The notice of a back-office write, which may have changed the owner's settings too. */
const OWNER_WRITE = 'owner'
/** How stale another instance's listing can be during a burst of changes. */
const NOTIFY_INTERVAL_MS = 100

/**
 * The one place that knows the catalogue changed: anything that writes products calls changed()
 * or changedNow() after its transaction commits. This instance's cache is cleared at once; the
 * others hear it through PostgreSQL's NOTIFY.
 */
/** A cache of what visitors see, cleared with the listing (the page cache, http/page-cache.ts). */
export interface ChangeAwareCache {
  invalidate(): void
  setEnabled(enabled: boolean): void
}

export class CatalogChanges {
  readonly cache = new ListingCache()
  private readonly caches: ChangeAwareCache[] = [this.cache]
  /**
   * Caches of the owner's settings, read on every checkout: cleared by the owner's writes
   * (changedNow), not by every sale, which would make them read the database on every order.
   */
  private readonly ownerCaches: ChangeAwareCache[] = []
  /** Whether this instance hears other instances' notices: caches are kept only while it does. */
  private listening = false
  /** A NOTIFY is waiting to go out, shared by every change made meanwhile. */
  private scheduled = false
  private lastSentAt = Number.NEGATIVE_INFINITY
  /** Notices waiting or on their way: shutdown waits for them before the database closes. */
  private readonly inFlight = new Set<Promise<unknown>>()

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: { warn(obj: unknown, msg: string): void },
  ) {}

  async start(): Promise<void> {
    await this.database.listen(
      CHANNEL,
      (payload) => this.invalidateHere(payload === OWNER_WRITE),
      (connected) => {
        this.listening = connected
        for (const cache of [...this.caches, ...this.ownerCaches]) cache.setEnabled(connected)
      },
    )
  }

  /** Another cache of what visitors see, cleared here and on every instance with the listing. */
  track(cache: ChangeAwareCache, changedBy: 'any-change' | 'owner-writes' = 'any-change'): void {
    ;(changedBy === 'owner-writes' ? this.ownerCaches : this.caches).push(cache)
    cache.setEnabled(this.listening)
  }

  private invalidateHere(ownerWrite = false): void {
    for (const cache of this.caches) cache.invalidate()
    if (ownerWrite) for (const cache of this.ownerCaches) cache.invalidate()
  }

  /**
   * Call after a write to products has committed (an order). This instance's listing is cleared
   * at once; the others are told without holding up the caller. A NOTIFY is a commit of its own,
   * and PostgreSQL takes notifying commits one at a time, so they go out at most every
   * NOTIFY_INTERVAL_MS: a lone order is told at once, and a burst of orders shares one notice per
   * interval.
   */
  changed(): void {
    this.invalidateHere()
    if (this.scheduled) return
    this.scheduled = true
    const wait = this.lastSentAt + NOTIFY_INTERVAL_MS - performance.now()
    const ready = wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve()
    const notice = ready
      .then(() => {
        this.scheduled = false
        this.lastSentAt = performance.now()
        return this.notify()
      })
      .catch((error) => this.log.warn({ err: error }, 'catalog change not announced to other instances'))
      .finally(() => this.inFlight.delete(notice))
    this.inFlight.add(notice)
  }

  /**
   * For a write the caller will look at next (the owner saving a product): resolves once the
   * other instances have been told, so the next listing shows it whichever instance serves it.
   */
  async changedNow(): Promise<void> {
    this.invalidateHere(true)
    await this.notify(OWNER_WRITE)
  }

  /** Resolves once the notices of the changes so far have gone out (shutdown). */
  async announced(): Promise<void> {
    await Promise.all([...this.inFlight])
  }

  private async notify(payload = ''): Promise<void> {
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
  }
}
