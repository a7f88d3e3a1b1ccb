import { Transform, type TransformCallback } from 'node:stream'
import { LRUCache } from 'lru-cache'
import type { StoredFile } from './file-store'

/** A picture this instance served whole, kept to stand in while the store is away. */
export interface KeptPicture {
  bytes: Buffer
  contentType: string
  etag?: string
}

/** What the kept pictures may take of memory. */
export const RECENT_PICTURES_BYTES = 32 * 1024 * 1024
/** Bigger files are served but not kept: a few originals must not push out every thumbnail. */
const MAX_PICTURE_BYTES = 2 * 1024 * 1024
/**
 * After the store failed, how long kept pictures are answered without asking it again: a frozen
 * store would otherwise hold each picture of a page for the whole read timeout before the copy is
 * sent. A kept copy is the same bytes the store holds (names are content hashes), so answering it
 * for a few seconds after the store is back costs nothing.
 */
const STORE_AWAY_MS = 5_000

/**
 * Pictures this instance has just served from the bucket (README: "When a part fails"), bounded by
 * bytes with least-recently-used eviction. Only a bucket's pictures are kept: files on disk have
 * no store to lose. While the store is away a kept picture is answered from here; others are 503.
 */
export class RecentPictures {
  private readonly kept: LRUCache<string, KeptPicture>
  private storeAwayUntil = 0

  constructor(
    private readonly options: { maxBytes?: number; maxPictureBytes?: number; now?: () => number } = {},
  ) {
    this.kept = new LRUCache<string, KeptPicture>({
      maxSize: options.maxBytes ?? RECENT_PICTURES_BYTES,
      sizeCalculation: (picture, key) => picture.bytes.length + key.length,
    })
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  get(key: string): KeptPicture | undefined {
    return this.kept.get(key)
  }

  /** The store just failed to answer: kept pictures are sent without asking it for a while. */
  storeAway(): void {
    this.storeAwayUntil = this.now() + STORE_AWAY_MS
  }

  get storeKnownAway(): boolean {
    return this.now() < this.storeAwayUntil
  }

  /**
   * The file's body, passed on as it comes and kept once it has arrived whole (a body cut on its
   * way, by the store or by a phone going away, is not kept).
   */
  keep(key: string, file: StoredFile): Transform {
    const limit = this.options.maxPictureBytes ?? MAX_PICTURE_BYTES
    const chunks: Buffer[] = []
    let length = 0
    let keeping = file.size > 0 && file.size <= limit
    const kept = this.kept
    return new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        if (keeping) {
          length += chunk.length
          if (length > limit) {
            keeping = false
            chunks.length = 0
          } else chunks.push(chunk)
        }
        callback(null, chunk)
      },
      flush(callback: TransformCallback) {
        if (keeping && length === file.size) {
          kept.set(key, {
            bytes: Buffer.concat(chunks, length),
            contentType: file.contentType,
            etag: file.etag,
          })
        }
        callback()
      },
    })
  }
}
