import { createHash, randomBytes } from 'node:crypto'
import { eq, isNotNull, sql } from 'drizzle-orm'
import { PRODUCT_CATEGORIES } from '../../../shared/catalog/rules'
import type { WaitingCounts } from '../../../shared/piece-alerts/admin-contract'
import { PIECE_ALERT_MESSAGES } from '../../../shared/piece-alerts/messages'
import type { PieceAlertAnswer } from '../../../shared/piece-alerts/schema'
import type { StoreInfo } from '../../../shared/ssr'
import type { Database, DbOrTx } from '../../db/client'
import { conflict, invalid, notFound } from '../../errors'
import { products } from '../catalog/schema'
import { enqueueMail } from '../mail/outbox'
import { pieceAlertConfirmationMail } from '../mail/templates/piece-alert-mails'
import { CONFIRMATION_RESEND_MINUTES } from '../newsletter/service'
import { pieceAlerts } from './schema'
import type { UnsubscribeTokens } from './unsubscribe-tokens'

// "Tell me when a similar piece arrives" (issue 25). A shopper on a sold or reserved piece leaves
// an address; it waits for the next piece of the same category (job.ts e-mails it). The same
// limits as the newsletter: double opt-in, the same answer whoever the address belongs to, a
// fresh confirmation link at most every CONFIRMATION_RESEND_MINUTES, and the routes' rate limit.

export interface PieceAlertContext {
  store: StoreInfo
  publicUrl: string
  tokens: UnsubscribeTokens
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
// 24 random bytes: a link cannot be guessed; only its hash is stored.
const newToken = () => randomBytes(24).toString('base64url')
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '')

