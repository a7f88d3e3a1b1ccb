import { createHash, randomBytes } from 'node:crypto'
import { desc, eq, like, sql } from 'drizzle-orm'
import type { Page } from '../../../shared/admin-list'
import { NEWSLETTER_MESSAGES, type Subscriber, type SubscriberListQuery } from '../../../shared/newsletter'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow, toPage } from '../../db/paging'
import { newsletters } from '../../db/schema'
import { notFound } from '../../errors'
import { enqueueMail } from '../mail/outbox'
import { newsletterWelcomeMail } from '../mail/templates/community-mails'

export interface NewsletterMailContext {
  store: StoreInfo
  publicUrl: string
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`

/**
 * Puts an address (already trimmed and lower-cased by the schema) on the list once. A new
 * subscription gets its unsubscribe token and a welcome e-mail carrying it, in one transaction;
 * subscribing again adds nothing and sends nothing. Answers whether the address is new.
 */
export async function subscribe(
  db: Database,
  email: string,
  context: NewsletterMailContext,
): Promise<boolean> {
  // 24 random bytes: the link cannot be guessed; only its hash is stored.
  const token = randomBytes(24).toString('base64url')
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsletters)
      .values({ email, unsubscribeTokenHash: hashToken(token) })
      .onConflictDoNothing({ target: newsletters.email })
      .returning({ id: newsletters.id })
    if (inserted.length === 0) return false
    await enqueueMail(
      tx,
      newsletterWelcomeMail(email, unsubscribeUrl(context.publicUrl, token), context.store),
    )
    return true
  })
}

/** Takes the address of the token off the list; a token is good once. */
export async function unsubscribe(db: DbOrTx, token: string): Promise<{ email: string }> {
  const [row] = await db
    .delete(newsletters)
    .where(eq(newsletters.unsubscribeTokenHash, hashToken(token)))
    .returning({ email: newsletters.email })
  if (!row) throw notFound(NEWSLETTER_MESSAGES.badToken)
  return row
}

/** The Subscribers screen: newest first, searched by address (stored lower-cased), one page at a time. */
export async function listSubscribers(db: DbOrTx, query: SubscriberListQuery): Promise<Page<Subscriber>> {
  const where = query.search
    ? like(newsletters.email, containsPattern(query.search.toLowerCase()))
    : undefined
  const { limit, offset } = pageWindow(query)
  const rows = await db
    .select({
      id: newsletters.id,
      email: newsletters.email,
      createdAt: newsletters.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(newsletters)
    .where(where)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(limit)
    .offset(offset)
  return toPage(
    rows,
    (row) => ({ id: row.id, email: row.email, createdAt: row.createdAt.toISOString() }),
    async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletters).where(where)
      return row?.n ?? 0
    },
  )
}

/** Every address of the filter, for Copy All Emails and the CSV export (not paged: it is the list). */
export async function allSubscriberEmails(db: DbOrTx, search?: string): Promise<Subscriber[]> {
  const rows = await db
    .select({ id: newsletters.id, email: newsletters.email, createdAt: newsletters.createdAt })
    .from(newsletters)
    .where(search ? like(newsletters.email, containsPattern(search.toLowerCase())) : undefined)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

/** The dashboard's subscribers card. */
export async function subscriberSummary(db: DbOrTx): Promise<{ subscribers: number }> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletters)
  return { subscribers: row?.n ?? 0 }
}
