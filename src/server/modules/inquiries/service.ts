import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Inquiry, InquiryPage } from '../../../shared/inquiries/admin-contract'
import type { inquirySchema } from '../../../shared/inquiries/schema'
import { HONEYPOT_FIELD, type InquiryListQuery } from '../../../shared/inquiries/schema'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { queryRows, sqlType } from '../../db/query-rows'
import { notFound } from '../../errors'
import { enqueueMails } from '../mail/outbox'
import { inquiryAcknowledgementMail, inquiryNoticeMail } from '../mail/templates/community-mails'
import { inquiries } from './schema'

export interface InquiryMailContext {
  store: StoreInfo
  publicUrl: string
}

/**
 * Stores a contact-form message unread and queues, in the same transaction, the shop's notice
 * (Reply-To the sender) and the sender's acknowledgement (a fixed thank-you). A message whose honeypot field is filled
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
      inquiryAcknowledgementMail(email, context.store),
    ])
  })
  return true
}

const toInquiry = ({ searchText: _search, ...row }: typeof inquiries.$inferSelect): Inquiry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

// A row of the inbox's statement: an inquiry of the page with the counts, or only the counts when
// the page is empty (the left joins find no inquiry: every column of it is null).
const InboxCounts = { all_count: z.number().int(), unread_count: z.number().int() }
const InboxRow = z.union([
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    read: z.boolean(),
    created_at: sqlType.timestamp,
    ...InboxCounts,
  }),
  z.object({ id: z.null(), ...InboxCounts }),
])

/**
 * The inbox: one page of a tab, newest first, and every tab's count for the same search, in one
 * statement that scans the table once: the matches' (id, read, created_at) are counted and ordered
 * in memory, and only the page's 50 rows are read whole.
 */
export async function listInquiries(db: DbOrTx, query: InquiryListQuery): Promise<InquiryPage> {
  // search_text is name, e-mail and subject, lower-cased when the row was written (schema.ts).
  const search = query.search
    ? sql`where search_text like ${containsPattern(query.search.toLowerCase())}`
    : sql``
  const tab = query.status === 'all' ? sql`true` : sql`read = ${query.status === 'read'}`
  const { limit, offset } = pageWindow(query)
  const rows = await queryRows(
    db,
    InboxRow,
    sql`with matched as materialized (
          select id, read, created_at from inquiries ${search}
        ),
        counts as (
          select count(*)::int as all_count, (count(*) filter (where not read))::int as unread_count
          from matched
        ),
        page as (
          select id from matched where ${tab} order by created_at desc, id desc limit ${limit} offset ${offset}
        )
        select i.id, i.name, i.email, i.subject, i.message, i.read, i.created_at, c.all_count, c.unread_count
        from counts c
        left join page p on true
        left join inquiries i on i.id = p.id
        order by i.created_at desc nulls last, i.id desc`,
  )
  const all = Number(rows[0]?.all_count ?? 0)
  const unread = Number(rows[0]?.unread_count ?? 0)
  const counts = { all, unread, read: all - unread }
  const items = rows.flatMap((row): Inquiry[] =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            email: row.email,
            subject: row.subject,
            message: row.message,
            read: row.read,
            createdAt: new Date(row.created_at).toISOString(),
          },
        ],
  )
  return { items, total: counts[query.status], counts }
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
