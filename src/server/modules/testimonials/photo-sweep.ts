import { lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import type { Sweep } from '../../jobs/sweeps'
import type { FileStore } from '../media/file-store'
import { removeUnusedImages } from '../media/unused-images'
import { testimonialUploads } from './schema'

/** A shopper's photo is uploaded before the review is sent: a day later, one no review uses was left behind. */
export const ABANDONED_PHOTO_AGE_MS = 24 * 60 * 60_000

/** Notes a shopper's upload, so the sweep can tell an abandoned photo from one still being reviewed. */
export async function noteTestimonialUploads(db: DbOrTx, urls: string[]): Promise<void> {
  if (urls.length === 0) return
  await db
    .insert(testimonialUploads)
    .values(urls.map((imageUrl) => ({ imageUrl })))
    .onConflictDoUpdate({ target: testimonialUploads.imageUrl, set: { uploadedAt: sql`now()` } })
}

/**
 * Deletes the stored files of shoppers' photos uploaded more than a day ago that nothing uses: no
 * review, nor anything else (files are named by content, so the same picture may serve a product).
 */
export function unusedTestimonialPhotos(files: FileStore): Sweep {
  return {
    name: 'unused testimonial photos',
    async run(db, now, limit) {
      const cutoff = new Date(now.getTime() - ABANDONED_PHOTO_AGE_MS)
      const stale = await db
        .delete(testimonialUploads)
        .where(
          sql`${testimonialUploads.imageUrl} in (${db
            .select({ url: testimonialUploads.imageUrl })
            .from(testimonialUploads)
            .where(lt(testimonialUploads.uploadedAt, cutoff))
            .limit(limit)})`,
        )
        .returning({ url: testimonialUploads.imageUrl })
      await removeUnusedImages(
        db,
        files,
        stale.map((row) => row.url),
      )
      return stale.length
    },
  }
}
