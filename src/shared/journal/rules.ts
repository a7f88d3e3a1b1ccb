// The Journal: the shop's stories about jade (back-office.md §3's blog_posts). Shared by the
// server, the storefront's pages and the back office's editor. Neither zod (./schema.ts)
// nor Markdown (./markdown.ts) here: the storefront's pages import this file.

import type { z } from 'zod'
import { replaceClosed } from '../closed-matches'
import type {
  journalPageSchema,
  journalPostLinkSchema,
  journalPostSchema,
  journalPostSummarySchema,
  journalProductSchema,
} from './answers'

export {
  JOURNAL_PAGE_SIZE,
  journalPath,
  journalTagPath,
  normalizeTag,
  PUBLIC_PAGE_SIZE_MAX,
  tagLabel,
} from './paths'

export const JOURNAL_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  slugMax: 120,
  contentMin: 10,
  // Long enough for a very long article; the request body limit (1 MB) is the outer bound.
  contentMax: 100_000,
  categoryMax: 60,
  excerptMax: 300,
  metaDescriptionMax: 160,
  tagsMax: 12,
  tagMax: 40,
  bylineMax: 80,
} as const

/** An average adult reads about 200–250 words a minute; the lower figure suits careful reading. */
export const WORDS_PER_MINUTE = 200

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * A URL slug from a title: accents dropped ("Café" → "cafe"), '&' read as "and", every other run
 * of characters outside a–z and 0–9 one hyphen. Empty when the title has no Latin letters or
 * digits (the server then falls back to "post").
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, JOURNAL_LIMITS.slugMax)
    .replace(/^-+|-+$/g, '')
}

/** The words of a Markdown text, without its link targets, image addresses and markup. */
export function countWords(markdown: string): number {
  const images = imagesToAlt(markdown.replace(/```[\s\S]*?```/g, ' '))
  const text = replaceClosed(replaceClosed(images, ')', /\]\([^)]*\)/g, '] '), '>', /<[^>]+>/g, ' ')
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0
}

/**
 * Each `![alt](address)` as ` alt `: what `text.replace(/!\[([^\]]*)\]\([^)]*\)/g, ' $1 ')` gives, in
 * linear time. That pattern retried from each `![` up to the same `]` (`![![![…]`: quadratic).
 */
function imagesToAlt(text: string): string {
  let result = ''
  let copied = 0
  for (let start = text.indexOf('!['); start !== -1; ) {
    // An alt holds no `]`, so every `![` before this `]` ends its alt here, and fails here too.
    const altEnd = text.indexOf(']', start + 2)
    if (altEnd === -1) break
    const end = text[altEnd + 1] === '(' ? text.indexOf(')', altEnd + 2) : -2
    if (end === -1) break
    if (end >= 0) {
      result += `${text.slice(copied, start)} ${text.slice(start + 2, altEnd)} `
      copied = end + 1
    }
    start = text.indexOf('![', end >= 0 ? end + 1 : altEnd + 1)
  }
  return result + text.slice(copied)
}

/** Minutes to read, at least 1. */
export const readingMinutes = (markdown: string) =>
  Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE))

export const JOURNAL_MESSAGES = {
  titleShort: `Title must be at least ${JOURNAL_LIMITS.titleMin} characters`,
  titleLong: `Title must be at most ${JOURNAL_LIMITS.titleMax} characters`,
  slugFormat: 'Slug may contain only lowercase letters, numbers and single hyphens',
  slugLong: `Slug must be at most ${JOURNAL_LIMITS.slugMax} characters`,
  slugTaken: 'This slug is already used by another post',
  contentShort: `Content must be at least ${JOURNAL_LIMITS.contentMin} characters`,
  contentLong: `Content must be at most ${JOURNAL_LIMITS.contentMax.toLocaleString('en-US')} characters`,
  categoryRequired: 'Category is required',
  categoryLong: `Category must be at most ${JOURNAL_LIMITS.categoryMax} characters`,
  excerptLong: `Excerpt must be at most ${JOURNAL_LIMITS.excerptMax} characters`,
  bylineLong: `Byline must be at most ${JOURNAL_LIMITS.bylineMax} characters`,
  metaDescriptionLong: `Meta description must be at most ${JOURNAL_LIMITS.metaDescriptionMax} characters`,
  featuredImage: 'Upload the featured image, or enter an http(s) address',
  tagsTooMany: `At most ${JOURNAL_LIMITS.tagsMax} tags`,
  tagLong: `Each tag must be at most ${JOURNAL_LIMITS.tagMax} characters`,
  publishedAt: 'Publication time must be a date and time',
  notFound: 'Post not found',
  created: 'Post created',
  saved: 'Post saved',
  published: 'Post published',
  scheduled: 'Post scheduled',
  unpublished: 'Post unpublished',
  deleted: 'Post deleted',
  saveFailed: 'Failed to save post',
  deleteFailed: 'Failed to delete post',
  loadFailed: 'Failed to load posts',
  scheduleInPast: 'Choose a time in the future to schedule the post',
} as const

/** Where a post stands: drafts are unpublished, a published post with a future time is scheduled. */
export type PostState = 'draft' | 'scheduled' | 'published'
export function postState(
  post: { published: boolean; publishedAt: string | null },
  now = Date.now(),
): PostState {
  if (!post.published) return 'draft'
  return post.publishedAt && Date.parse(post.publishedAt) > now ? 'scheduled' : 'published'
}

export const POST_STATE_LABELS: Record<PostState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
}

// ---- Public answers ----

// Their types come from their schemas (journal/answers.ts), by type alone.

/** A piece a post links to, shown as a small card under it. */
export type JournalProduct = z.input<typeof journalProductSchema>
/** A post on a list: /journal, a tag, the home page, a product's "From the Journal". */
export type JournalPostSummary = z.input<typeof journalPostSummarySchema>
export type JournalPostLink = z.input<typeof journalPostLinkSchema>
/** One visible post: its article as sanitized HTML, the pieces it links, its neighbours. */
export type JournalPost = z.input<typeof journalPostSchema>
export type JournalPage = z.input<typeof journalPageSchema>

// ---- The back office ----

export const ADMIN_POST_TABS = ['all', 'published', 'scheduled', 'drafts'] as const
export type AdminPostTab = (typeof ADMIN_POST_TABS)[number]
export const ADMIN_POST_TAB_LABELS: Record<AdminPostTab, string> = {
  all: 'All',
  published: 'Published',
  scheduled: 'Scheduled',
  drafts: 'Drafts',
}

export const ADMIN_POST_SORTS = [
  'updated-desc',
  'updated-asc',
  'published-desc',
  'published-asc',
  'title-asc',
  'title-desc',
  'views-desc',
  'views-asc',
] as const
export type AdminPostSort = (typeof ADMIN_POST_SORTS)[number]
