import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { isImageUrl } from '../media/image-files'
import { strictObject } from '../validation'
import {
  ADMIN_POST_SORTS,
  ADMIN_POST_TABS,
  JOURNAL_LIMITS,
  JOURNAL_MESSAGES,
  JOURNAL_PAGE_SIZE,
  normalizeTag,
  PUBLIC_PAGE_SIZE_MAX,
  SLUG_PATTERN,
} from './rules'

// The Journal's input rules, shared by the API and the back office's editor (./rules.ts has the
// vocabulary and the answers' shapes).

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null)

/** A post as the back office sends it (POST and PUT take the whole post). */
export const postInputSchema = strictObject({
  title: z
    .string({ error: JOURNAL_MESSAGES.titleShort })
    .trim()
    .min(JOURNAL_LIMITS.titleMin, JOURNAL_MESSAGES.titleShort)
    .max(JOURNAL_LIMITS.titleMax, JOURNAL_MESSAGES.titleLong),
  // Left empty, it is made from the title (and kept unique) by the server.
  slug: z
    .string({ error: JOURNAL_MESSAGES.slugFormat })
    .trim()
    .max(JOURNAL_LIMITS.slugMax, JOURNAL_MESSAGES.slugLong)
    .refine((value) => value === '' || SLUG_PATTERN.test(value), JOURNAL_MESSAGES.slugFormat)
    .nullish()
    .transform((value) => value || null),
  content: z
    .string({ error: JOURNAL_MESSAGES.contentShort })
    .trim()
    .min(JOURNAL_LIMITS.contentMin, JOURNAL_MESSAGES.contentShort)
    .max(JOURNAL_LIMITS.contentMax, JOURNAL_MESSAGES.contentLong),
  category: z
    .string({ error: JOURNAL_MESSAGES.categoryRequired })
    .trim()
    .min(1, JOURNAL_MESSAGES.categoryRequired)
    .max(JOURNAL_LIMITS.categoryMax, JOURNAL_MESSAGES.categoryLong),
  excerpt: optionalText(JOURNAL_LIMITS.excerptMax, JOURNAL_MESSAGES.excerptLong),
  byline: optionalText(JOURNAL_LIMITS.bylineMax, JOURNAL_MESSAGES.bylineLong),
  featuredImage: z
    .string()
    .trim()
    .max(2000, JOURNAL_MESSAGES.featuredImage)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isImageUrl(value), JOURNAL_MESSAGES.featuredImage),
  published: z.boolean({ error: 'Published must be true or false' }).default(false),
  // A future time schedules a published post; none with published = true means "now".
  publishedAt: z
    .union([z.iso.datetime({ offset: true, error: JOURNAL_MESSAGES.publishedAt }), z.null()], {
      error: JOURNAL_MESSAGES.publishedAt,
    })
    .optional()
    .transform((value) => (value ? new Date(value) : null)),
  tags: z
    .array(
      z.string({ error: JOURNAL_MESSAGES.tagLong }).max(JOURNAL_LIMITS.tagMax * 2, JOURNAL_MESSAGES.tagLong),
      {
        error: 'Tags must be a list of words',
      },
    )
    .default([])
    // "celadon, bangles" typed in one go is two tags.
    .transform((tags) => [
      ...new Set(
        tags
          .flatMap((tag) => tag.split(','))
          .map(normalizeTag)
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(JOURNAL_LIMITS.tagMax, JOURNAL_MESSAGES.tagLong))
        .max(JOURNAL_LIMITS.tagsMax, JOURNAL_MESSAGES.tagsTooMany),
    ),
  metaDescription: optionalText(JOURNAL_LIMITS.metaDescriptionMax, JOURNAL_MESSAGES.metaDescriptionLong),
})
export type PostInput = z.input<typeof postInputSchema>
export type PostData = z.output<typeof postInputSchema>

export const publicListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int()
    .min(1, 'Page must be at least 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, 'Page size must be at least 1')
    .max(PUBLIC_PAGE_SIZE_MAX, `Page size must be at most ${PUBLIC_PAGE_SIZE_MAX}`)
    .default(JOURNAL_PAGE_SIZE),
  tag: z
    .string()
    .max(JOURNAL_LIMITS.tagMax * 2, JOURNAL_MESSAGES.tagLong)
    .optional()
    .transform((value) => (value ? normalizeTag(value) : undefined)),
  productId: z.coerce.number({ error: 'Product not found' }).int().positive().optional(),
})
export type PublicListQuery = z.output<typeof publicListQuerySchema>

export const adminPostListQuerySchema = listQuerySchema.extend({
  status: z
    .enum(ADMIN_POST_TABS, { error: 'Status must be all, published, scheduled or drafts' })
    .default('all'),
  sort: z
    .enum(ADMIN_POST_SORTS, { error: `Sort must be one of: ${ADMIN_POST_SORTS.join(', ')}` })
    .default('updated-desc'),
})
export type AdminPostListQuery = z.output<typeof adminPostListQuerySchema>
