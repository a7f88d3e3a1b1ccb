import type { ChangeAwareCache } from '../catalog/catalog-changes'
import { cacheCounter } from '../metrics/registry'

/**
 * Built feeds, kept until the catalogue changes (cleared on every instance with the listing and
 * the page cache, modules/catalog/catalog-changes.ts). Concurrent misses share one build, and a
 * build that a change overtook is answered but not kept, as the page cache does.
 */
/** A feed as built, with the ETag its answers carry. */
export interface BuiltFeed {
  body: string
  etag: string
}

export class FeedCache implements ChangeAwareCache {
  private readonly built = new Map<string, BuiltFeed>()
  private readonly building = new Map<string, Promise<BuiltFeed>>()
  private version = 0
  private enabled = true
  private readonly counts = cacheCounter('feeds')

  invalidate(): void {
    this.version += 1
    this.built.clear()
    this.building.clear()
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled
    if (!enabled) this.invalidate()
  }

  async get(key: string, build: () => Promise<BuiltFeed>): Promise<BuiltFeed> {
    const kept = this.built.get(key)
    if (kept !== undefined) {
      this.counts.hit()
      return kept
    }
    this.counts.miss()
    const pending = this.building.get(key)
    if (pending) return pending
    const version = this.version
    const promise = build().finally(() => {
      if (this.building.get(key) === promise) this.building.delete(key)
    })
    this.building.set(key, promise)
    const feed = await promise
    if (this.enabled && version === this.version) this.built.set(key, feed)
    return feed
  }
}
