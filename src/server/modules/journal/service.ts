import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { excerptOf } from '../../../shared/journal/markdown'
import {
  type JournalPage,
  type JournalPost,
  type JournalPostLink,
  type JournalPostSummary,
  type JournalProduct,
  journalPath,
  journalTagPath,
} from '../../../shared/journal/rules'
import type { PublicListQuery } from '../../../shared/journal/schema'
import type { DbOrTx } from '../../db/client'
import { pageWindow } from '../../db/paging'
import { queryRows } from '../../db/query-rows'
import { users } from '../accounts/schema'
import { products } from '../catalog/schema'
import { renderedArticle } from './render'
import { blogPostProducts, blogPosts } from './schema'

// What readers see of the Journal. A post is visible once it is published and its publication
// time has come: a draft, or a post scheduled for later, is never shown, listed, fed or mapped.
// Every function takes `now` from its caller, so tests can hold the clock still.

/** Published, and its time has come. */
export const visibleAt = (now: Date): SQL =>
  sql`(${blogPosts.published} and ${blogPosts.publishedAt} <= ${now})`

/**
 * The story's byline when the owner wrote one, else the author's "First Last"; null (signed with
 * the shop's name) when neither is there. Never the username: a login name is not for readers.
 */
export const authorName = sql<string | null>`coalesce(nullif(trim(${blogPosts.byline}), ''),
  nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''))`

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  // The start of the text stands in for a missing excerpt; only then is it read.
  contentStart: sql<
    string | null
  >`case when ${blogPosts.excerpt} is null then left(${blogPosts.content}, 3000) end`,
  featuredImage: blogPosts.featuredImage,
  category: blogPosts.category,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  readingTime: blogPosts.readingTime,
  authorName,
}

type SummaryRow = {
  id: number
  title: string
  slug: string
  excerpt: string | null
  contentStart: string | null
  featuredImage: string | null
  category: string
  tags: string[]
  publishedAt: Date | null
  readingTime: number | null
  authorName: string | null
}

const toSummary = (row: SummaryRow): JournalPostSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt ?? excerptOf(row.contentStart ?? ''),
  featuredImage: row.featuredImage,
  category: row.category,
  tags: row.tags,
  publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
  readingTime: row.readingTime ?? 1,
  authorName: row.authorName,
})

/** Tagged with `tag` (tags are stored normalised, so containment finds it through the GIN index). */
const taggedWith = (tag: string) => sql`${blogPosts.tags} @> ${JSON.stringify([tag])}::jsonb`
const linksProduct = (productId: number) =>
  sql`exists (select 1 from ${blogPostProducts} where ${blogPostProducts.postId} = ${blogPosts.id}
    and ${blogPostProducts.productId} = ${productId})`

/** A page of visible posts, newest first: all of them, one tag's, or those that link a product. */
export async function listVisiblePosts(db: DbOrTx, query: PublicListQuery, now: Date): Promise<JournalPage> {
  const where = and(
    visibleAt(now),
    query.tag ? taggedWith(query.tag) : undefined,
    query.productId ? linksProduct(query.productId) : undefined,
  )
  const { limit, offset } = pageWindow(query)
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ])
  return { items: rows.map(toSummary), total: count?.total ?? 0 }
}

/** One visible post, or undefined for a draft, a scheduled post or an unknown slug. */
export async function getVisiblePost(db: DbOrTx, slug: string, now: Date): Promise<JournalPost | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: blogPosts.content,
      metaDescription: blogPosts.metaDescription,
      updatedAt: blogPosts.updatedAt,
      viewCount: blogPosts.viewCount,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.slug, slug), visibleAt(now)))
  if (!row) return undefined
  const publishedAt = row.publishedAt ?? new Date(0)
  const [pieces, previous, next] = await Promise.all([
    linkedProducts(db, row.id),
    neighbour(db, now, 'previous', publishedAt, row.id),
    neighbour(db, now, 'next', publishedAt, row.id),
  ])
  return {
    ...toSummary(row),
    contentHtml: renderedArticle(row),
    metaDescription: row.metaDescription,
    updatedAt: row.updatedAt.toISOString(),
    viewCount: row.viewCount,
    products: pieces,
    previous,
    next,
  }
}

