import { and, asc, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm'
import type {
  AdminPost,
  AdminPostListItem,
  AdminPostPage,
  JournalSummary,
} from '../../../shared/journal/admin-contract'
import { linkedProductIds } from '../../../shared/journal/markdown'
import { JOURNAL_MESSAGES, readingMinutes, slugify } from '../../../shared/journal/rules'
import type { AdminPostListQuery, PostData } from '../../../shared/journal/schema'
import type { Database, DbOrTx, Tx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, notFound } from '../../errors'
import { users } from '../accounts/schema'
import { products } from '../catalog/schema'
import type { FileStore } from '../media/file-store'
import { type ImageCleanupLog, removeUnusedImages } from '../media/unused-images'
import { blogPostProducts, blogPosts } from './schema'
import { authorName } from './service'

// The back office's Journal: the owner's list and editor. Every write is one transaction (the
// post and the pieces it links land together); the admin scope announces the change to every
// instance's caches once it has answered (app.ts).

export interface JournalWriteContext {
  /** Hosts whose absolute /product/{id} links count as the shop's own (PUBLIC_URL's). */
  ownHosts: readonly string[]
  now: Date
}

const listColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  category: blogPosts.category,
  excerpt: blogPosts.excerpt,
  featuredImage: blogPosts.featuredImage,
  authorId: blogPosts.authorId,
  byline: blogPosts.byline,
  authorName,
  published: blogPosts.published,
  publishedAt: blogPosts.publishedAt,
  tags: blogPosts.tags,
  metaDescription: blogPosts.metaDescription,
  readingTime: blogPosts.readingTime,
  viewCount: blogPosts.viewCount,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
}

type ListRow = {
  [K in keyof typeof listColumns]: K extends 'authorName'
    ? string | null
    : (typeof blogPosts.$inferSelect)[Exclude<K, 'authorName'> & keyof typeof blogPosts.$inferSelect]
}

function toListItem(row: ListRow, now: Date): AdminPostListItem {
  const scheduled = row.published && row.publishedAt !== null && row.publishedAt > now
  return {
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    state: !row.published ? 'draft' : scheduled ? 'scheduled' : 'published',
    readingTime: row.readingTime ?? 1,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const TAB_WHERE = {
  all: () => sql`true`,
  published: (now: Date) => sql`(${blogPosts.published} and ${blogPosts.publishedAt} <= ${now})`,
  scheduled: (now: Date) => sql`(${blogPosts.published} and ${blogPosts.publishedAt} > ${now})`,
  drafts: () => sql`not ${blogPosts.published}`,
}

const SORTS = {
  'updated-desc': [desc(blogPosts.updatedAt), desc(blogPosts.id)],
  'updated-asc': [asc(blogPosts.updatedAt), asc(blogPosts.id)],
  // Drafts have no date: they sort after the dated posts either way.
  'published-desc': [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id)],
  'published-asc': [sql`${blogPosts.publishedAt} asc nulls last`, asc(blogPosts.id)],
  'title-asc': [sql`lower(${blogPosts.title})`, asc(blogPosts.id)],
  'title-desc': [sql`lower(${blogPosts.title}) desc`, desc(blogPosts.id)],
  'views-desc': [desc(blogPosts.viewCount), desc(blogPosts.id)],
  'views-asc': [asc(blogPosts.viewCount), asc(blogPosts.id)],
} satisfies Record<AdminPostListQuery['sort'], unknown[]>

/** One tab's page, searched in titles, with every tab's count for the same search. */
export async function listAdminPosts(
  db: DbOrTx,
  query: AdminPostListQuery,
  now: Date,
): Promise<AdminPostPage> {
  const search = query.search
    ? sql`lower(${blogPosts.title}) like ${containsPattern(query.search.toLowerCase())}`
    : sql`true`
  const { limit, offset } = pageWindow(query)
  const [rows, [counts], categories] = await Promise.all([
    db
      .select(listColumns)
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(and(search, TAB_WHERE[query.status](now)))
      .orderBy(...SORTS[query.sort])
      .limit(limit)
      .offset(offset),
    db
      .select({
        all: sql<number>`count(*)::int`,
        published: sql<number>`(count(*) filter (where ${TAB_WHERE.published(now)}))::int`,
        scheduled: sql<number>`(count(*) filter (where ${TAB_WHERE.scheduled(now)}))::int`,
        drafts: sql<number>`(count(*) filter (where ${TAB_WHERE.drafts()}))::int`,
      })
      .from(blogPosts)
      .where(search),
    db.selectDistinct({ category: blogPosts.category }).from(blogPosts).orderBy(asc(blogPosts.category)),
  ])
  const tabCounts = {
    all: counts?.all ?? 0,
    published: counts?.published ?? 0,
    scheduled: counts?.scheduled ?? 0,
    drafts: counts?.drafts ?? 0,
  }
  return {
    items: rows.map((row) => toListItem(row as ListRow, now)),
    total: tabCounts[query.status],
    counts: tabCounts,
    categories: categories.map((row) => row.category),
  }
}

export async function getAdminPost(db: DbOrTx, id: number, now: Date): Promise<AdminPost> {
  const [row] = await db
    .select({ ...listColumns, content: blogPosts.content })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(eq(blogPosts.id, id))
  if (!row) throw notFound(JOURNAL_MESSAGES.notFound)
  return { ...toListItem(row as ListRow, now), content: row.content }
}

/** The stored columns of a post from the editor's fields. */
function postValues(data: PostData, now: Date) {
  return {
    title: data.title,
    content: data.content,
    category: data.category,
    excerpt: data.excerpt,
    byline: data.byline,
    featuredImage: data.featuredImage,
    published: data.published,
    // Published without a time means now; a draft keeps the time it was given (a schedule to come back to).
    publishedAt: data.published ? (data.publishedAt ?? now) : data.publishedAt,
    tags: data.tags,
    metaDescription: data.metaDescription,
    readingTime: readingMinutes(data.content),
  }
}

/** Replaces the pieces a post links to with those its text names now (unknown ids are ignored). */
async function saveProductLinks(tx: Tx, postId: number, content: string, ownHosts: readonly string[]) {
  await tx.delete(blogPostProducts).where(eq(blogPostProducts.postId, postId))
  const ids = linkedProductIds(content, ownHosts).slice(0, 50)
  if (ids.length === 0) return
  const existing = new Set(
    (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map(
      (row) => row.id,
    ),
  )
  const links = ids
    .filter((id) => existing.has(id))
    .map((productId, position) => ({ postId, productId, position }))
  if (links.length > 0) await tx.insert(blogPostProducts).values(links)
}

/**
 * A free slug made from the title: the title's own slug, else the same with -2, -3… The check is
 * a hint: the unique index decides, and a clash with a post saved meanwhile tries the next one.
 */
async function freeSlug(db: DbOrTx, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title) || 'post'
  const taken = new Set(
    (
      await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(
          and(
            or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)),
            exceptId ? ne(blogPosts.id, exceptId) : undefined,
          ),
        )
    ).map((row) => row.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, 110)}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}

