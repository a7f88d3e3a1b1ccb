// The journal: its posts, the pieces they link to and their recent readers.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '../../db/columns'
import { users } from '../accounts/schema'
import { products } from '../catalog/schema'

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the story is signed with ("By …"); null signs it with the author's display name. */
    byline: text('byline'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    metaDescription: text('meta_description'),
    readingTime: integer('reading_time'),
    viewCount: integer('view_count').notNull().default(0),
    /** From the seed's schema; there is no Notion here, so nothing reads or writes it. */
    notionPageId: text('notion_page_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('blog_posts_view_count_check', sql`${t.viewCount} >= 0`),
    // Lower-case words joined by single hyphens: the URL is /journal/<slug>.
    check('blog_posts_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('blog_posts_reading_time_check', sql`${t.readingTime} is null or ${t.readingTime} >= 1`),
    // A published post has a publication time; a future one is scheduled.
    check('blog_posts_published_at_check', sql`not ${t.published} or ${t.publishedAt} is not null`),
    // The journal's pages: visible posts, newest first.
    index('blog_posts_visible_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.published}`),
    index('blog_posts_tags_idx').using('gin', t.tags),
  ],
)

/** The pieces a post links to (Markdown links to /product/{id}), in the order it names them. */
export const blogPostProducts = pgTable(
  'blog_post_products',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.productId] }),
    index('blog_post_products_product_idx').on(t.productId),
  ],
)

/**
 * Who has read a post lately, so a reader counts once: a keyed hash of the visitor's session (or
 * of their address and browser without one), never the session id or address itself. Written in
 * batches by the view counter and swept after a day.
 */
export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.visitor] }),
    index('blog_post_views_viewed_at_idx').on(t.viewedAt),
  ],
)
