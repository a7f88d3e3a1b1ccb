import { JOURNAL_PAGE_SIZE, normalizeTag } from '../../../shared/journal/paths'

// The API parameters of a Journal list page, from its URL: the route prefetches with them and the
// page reads with them, so the server's cache entry is the one the browser hydrates.

export const journalPageOf = (search: URLSearchParams) =>
  Math.max(1, Math.floor(Number(search.get('page'))) || 1)

export function journalListParams(search: URLSearchParams, tag?: string): Record<string, string | undefined> {
  const page = journalPageOf(search)
  return {
    page: page > 1 ? String(page) : undefined,
    pageSize: String(JOURNAL_PAGE_SIZE),
    tag: tag ? normalizeTag(tag) : undefined,
  }
}

/** A product page's "From the Journal": the newest stories that name the piece. */
export const storiesOf = (productId: string) => ({ productId, pageSize: '3' })
