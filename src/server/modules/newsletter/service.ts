import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, like, sql } from 'drizzle-orm'
import type { Subscriber, SubscriberPage } from '../../../shared/newsletter/admin-contract'
import { NEWSLETTER_MESSAGES, type SubscriberListQuery } from '../../../shared/newsletter/schema'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow, toPage } from '../../db/paging'
import { notFound } from '../../errors'
import { campaigns } from '../campaigns/schema'
import { welcomeCode } from '../discounts/service'
import { enqueueMail } from '../mail/outbox'
import { newsletterConfirmationMail, newsletterWelcomeMail } from '../mail/templates/community-mails'
import { newsletters } from './schema'
import type { CampaignUnsubscribeTokens } from './unsubscribe-tokens'

export interface NewsletterMailContext {
  store: StoreInfo
  publicUrl: string
}

/** What unsubscribing reads: the campaigns' signed links beside the welcome e-mail's tokens. */
export interface UnsubscribeContext {
  tokens: CampaignUnsubscribeTokens
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`

export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/newsletter/confirm?token=${encodeURIComponent(token)}`

/** A confirmation link lost in a spam folder may be asked for again, but not more often than this. */
export const CONFIRMATION_RESEND_MINUTES = 10

// 24 random bytes: a link cannot be guessed; only its hash is stored.
const newToken = () => randomBytes(24).toString('base64url')

/**
 * Double opt-in: an address (already trimmed and lower-cased by the schema) new to the list is
 * kept unconfirmed and sent a confirmation link; one still unconfirmed is sent a fresh link, at
 * most every CONFIRMATION_RESEND_MINUTES; a confirmed one gets nothing. The caller answers all
 * three alike. Answers whether an e-mail was queued.
 */
export async function subscribe(
  db: Database,
  email: string,
  context: NewsletterMailContext,
): Promise<boolean> {
  const token = newToken()
  return db.transaction(async (tx) => {
    const sent = await tx
      .insert(newsletters)
      .values({ email, confirmTokenHash: hashToken(token), confirmationSentAt: sql`now()` })
      .onConflictDoUpdate({
        target: newsletters.email,
        set: { confirmTokenHash: hashToken(token), confirmationSentAt: sql`now()` },
        setWhere: sql`${newsletters.confirmedAt} is null and (${newsletters.confirmationSentAt} is null
          or ${newsletters.confirmationSentAt} < now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES}))`,
      })
      .returning({ id: newsletters.id })
    if (sent.length === 0) return false
    await enqueueMail(
      tx,
      newsletterConfirmationMail(email, confirmUrl(context.publicUrl, token), context.store),
    )
    return true
  })
}

/**
 * The confirmation link's page sends this: the address becomes a subscriber and is welcomed, with
 * its unsubscribe link. Confirming twice is harmless (and welcomes once). Answers whether an
 * e-mail was queued.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  context: NewsletterMailContext,
): Promise<boolean> {
  const unsubscribeToken = newToken()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: newsletters.id, email: newsletters.email, confirmedAt: newsletters.confirmedAt })
      .from(newsletters)
      .where(eq(newsletters.confirmTokenHash, hashToken(token)))
      .for('update')
    if (!row) throw notFound(NEWSLETTER_MESSAGES.badConfirmToken)
    if (row.confirmedAt) return false
    await tx
      .update(newsletters)
      .set({ confirmedAt: sql`now()`, unsubscribeTokenHash: hashToken(unsubscribeToken) })
      .where(eq(newsletters.id, row.id))
    const code = await welcomeCode(tx)
    await enqueueMail(
      tx,
      newsletterWelcomeMail(
        row.email,
        unsubscribeUrl(context.publicUrl, unsubscribeToken),
        context.store,
        code && { code: code.code, kind: code.kind, value: code.value, minSubtotal: code.minSubtotal },
      ),
    )
    return true
  })
}

/** RFC 8058's address for a campaign's List-Unsubscribe: a mail program POSTs to it. */
export const oneClickUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/newsletter/one-click-unsubscribe?token=${encodeURIComponent(token)}`

/**
 * Takes the address of the token off the list: the welcome e-mail's random token, or a campaign's
 * signed link (which also counts the reader as unsubscribed by that campaign). A token is good
 * once: the address's row is gone after it, and a new subscription is a new row.
 */
export async function unsubscribe(
  db: Database,
  token: string,
  context?: UnsubscribeContext,
): Promise<{ email: string }> {
  const signed = context?.tokens.open(token)
  if (!signed) {
    const [row] = await db
      .delete(newsletters)
      .where(eq(newsletters.unsubscribeTokenHash, hashToken(token)))
      .returning({ email: newsletters.email })
    if (!row) throw notFound(NEWSLETTER_MESSAGES.badToken)
    return row
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(newsletters)
      .where(eq(newsletters.id, signed.subscriberId))
      .returning({ email: newsletters.email })
    if (!row) throw notFound(NEWSLETTER_MESSAGES.badToken)
    await tx
      .update(campaigns)
      .set({ unsubscribed: sql`${campaigns.unsubscribed} + 1` })
      .where(eq(campaigns.id, signed.campaignId))
    return row
  })
}

const isConfirmed = sql`${newsletters.confirmedAt} is not null`

/**
 * The Subscribers screen: every address, newest first, searched by address (stored lower-cased),
 * one page at a time; those awaiting confirmation are listed and marked, and only the confirmed
 * count as subscribers.
 */
export async function listSubscribers(db: DbOrTx, query: SubscriberListQuery): Promise<SubscriberPage> {
  const where = query.search
    ? like(newsletters.email, containsPattern(query.search.toLowerCase()))
    : undefined
  const { limit, offset } = pageWindow(query)
  const rows = await db
    .select({
      id: newsletters.id,
      email: newsletters.email,
      createdAt: newsletters.createdAt,
      confirmed: isConfirmed.mapWith(Boolean),
      bounceCount: newsletters.bounceCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      subscribers: sql<number>`count(*) filter (where ${isConfirmed}) over ()`.mapWith(Number),
    })
    .from(newsletters)
    .where(where)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(limit)
    .offset(offset)
  const page = await toPage(
    rows,
    (row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      confirmed: row.confirmed,
      bouncing: row.bounceCount > 0,
    }),
    async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletters).where(where)
      return row?.n ?? 0
    },
  )
  const subscribers =
    rows[0]?.subscribers ??
    (await db.select({ n: sql<number>`count(*)::int` }).from(newsletters).where(and(where, isConfirmed)))[0]
      ?.n ??
    0
  return { ...page, subscribers }
}

/**
 * Every confirmed address of the filter, for Copy All Emails and the CSV export (not paged: it is
 * the list). An address awaiting confirmation is nobody's to write to yet.
 */
export async function allSubscriberEmails(db: DbOrTx, search?: string): Promise<Subscriber[]> {
  const rows = await db
    .select({
      id: newsletters.id,
      email: newsletters.email,
      createdAt: newsletters.createdAt,
      bounceCount: newsletters.bounceCount,
    })
    .from(newsletters)
    .where(
      and(isConfirmed, search ? like(newsletters.email, containsPattern(search.toLowerCase())) : undefined),
    )
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
  return rows.map(({ bounceCount, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    confirmed: true,
    bouncing: bounceCount > 0,
  }))
}

/** The dashboard's subscribers card: confirmed addresses only. */
export async function subscriberSummary(db: DbOrTx): Promise<{ subscribers: number }> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletters).where(isConfirmed)
  return { subscribers: row?.n ?? 0 }
}
