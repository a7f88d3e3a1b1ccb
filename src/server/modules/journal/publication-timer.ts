import type { DbOrTx } from '../../db/client'
import { nextScheduledAt } from './service'

// A scheduled post appears when its time comes, with no write to announce it: the journal's
// lists, the home page and the sitemap change all the same. This timer tells the storefront's
// caches at that moment, through the catalogue's change notices (modules/catalog/catalog-changes):
// every instance looks once a minute for a publication due within the minute and waits for it.
// Two instances may both announce the same post: a notice costs one cache rebuild.

export const POLL_INTERVAL_MS = 60_000

export interface PublicationLog {
  warn(obj: unknown, msg: string): void
}

export class PublicationTimer {
  private poller: NodeJS.Timeout | undefined
  private waiting: NodeJS.Timeout | undefined
  private waitingFor = 0

  constructor(
    private readonly db: DbOrTx,
    private readonly onPublished: () => void,
    private readonly log: PublicationLog,
    private readonly pollMs = POLL_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.poller) return
    this.poller = setInterval(() => void this.check(), this.pollMs)
    this.poller.unref()
    void this.check()
  }

  stop(): void {
    clearInterval(this.poller)
    clearTimeout(this.waiting)
    this.poller = undefined
    this.waiting = undefined
  }

  /** Looks for the next publication and, when it is due before the next look, waits for it. */
  async check(): Promise<void> {
    try {
      const now = Date.now()
      const next = await nextScheduledAt(this.db, new Date(now))
      if (!next || !this.poller) return
      const at = next.getTime()
      if (at - now > this.pollMs || (this.waiting && this.waitingFor === at)) return
      clearTimeout(this.waiting)
      this.waitingFor = at
      // A few milliseconds late rather than early: at `at` itself the post is visible.
      this.waiting = setTimeout(() => this.published(), at - now + 5)
      this.waiting.unref()
    } catch (error) {
      this.log.warn({ err: error }, 'journal: could not look for scheduled posts')
    }
  }

  private published(): void {
    this.waiting = undefined
    this.onPublished()
    void this.check()
  }
}
