import { createHash } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { importedPictures } from './schema'
import type { ZipPictures } from './zip-pictures'

// Where a picture came from, remembered with what it was stored as (imported_pictures). A picture
// is known by its URL, or by the bytes of its ZIP entry (a new picture under an old file name is a
// new picture). Only a piece that still shows the stored picture takes it as is: a piece deleted
// since may have taken its files with it, so anything else is fetched or decoded again.

export const isWebAddress = (ref: string) => /^https?:\/\//i.test(ref)

/**
 * The source a reference names as the job takes it: the ZIP's entry of that file name first (a
 * Shopify file's picture URLs are matched by name to the pictures sent beside it), else the URL.
 * Undefined when neither (the row's problem).
 */
export async function sourceOf(ref: string, zip: ZipPictures | undefined): Promise<string | undefined> {
  const data = await zip?.read(ref)
  if (data) return sourceOfBytes(data)
  return isWebAddress(ref) ? ref : undefined
}

export const sourceOfBytes = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`

/** The stored pictures of each source earlier imports brought in (one, or several if stored more than once). */
export async function storedPictures(db: DbOrTx, sources: string[]): Promise<Map<string, string[]>> {
  const wanted = [...new Set(sources)]
  const found = new Map<string, string[]>()
  for (let i = 0; i < wanted.length; i += 1000) {
    const page = await db
      .select({ source: importedPictures.source, url: importedPictures.url })
      .from(importedPictures)
      .where(inArray(importedPictures.source, wanted.slice(i, i + 1000)))
    for (const row of page) found.set(row.source, [...(found.get(row.source) ?? []), row.url])
  }
  return found
}

/** Of a source's stored pictures, the one the piece shows, if any: only that one is taken as is. */
export const shownBy = (stored: readonly string[] | undefined, imageUrls: readonly string[] | undefined) =>
  stored?.find((url) => imageUrls?.includes(url))

export async function rememberPicture(db: DbOrTx, source: string, url: string): Promise<void> {
  await db.insert(importedPictures).values({ source, url }).onConflictDoNothing()
}
