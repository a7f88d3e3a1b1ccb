// The Journal's addresses and the few rules the storefront's pages need, apart from
// ./rules.ts (messages, limits, the editor's vocabulary) so that shoppers download only this.

/** Posts on a page of /journal; the API allows up to PUBLIC_PAGE_SIZE_MAX. */
export const JOURNAL_PAGE_SIZE = 9
export const PUBLIC_PAGE_SIZE_MAX = 50

/** Tags are compared and linked in lower case, with single spaces: "Type A" and "type  a" are one tag. */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase()

/** Where a post lives on the storefront. */
export const journalPath = (slug: string) => `/journal/${slug}`
export const journalTagPath = (tag: string) => `/journal/tag/${encodeURIComponent(normalizeTag(tag))}`
/** A tag as a heading or a chip shows it: its first letter capitalised ("type a" → "Type a"). */
export const tagLabel = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1)
