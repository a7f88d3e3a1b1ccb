import { z } from 'zod'
import { endpoint } from '../contract'
import { messageAnswer, timestamp } from '../wire'
import { ADMIN_POST_TABS, JOURNAL_MESSAGES } from './rules'
import { adminPostListQuerySchema, postInputSchema } from './schema'

// The back office's Journal screens: the owner's list and editor; the routes are inside the
// admin scope.

const postParams = z.object({ id: z.coerce.number({ error: JOURNAL_MESSAGES.notFound }).int().positive() })

const postState = z.enum(['draft', 'scheduled', 'published'])

/** A post on the owner's list: every stored field but its text, who wrote it, where it stands. */
export const adminPostListItemAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  excerpt: z.string().nullable(),
  featuredImage: z.string().nullable(),
  authorId: z.number().int().nullable(),
  /** The name the story is signed with, as the owner typed it; null: the author's display name. */
  byline: z.string().nullable(),
  /** The signature shown: the byline, else the author's first and last name; null: the shop's name. */
  authorName: z.string().nullable(),
  published: z.boolean(),
  publishedAt: timestamp.nullable(),
  state: postState,
  tags: z.array(z.string()),
  metaDescription: z.string().nullable(),
  readingTime: z.number().int(),
  viewCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
})

/** A post as the editor reads it: the list's fields and its Markdown text. */
export const adminPostAnswer = adminPostListItemAnswer.extend({ content: z.string() })

export const adminPostPageAnswer = z.object({
  items: z.array(adminPostListItemAnswer),
  total: z.number().int(),
  counts: z.record(z.enum(ADMIN_POST_TABS), z.number().int()),
  /** Every category in use, for the editor's suggestions. */
  categories: z.array(z.string()),
})

/** The dashboard's card. */
export const journalSummaryAnswer = z.object({
  posts: z.number().int(),
  published: z.number().int(),
  scheduled: z.number().int(),
  drafts: z.number().int(),
})

export type AdminPost = z.input<typeof adminPostAnswer>
export type AdminPostListItem = z.input<typeof adminPostListItemAnswer>
export type AdminPostPage = z.input<typeof adminPostPageAnswer>
export type JournalSummary = z.input<typeof journalSummaryAnswer>

export const journalAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'journal:edit',
    path: '/api/admin/blog/posts',
    querystring: adminPostListQuerySchema,
    response: { 200: adminPostPageAnswer },
  }),
  summary: endpoint({
    method: 'GET',
    permission: 'journal:edit',
    path: '/api/admin/blog/summary',
    response: { 200: journalSummaryAnswer },
  }),
  post: endpoint({
    method: 'GET',
    permission: 'journal:edit',
    path: '/api/admin/blog/posts/:id',
    params: postParams,
    response: { 200: adminPostAnswer },
  }),
  create: endpoint({
    method: 'POST',
    permission: 'journal:edit',
    path: '/api/admin/blog/posts',
    body: postInputSchema,
    response: { 201: adminPostAnswer },
  }),
  update: endpoint({
    method: 'PUT',
    permission: 'journal:edit',
    path: '/api/admin/blog/posts/:id',
    params: postParams,
    body: postInputSchema,
    response: { 200: adminPostAnswer },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'journal:edit',
    path: '/api/admin/blog/posts/:id',
    params: postParams,
    response: { 200: messageAnswer },
  }),
}