/** The pieces a post links to, in its order; drafts are never shown, sold pieces are (with their ribbon). */
export async function linkedProducts(db: DbOrTx, postId: number): Promise<JournalProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      imageUrl: sql<string | null>`${products.imageUrls}[1]`,
      status: products.status,
    })
    .from(blogPostProducts)
    .innerJoin(products, eq(products.id, blogPostProducts.productId))
    .where(and(eq(blogPostProducts.postId, postId), sql`${products.status} <> 'draft'`))
    .orderBy(asc(blogPostProducts.position))
  return rows.map((row) => ({
    ...row,
    status: row.status as JournalProduct['status'],
    sold: row.status === 'sold',
  }))
}

/** The visible post published just before (previous) or just after (next) the given moment. */
async function neighbour(
  db: DbOrTx,
  now: Date,
  which: 'previous' | 'next',
  publishedAt: Date,
  id: number,
): Promise<JournalPostLink | null> {
  const before = which === 'previous'
  const [row] = await db
    .select({ slug: blogPosts.slug, title: blogPosts.title })
    .from(blogPosts)
    .where(
      and(
        visibleAt(now),
        before
          ? or(
              lt(blogPosts.publishedAt, publishedAt),
              and(eq(blogPosts.publishedAt, publishedAt), lt(blogPosts.id, id)),
            )
          : or(
              gt(blogPosts.publishedAt, publishedAt),
              and(eq(blogPosts.publishedAt, publishedAt), gt(blogPosts.id, id)),
            ),
      ),
    )
    .orderBy(
      before ? desc(blogPosts.publishedAt) : asc(blogPosts.publishedAt),
      before ? desc(blogPosts.id) : asc(blogPosts.id),
    )
    .limit(1)
  return row ?? null
}

export interface SitemapEntry {
  path: string
  /** YYYY-MM-DD */
  lastmod?: string
}

const day = (date: Date) => date.toISOString().slice(0, 10)

const JournalSitemapEntriesRow = z.object({ tag: z.string() })

/**
 * The Journal's pages for a sitemap, from SQL: /journal, every visible post (dated by its last
 * change) and every tag that a visible post carries.
 */
export async function journalSitemapEntries(db: DbOrTx, now: Date): Promise<SitemapEntry[]> {
  const [posts, tags] = await Promise.all([
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(visibleAt(now))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)),
    queryRows(
      db,
      JournalSitemapEntriesRow,
      sql`select distinct tag from ${blogPosts}, jsonb_array_elements_text(${blogPosts.tags}) as tag
        where ${visibleAt(now)} order by tag`,
    ),
  ])
  if (posts.length === 0) return []
  const newest = new Date(Math.max(...posts.map((post) => post.updatedAt.getTime())))
  return [
    { path: '/journal', lastmod: day(newest) },
    ...posts.map((post) => ({ path: journalPath(post.slug), lastmod: day(post.updatedAt) })),
    ...tags.map(({ tag }) => ({ path: journalTagPath(tag) })),
  ]
}

export interface FeedEntry {
  id: number
  title: string
  slug: string
  summary: string
  contentHtml: string
  authorName: string | null
  publishedAt: Date
  updatedAt: Date
  category: string
  featuredImage: string | null
}

/** The newest visible posts, whole, for the Atom feed. */
export async function feedEntries(db: DbOrTx, now: Date, limit = 20): Promise<FeedEntry[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      authorName,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      category: blogPosts.category,
      featuredImage: blogPosts.featuredImage,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(visibleAt(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.excerpt ?? excerptOf(row.content),
    contentHtml: renderedArticle(row),
    authorName: row.authorName,
    publishedAt: row.publishedAt ?? row.updatedAt,
    updatedAt: row.updatedAt,
    category: row.category,
    featuredImage: row.featuredImage,
  }))
}

/** The soonest publication still to come, if any (the publication timer waits for it). */
export async function nextScheduledAt(db: DbOrTx, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${blogPosts.publishedAt})` })
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), gt(blogPosts.publishedAt, now)))
  return row?.at ? new Date(row.at) : undefined
}
