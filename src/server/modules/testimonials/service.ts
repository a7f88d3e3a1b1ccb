import { and, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  TESTIMONIAL_MESSAGES,
  type Testimonial,
  type TestimonialListQuery,
  type TestimonialPage,
  type testimonialSchema,
} from '../../../shared/testimonials/schema'
import type { Database, DbOrTx } from '../../db/client'
import { pageWindow } from '../../db/paging'
import { invalid, notFound } from '../../errors'
import { products } from '../catalog/schema'
import type { FileStore } from '../media/file-store'
import { type ImageCleanupLog, removeUnusedImages } from '../media/unused-images'
import { testimonials } from './schema'

const columns = {
  id: testimonials.id,
  customerName: testimonials.customerName,
  content: testimonials.content,
  rating: testimonials.rating,
  productId: testimonials.productId,
  productName: products.name,
  imageUrl: testimonials.imageUrl,
  approved: testimonials.approved,
  createdAt: testimonials.createdAt,
}

type Row = { createdAt: Date } & Omit<Testimonial, 'createdAt'>
const toTestimonial = (row: Row): Testimonial => ({ ...row, createdAt: row.createdAt.toISOString() })

/** What shoppers see: approved reviews only, newest first; of one piece when productId is given. */
export async function listApproved(db: DbOrTx, productId?: number): Promise<Testimonial[]> {
  const rows = await db
    .select(columns)
    .from(testimonials)
    .leftJoin(products, eq(products.id, testimonials.productId))
    .where(
      and(eq(testimonials.approved, true), productId ? eq(testimonials.productId, productId) : undefined),
    )
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
  return rows.map(toTestimonial)
}

/** Stored unapproved: nothing a visitor sends is public before the owner has read it. */
export async function createTestimonial(
  db: DbOrTx,
  input: z.output<typeof testimonialSchema>,
): Promise<Testimonial> {
  if (input.productId !== null) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), sql`${products.status} <> 'draft'`))
    if (!product) throw invalid(TESTIMONIAL_MESSAGES.productMissing, 'productId')
  }
  const [row] = await db
    .insert(testimonials)
    .values({ ...input, approved: false })
    .returning({ id: testimonials.id })
  const [created] = await db
    .select(columns)
    .from(testimonials)
    .leftJoin(products, eq(products.id, testimonials.productId))
    .where(eq(testimonials.id, row!.id))
  return toTestimonial(created!)
}

/** The moderation screen: one tab's page, newest first, with every tab's count. */
export async function listForModeration(db: DbOrTx, query: TestimonialListQuery): Promise<TestimonialPage> {
  const tab = query.status === 'all' ? undefined : eq(testimonials.approved, query.status === 'approved')
  const { limit, offset } = pageWindow(query)
  const [rows, [counts]] = await Promise.all([
    db
      .select(columns)
      .from(testimonials)
      .leftJoin(products, eq(products.id, testimonials.productId))
      .where(tab)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        all: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where not ${testimonials.approved}))::int`,
        approved: sql<number>`(count(*) filter (where ${testimonials.approved}))::int`,
      })
      .from(testimonials),
  ])
  const tabCounts = { all: counts?.all ?? 0, pending: counts?.pending ?? 0, approved: counts?.approved ?? 0 }
  return { items: rows.map(toTestimonial), total: tabCounts[query.status], counts: tabCounts }
}

export async function approveTestimonial(db: DbOrTx, id: number): Promise<void> {
  const updated = await db
    .update(testimonials)
    .set({ approved: true })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id })
  if (updated.length === 0) throw notFound('Testimonial not found')
}

/** Deletes a review and, once nothing else shows it, its stored photo. */
export async function deleteTestimonial(
  db: Database,
  files: FileStore,
  id: number,
  log?: ImageCleanupLog,
): Promise<void> {
  const [row] = await db
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ imageUrl: testimonials.imageUrl })
  if (!row) throw notFound('Testimonial not found')
  if (row.imageUrl) await removeUnusedImages(db, files, [row.imageUrl], log)
}
