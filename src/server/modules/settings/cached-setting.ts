import type { DbOrTx } from '../../db/client'
import type { ChangeAwareCache } from '../catalog/catalog-changes'

/**
 * A setting read on a hot path (tax settings, on every checkout), kept in memory. It is cleared
 * with the listing on every back-office write, here and through NOTIFY on every instance
 * (catalog-changes.ts), and not kept at all while this instance cannot hear those notices: a
 * setting the owner saved is the one the next checkout reads, whichever instance serves it.
 */
export class CachedSetting<T> implements ChangeAwareCache {
  private value: Promise<T> | undefined
  private enabled = false

  constructor(private readonly read: (db: DbOrTx) => Promise<T>) {}

  get(db: DbOrTx): Promise<T> {
    if (!this.enabled) return this.read(db)
    if (!this.value) {
      const value = this.read(db)
      this.value = value
      // A failed read is not kept: the next caller reads again.
      value.catch(() => {
        if (this.value === value) this.value = undefined
      })
    }
    return this.value
  }

  invalidate(): void {
    this.value = undefined
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled
    this.value = undefined
  }
}