/**
 * Runs a write that stores `slug`; a taken slug the owner chose is a 409 on the slug field, one
 * the server chose is replaced by the next free one (a post saved meanwhile took it).
 */
async function withSlug<T>(
  db: Database,
  data: PostData,
  exceptId: number | undefined,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = data.slug ?? (await freeSlug(db, data.title, exceptId))
    try {
      return await write(slug)
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      if (data.slug) throw conflict(JOURNAL_MESSAGES.slugTaken, 'slug')
    }
  }
  throw conflict(JOURNAL_MESSAGES.slugTaken, 'slug')
}

export async function createPost(
  db: Database,
  data: PostData,
  authorId: number,
  context: JournalWriteContext,
): Promise<AdminPost> {
  const id = await withSlug(db, data, undefined, (slug) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({
          ...postValues(data, context.now),
          slug,
          authorId,
          createdAt: context.now,
          updatedAt: context.now,
        })
        .returning({ id: blogPosts.id })
      await saveProductLinks(tx, row!.id, data.content, context.ownHosts)
      return row!.id
    }),
  )
  return getAdminPost(db, id, context.now)
}

/**
 * Saves the whole post. A slug left empty keeps the post's current one (its address does not
 * change under readers' bookmarks because the title was edited). The featured image it no longer
 * shows is deleted once nothing else uses it.
 */
export async function updatePost(
  db: Database,
  files: FileStore,
  id: number,
  data: PostData,
  context: JournalWriteContext,
  log?: ImageCleanupLog,
): Promise<AdminPost> {
  const [previous] = await db
    .select({ slug: blogPosts.slug, featuredImage: blogPosts.featuredImage })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
  if (!previous) throw notFound(JOURNAL_MESSAGES.notFound)
  await withSlug(db, { ...data, slug: data.slug ?? previous.slug }, id, (slug) =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(blogPosts)
        .set({ ...postValues(data, context.now), slug, updatedAt: context.now })
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id })
      if (updated.length === 0) throw notFound(JOURNAL_MESSAGES.notFound)
      await saveProductLinks(tx, id, data.content, context.ownHosts)
    }),
  )
  if (previous.featuredImage && previous.featuredImage !== data.featuredImage) {
    await removeUnusedImages(db, files, [previous.featuredImage], log)
  }
  return getAdminPost(db, id, context.now)
}

export async function deletePost(db: Database, files: FileStore, id: number, log?: ImageCleanupLog) {
  const [row] = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ featuredImage: blogPosts.featuredImage })
  if (!row) throw notFound(JOURNAL_MESSAGES.notFound)
  if (row.featuredImage) await removeUnusedImages(db, files, [row.featuredImage], log)
}

/** The dashboard's Journal card. */
export async function journalSummary(db: DbOrTx, now: Date): Promise<JournalSummary> {
  const [row] = await db
    .select({
      posts: sql<number>`count(*)::int`,
      published: sql<number>`(count(*) filter (where ${TAB_WHERE.published(now)}))::int`,
      scheduled: sql<number>`(count(*) filter (where ${TAB_WHERE.scheduled(now)}))::int`,
      drafts: sql<number>`(count(*) filter (where ${TAB_WHERE.drafts()}))::int`,
    })
    .from(blogPosts)
  return {
    posts: row?.posts ?? 0,
    published: row?.published ?? 0,
    scheduled: row?.scheduled ?? 0,
    drafts: row?.drafts ?? 0,
  }
}
