import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { storedImage, WIDTHS } from '../../../shared/media/images'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import type { FileStore } from './file-store'

// Stored images are named by content, so one picture can serve several products, a category and
// past orders at once. A file goes only when nothing points at it any more. Order lines keep the
// picture of what was bought, so a sold piece's photo stays as long as its order does. Buyers' tax
// certificates are no pictures of the shop's: private keys (`private/…`) that storedImage() never
// recognises, so this never looks at them; their exemption deletes its own file.

export interface ImageCleanupLog {
  warn(obj: unknown, msg: string): void
}

const IsReferencedRow = z.object({ used: z.boolean() })

async function isReferenced(db: DbOrTx, hash: string): Promise<boolean> {
  // The hash is hex, so it needs no escaping inside the LIKE pattern.
  const pattern = `/uploads/${hash}-%`
  const [row] = await queryRows(
    db,
    IsReferencedRow,
    sql`
    select exists (select from products, unnest(image_urls) as url where url like ${pattern})
      or exists (select from products where certificate_url like ${pattern})
      or exists (select from category_images where image_url like ${pattern})
      or exists (select from testimonials where image_url like ${pattern})
      or exists (select from order_items where product_image like ${pattern})
      or exists (select from blog_posts where featured_image like ${pattern})
      -- A picture placed in an article's Markdown, ![…](/uploads/…), is kept while the article shows it.
      or exists (select from blog_posts where strpos(content, ${`/uploads/${hash}-`}) > 0) as used`,
  )
  return row?.used ?? true
}

/**
 * Deletes the stored files of the given image URLs that no row refers to any more. Call it after
 * the change that dropped them has committed; a file it cannot delete is only logged (a stray
 * file costs disk, never correctness). Answers the URLs whose files were removed.
 */
export async function removeUnusedImages(
  db: DbOrTx,
  files: FileStore,
  urls: Iterable<string>,
  log?: ImageCleanupLog,
): Promise<string[]> {
  const removed: string[] = []
  const seen = new Set<string>()
  for (const url of urls) {
    const image = storedImage(url)
    if (!image || seen.has(image.hash)) continue
    seen.add(image.hash)
    if (await isReferenced(db, image.hash)) continue
    const widths = new Set<number>([...WIDTHS.filter((width) => width <= image.largest), image.largest])
    try {
      await Promise.all([...widths].map((width) => files.delete(`${image.hash}-${width}.webp`)))
      removed.push(url)
    } catch (error) {
      log?.warn({ err: error, url }, 'could not delete an unused image')
    }
  }
  return removed
}
