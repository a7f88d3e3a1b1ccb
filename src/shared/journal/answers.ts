import { z } from 'zod'
import { listAnswer } from '../wire'

// The Journal's public answers (contract.ts). rules.ts, which the storefront's pages import,
// takes its types from these by type alone.

/** A piece a post links to, shown as a small card under it. */
export const journalProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  imageUrl: z.string().nullable(),
  status: z.enum(['available', 'sold', 'reserved']),
  sold: z.boolean(),
})

/** A post on a list: /journal, a tag, the home page, a product's "From the Journal". */
export const journalPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The post's own excerpt, or the start of its text. */
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
  readingTime: z.number().int(),
  authorName: z.string().nullable(),
})

export const journalPostLinkSchema = z.object({ slug: z.string(), title: z.string() })

/** One visible post: its article as sanitized HTML, the pieces it links, its neighbours. */
export const journalPostSchema = journalPostSummarySchema.extend({
  contentHtml: z.string(),
  metaDescription: z.string().nullable(),
  updatedAt: z.string(),
  viewCount: z.number().int(),
  products: z.array(journalProductSchema),
  /** The post published just before this one, and just after. */
  previous: journalPostLinkSchema.nullable(),
  next: journalPostLinkSchema.nullable(),
})

export const journalPageSchema = listAnswer(journalPostSummarySchema)
