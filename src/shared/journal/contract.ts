import { z } from 'zod'
import { endpoint } from '../contract'
import { journalPageSchema, journalPostSchema } from './answers'
import { JOURNAL_LIMITS, JOURNAL_MESSAGES } from './rules'
import { publicListQuerySchema } from './schema'

// The Journal for readers (the Atom feed at /journal/feed.xml is XML: no contract).

export const journalContract = {
  /** Visible posts, newest first: a page, a tag's (`tag`), or those naming a piece (`productId`). */
  posts: endpoint({
    method: 'GET',
    path: '/api/blog/posts',
    querystring: publicListQuerySchema,
    response: { 200: journalPageSchema },
  }),
  /** One visible post; a draft, a scheduled post or an unknown slug is a 404. */
  post: endpoint({
    method: 'GET',
    path: '/api/blog/posts/:slug',
    params: z.object({ slug: z.string().max(JOURNAL_LIMITS.slugMax * 2, JOURNAL_MESSAGES.notFound) }),
    response: { 200: journalPostSchema },
  }),
}