export const confirmUrl = (publicUrl: string, token: string) =>
  `${base(publicUrl)}/alerts/confirm?token=${encodeURIComponent(token)}`
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${base(publicUrl)}/alerts/unsubscribe?token=${encodeURIComponent(token)}`
/** What List-Unsubscribe names: a mail program POSTs `List-Unsubscribe=One-Click` to it (RFC 8058). */
export const oneClickUrl = (publicUrl: string, token: string) =>
  `${base(publicUrl)}/api/alerts/one-click-unsubscribe?token=${encodeURIComponent(token)}`

export interface AlertRequest {
  productId: number
  /** As typed (lower-cased), or undefined. */
  email: string | undefined
  /** The signed-in shopper, if any. */
  user: { id: number; email: string | null } | undefined
}

/**
 * A request from a piece's page. The piece must be public and not on sale (sold or reserved).
 *
 * A signed-in shopper who leaves the address out (or types their account's own) is put on the list
 * at once: the address is the one the account was opened with, the one the shop already writes to
 * for its orders and password resets, and the wish is tied to the account (deleting the account
 * deletes it). The shop has no e-mail verification, so this trusts an account's address exactly as
 * far as the rest of the shop does; a stranger's address typed by someone else, signed in or not,
 * always goes through the confirmation link.
 *
 * Answers what to tell the shopper and whether an e-mail was queued.
 */
export async function askForAlerts(
  db: Database,
  request: AlertRequest,
  context: PieceAlertContext,
): Promise<{ answer: PieceAlertAnswer; queued: boolean }> {
  const [piece] = await db
    .select({ name: products.name, category: products.category, status: products.status })
    .from(products)
    .where(eq(products.id, request.productId))
  if (!piece || piece.status === 'draft') throw notFound(PIECE_ALERT_MESSAGES.notFound)
  if (piece.status === 'available') throw conflict(PIECE_ALERT_MESSAGES.available)
  const category = piece.category.toLowerCase()
  const { user } = request
  const own = user?.email && (!request.email || request.email === user.email.toLowerCase())
  if (user?.email && own) {
    const email = user.email.toLowerCase()
    await db
      .insert(pieceAlerts)
      .values({ email, category, productId: request.productId, userId: user.id, confirmedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [pieceAlerts.email, pieceAlerts.category],
        set: {
          productId: request.productId,
          userId: user.id,
          confirmedAt: sql`coalesce(${pieceAlerts.confirmedAt}, now())`,
          requestedAt: sql`now()`,
        },
      })
    return {
      answer: { message: PIECE_ALERT_MESSAGES.waiting(email, category), waiting: true },
      queued: false,
    }
  }
  if (!request.email) throw invalid(PIECE_ALERT_MESSAGES.empty, 'email')
  const email = request.email
  const token = newToken()
  const queued = await db.transaction(async (tx) => {
    // New: kept unconfirmed and sent a link. Unconfirmed, or confirmed (a link renews the year it
    // is kept): a fresh link, at most every CONFIRMATION_RESEND_MINUTES. The answer is the same.
    const sent = await tx
      .insert(pieceAlerts)
      .values({
        email,
        category,
        productId: request.productId,
        confirmTokenHash: hashToken(token),
        confirmationSentAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [pieceAlerts.email, pieceAlerts.category],
        set: { confirmTokenHash: hashToken(token), confirmationSentAt: sql`now()` },
        setWhere: sql`${pieceAlerts.confirmationSentAt} is null
          or ${pieceAlerts.confirmationSentAt} < now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`,
      })
      .returning({ id: pieceAlerts.id })
    if (sent.length === 0) return false
    await enqueueMail(
      tx,
      pieceAlertConfirmationMail(
        email,
        confirmUrl(context.publicUrl, token),
        { category, pieceName: piece.name },
        context.store,
      ),
    )
    return true
  })
  return { answer: { message: PIECE_ALERT_MESSAGES.asked, waiting: false }, queued }
}

/**
 * The confirmation link's page sends this: the address waits for the category from now on (or, if
 * it already did, for another year). Clicking twice is harmless.
 */
export async function confirmAlert(db: DbOrTx, token: string): Promise<void> {
  const [row] = await db
    .update(pieceAlerts)
    .set({ confirmedAt: sql`coalesce(${pieceAlerts.confirmedAt}, now())`, requestedAt: sql`now()` })
    .where(eq(pieceAlerts.confirmTokenHash, hashToken(token)))
    .returning({ id: pieceAlerts.id })
  if (!row) throw notFound(PIECE_ALERT_MESSAGES.badConfirmToken)
}

/**
 * The unsubscribe link of an alert e-mail: the address stops waiting, for every category (someone
 * who says stop means it). A link signed here whose wish is already gone is answered alike: mail
 * programs may POST it more than once.
 */
export async function unsubscribe(db: DbOrTx, tokens: UnsubscribeTokens, token: string): Promise<number> {
  const alertId = tokens.alertOf(token)
  if (alertId === undefined) throw notFound(PIECE_ALERT_MESSAGES.badToken)
  const removed = await db.execute(
    sql`delete from piece_alerts where email = (select email from piece_alerts where id = ${alertId})`,
  )
  const result = removed as { rowCount?: number; affectedRows?: number }
  return Number(result.rowCount ?? result.affectedRows ?? 0)
}

/** The back office's counts: confirmed addresses waiting, per category and in all. */
export async function waitingCounts(db: DbOrTx): Promise<WaitingCounts> {
  const waiting = isNotNull(pieceAlerts.confirmedAt)
  const rows = await db
    .select({ category: pieceAlerts.category, waiting: sql<number>`count(*)::int` })
    .from(pieceAlerts)
    .where(waiting)
    .groupBy(pieceAlerts.category)
  const [people] = await db
    .select({ n: sql<number>`count(distinct ${pieceAlerts.email})::int` })
    .from(pieceAlerts)
    .where(waiting)
  const counts = new Map<string, number>(PRODUCT_CATEGORIES.map((category) => [category, 0]))
  for (const row of rows) counts.set(row.category, row.waiting)
  return {
    categories: [...counts].map(([category, n]) => ({ category, waiting: n })),
    people: people?.n ?? 0,
  }
}
