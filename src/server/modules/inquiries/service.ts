import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { inquirySchema } from '../../../shared/inquiries'
import {
  HONEYPOT_FIELD,
  type Inquiry,
  type InquiryListQuery,
  type InquiryPage,
} from '../../../shared/inquiries'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { inquiries } from '../../db/schema'
import { notFound } from '../../errors'
import { enqueueMails } from '../mail/outbox'
import { inquiryAcknowledgementMail, inquiryNoticeMail } from '../mail/templates/community-mails'

export interface InquiryMailContext {
  store: StoreInfo
  publicUrl: string
}

/**
 * Stores a contact-form message unread and queues, in the same transaction, the shop's notice
 * (Reply-To the sender) and the sender's acknowledgement. A message whose honeypot field is filled
 * came from a bot: it is dropped, and the caller answers as if it had been stored.
 * Answers whether anything was stored.
 */
export async function createInquiry(
  db: Database,
  input: z.output<typeof inquirySchema>,
  context: InquiryMailContext,
): Promise<boolean> {
  if (input[HONEYPOT_FIELD]?.trim()) return false
  const { name, email, subject, message } = input
  await db.transaction(async (tx) => {
    await tx.insert(inquiries).values({ name, email, subject, message })
    const mail = { name, email, subject, message }
    await enqueueMails(tx, [
      inquiryNoticeMail(mail, context.store, context.publicUrl),
      inquiryAcknowledgementMail(mail, context.store),
    ])
  })
  return true
}

const toInquiry = (row: typeof inquiries.$inferSelect): Inquiry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** The inbox: one page of a tab, newest first, and every tab's count for the same search. */
export async function listInquiries(db: DbOrTx, query: InquiryListQuery): Promise<InquiryPage> {
  const search: SQL | undefined = query.search
    ? or(
        ilike(inquiries.name, containsPattern(query.search)),
        ilike(inquiries.email, containsPattern(query.search)),
        ilike(inquiries.subject, containsPattern(query.search)),
      )
    : undefined
  const tab = query.status === 'all' ? undefined : eq(inquiries.read, query.status === 'read')
  const { limit, offset } = pageWindow(query)
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(and(search, tab))
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        all: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where not ${inquiries.read}))::int`,
        read: sql<number>`(count(*) filter (where ${inquiries.read}))::int`,
      })
      .from(inquiries)
      .where(search),
  ])
  const tabCounts = { all: counts?.all ?? 0, unread: counts?.unread ?? 0, read: counts?.read ?? 0 }
  return { items: rows.map(toInquiry), total: tabCounts[query.status], counts: tabCounts }
}

export async function markInquiryRead(db: DbOrTx, id: number): Promise<Inquiry> {
  const [row] = await db.update(inquiries).set({ read: true }).where(eq(inquiries.id, id)).returning()
  if (!row) throw notFound('Inquiry not found')
  return toInquiry(row)
}

export async function deleteInquiry(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db.delete(inquiries).where(eq(inquiries.id, id)).returning({ id: inquiries.id })
  if (deleted.length === 0) throw notFound('Inquiry not found')
}

/** The dashboard's inquiries card: how many, and how many nobody has opened yet. */
export async function inquirySummary(db: DbOrTx): Promise<{ inquiries: number; unread: number }> {
  const [row] = await db
    .select({
      inquiries: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${inquiries.read}))::int`,
    })
    .from(inquiries)
  return { inquiries: row?.inquiries ?? 0, unread: row?.unread ?? 0 }
}
