import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { ListQuery, Page } from '../../../shared/admin/list'
import {
  type AdminGiftCardPurchase,
  ENDED_PURCHASE_STATUSES,
  type GiftCardPurchaseAnswer,
  type GiftCardPurchaseForm,
  type GiftCardPurchaseStatus,
  MAX_DELIVERY_DAYS_AHEAD,
  GIFT_CARD_PURCHASE_MESSAGES as MESSAGES,
  type PurchaseListStatus,
  zelleMemo,
  zelleRecordable,
} from '../../../shared/gift-cards/purchase'
import { addDays } from '../../../shared/shop-dates/calendar'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { conflict, DomainError, invalid, notFound } from '../../errors'
import type { MailLinks } from '../accounts/security-notices'
import { enqueueMail } from '../mail/outbox'
import { giftCardReceiptMail, giftCardZelleMail } from '../mail/templates/gift-card-receipt-mail'
import type { PaymentProvider } from '../payments/provider'
import { drawLast4, undeliveredHash } from './codes'
import { deliverPurchase } from './delivery'
import { type LedgerActor, NO_ACTOR, writeTransaction } from './ledger'
import { giftCardPurchases, giftCards } from './schema'

// Buying a gift card on the storefront (issue 36). By card: the purchase is written with its
// intent, and the card is created once, in the transaction that records the payment, under the
// purchase's row lock (the browser asking twice gets the same card). By Zelle: the purchase waits
// until the owner records the payment, which issues the card the same way. Selling a card is not
// revenue: no order and no sale rows are written, only the card, whose balance the shop owes.

type PurchaseRow = typeof giftCardPurchases.$inferSelect

export interface Buyer {
  /** The browser's session (made once the purchase is valid), which alone completes a card payment. */
  sessionId: () => Promise<string>
  userId: number | null
}

function answer(row: PurchaseRow, last4: string | null, store: MailLinks['store']): GiftCardPurchaseAnswer {
  return {
    id: row.id,
    status: row.status as GiftCardPurchaseStatus,
    paymentMethod: row.paymentMethod as 'card' | 'zelle',
    amount: row.amount,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    deliveryDate: row.deliveryDate,
    last4,
    ...(row.paymentMethod === 'zelle' ? { zelle: { phone: store.phone, memo: zelleMemo(row.id) } } : {}),
  }
}

/** Refuses a date before today or more than a year ahead, on the shop's calendar. */
function checkDeliveryDate(day: string, timeZone: string | undefined, now: Date) {
  const today = dayIn(timeZone, now)
  if (day < today) throw invalid(MESSAGES.deliveryPast, 'deliveryDate')
  if (day > addDays(today, MAX_DELIVERY_DAYS_AHEAD)) throw invalid(MESSAGES.deliveryTooFar, 'deliveryDate')
}

const purchaseRow = (
  input: GiftCardPurchaseForm,
  method: 'card' | 'zelle',
  sessionId: string,
  buyer: Buyer,
  now: Date,
) => ({
  status: method === 'card' ? ('awaiting_card' as const) : ('awaiting_zelle' as const),
  paymentMethod: method,
  amount: input.amount,
  recipientName: input.recipientName,
  recipientEmail: input.recipientEmail,
  message: input.message,
  buyerName: input.buyerName,
  buyerEmail: input.buyerEmail,
  deliveryDate: input.deliveryDate,
  sessionId,
  userId: buyer.userId,
  createdAt: now,
})

/** Starts a purchase: a card payment's intent, or the Zelle steps (on the page and by e-mail). */
export async function startPurchase(
  db: Database,
  provider: PaymentProvider,
  mail: MailLinks,
  input: GiftCardPurchaseForm,
  buyer: Buyer,
  now = new Date(),
): Promise<GiftCardPurchaseAnswer> {
  const method = input.paymentMethod
  if (method === 'gift_card' || input.giftCardCodes?.length)
    throw invalid(MESSAGES.noGiftCardPayment, 'paymentMethod')
  checkDeliveryDate(input.deliveryDate, mail.store.timeZone, now)
  const sessionId = await buyer.sessionId()
  if (method === 'zelle') {
    // The purchase and its payment steps by e-mail together.
    const row = await db.transaction(async (tx) => {
      const [waiting] = await tx
        .insert(giftCardPurchases)
        .values(purchaseRow(input, method, sessionId, buyer, now))
        .returning()
      await enqueueMail(
        tx,
        giftCardZelleMail(input.buyerEmail, { ...input, memo: zelleMemo(waiting!.id) }, mail.store),
      )
      return waiting!
    })
    return answer(row, null, mail.store)
  }
  const [row] = await db
    .insert(giftCardPurchases)
    .values(purchaseRow(input, method, sessionId, buyer, now))
    .returning()
  // One intent per purchase, whoever retries: the provider answers the same one for the same key.
  const intent = await provider.createIntent({
    amount: input.amount,
    currency: 'usd',
    metadata: { giftCardPurchaseId: String(row!.id) },
    idempotencyKey: `gift-card-purchase-${row!.id}`,
  })
  await db
    .update(giftCardPurchases)
    .set({ paymentIntentId: intent.id })
    .where(eq(giftCardPurchases.id, row!.id))
  return {
    ...answer(row!, null, mail.store),
    payment: {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      provider: provider.name,
      ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
    },
  }
}

/** A purchase's row, locked for the caller's transaction; 404 when there is none. */
export async function lockPurchase(tx: DbOrTx, id: number): Promise<PurchaseRow> {
  const [row] = await tx.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id)).for('update')
  if (!row) throw notFound(MESSAGES.notFound)
  return row
}

/**
 * Creates the card of a purchase whose payment is recorded now, in the caller's transaction (the
 * purchase's row locked): the card, its 'issue' line, the purchase paid, the buyer's receipt, and,
 * when the date is today (or past), the recipient's e-mail at once. The 'issue' line of one paid
 * after it ended says so.
 */
async function issuePurchasedCard(
  tx: DbOrTx,
  mail: MailLinks,
  purchase: PurchaseRow,
  actor: LedgerActor,
  now: Date,
): Promise<{ last4: string; delivered: boolean }> {
  const last4 = drawLast4()
  const [card] = await tx
    .insert(giftCards)
    .values({
      codeHash: undeliveredHash(),
      last4,
      initialAmount: purchase.amount,
      balance: purchase.amount,
      expiresAt: null,
      recipientName: purchase.recipientName,
      recipientEmail: purchase.recipientEmail,
      senderName: purchase.buyerName,
      message: purchase.message,
      customerId: purchase.userId,
      source: 'purchased',
      reason: `Bought on the storefront by ${purchase.buyerEmail} (${purchase.paymentMethod === 'card' ? 'card' : 'Zelle'})`,
      issuedById: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await writeTransaction(tx, {
    giftCardId: card!.id,
    kind: 'issue',
    amount: purchase.amount,
    balanceAfter: purchase.amount,
    orderId: null,
    reason: `Purchase GC-${purchase.id}${purchase.status === 'expired' ? `: ${MESSAGES.recordedAfterExpiry}` : ''}`,
    actor,
  })
  const [paid] = await tx
    .update(giftCardPurchases)
    .set({ status: 'paid', giftCardId: card!.id, paidAt: now, recordedById: actor.id })
    .where(eq(giftCardPurchases.id, purchase.id))
    .returning()
  const delivered = paid!.deliveryDate <= dayIn(mail.store.timeZone, now)
  if (delivered) await deliverPurchase(tx, mail, paid!, now)
  await enqueueMail(
    tx,
    giftCardReceiptMail(
      purchase.buyerEmail,
      {
        amount: purchase.amount,
        last4,
        buyerName: purchase.buyerName,
        recipientName: purchase.recipientName,
        recipientEmail: purchase.recipientEmail,
        deliveryDate: purchase.deliveryDate,
        paymentMethod: purchase.paymentMethod as 'card' | 'zelle',
        sentToday: delivered,
      },
      mail.store,
    ),
  )
  return { last4, delivered }
}

const last4Of = async (db: DbOrTx, cardId: number | null) =>
  cardId === null
    ? null
    : ((await db.select({ last4: giftCards.last4 }).from(giftCards).where(eq(giftCards.id, cardId)))[0]
        ?.last4 ?? null)

/**
 * The card form says the payment went through: the provider is asked (never the browser's word),
 * then the card is issued once. From the browser, only the session that started the purchase may
 * complete it; the provider's webhook (no session) may complete any.
 */
export async function completeCardPurchase(
  db: Database,
  provider: PaymentProvider,
  mail: MailLinks,
  ref: { id: number } | { intentId: string },
  intentId: string,
  sessionId?: string,
  now = new Date(),
): Promise<GiftCardPurchaseAnswer> {
  const [found] = await db
    .select()
    .from(giftCardPurchases)
    .where(
      'id' in ref ? eq(giftCardPurchases.id, ref.id) : eq(giftCardPurchases.paymentIntentId, ref.intentId),
    )
  const mine =
    found && found.paymentIntentId === intentId && (sessionId === undefined || found.sessionId === sessionId)
  if (!found || !mine) throw notFound(MESSAGES.notFound)
  if (found.status === 'paid') return answer(found, await last4Of(db, found.giftCardId), mail.store)
  const intent = await provider.retrieveIntent(intentId)
  if (intent.status !== 'succeeded') throw new DomainError('payment-required', MESSAGES.paymentIncomplete)
  if (intent.amount !== found.amount) throw conflict(MESSAGES.paymentIncomplete)
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, found.id)
    // The browser and the webhook take turns on the row: the second finds the card the first made.
    if (purchase.status === 'paid')
      return answer(purchase, await last4Of(tx, purchase.giftCardId), mail.store)
    const { last4 } = await issuePurchasedCard(tx, mail, purchase, NO_ACTOR, now)
    return answer({ ...purchase, status: 'paid' }, last4, mail.store)
  })
}

export function toAdminPurchase(row: PurchaseRow): AdminGiftCardPurchase {
  return {
    id: row.id,
    status: row.status as GiftCardPurchaseStatus,
    paymentMethod: row.paymentMethod as 'card' | 'zelle',
    amount: row.amount,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    deliveryDate: row.deliveryDate,
    memo: zelleMemo(row.id),
    giftCardId: row.giftCardId,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endedBy: row.endedBy,
  }
}

/** The owner matched a Zelle payment to this purchase (see zelleRecordable): the card is issued (once). */
export async function recordZellePurchase(
  db: Database,
  mail: MailLinks,
  actor: LedgerActor,
  id: number,
  now = new Date(),
): Promise<AdminGiftCardPurchase> {
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, id)
    if (!zelleRecordable(purchase)) throw conflict(MESSAGES.notAwaitingZelle)
    await issuePurchasedCard(tx, mail, purchase, actor, now)
    const [row] = await tx.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id))
    return toAdminPurchase(row!)
  })
}

/**
 * Purchases in one state, newest first, or the ended ones, the most recently ended first; searched
 * by buyer, recipient or memo ("GC-12").
 */
export async function listPurchases(
  db: DbOrTx,
  query: ListQuery & { status: PurchaseListStatus },
): Promise<Page<AdminGiftCardPurchase>> {
  const pattern = query.search ? containsPattern(query.search) : undefined
  const memoId = /^\s*(?:gc-)?(\d{1,9})\s*$/i.exec(query.search ?? '')?.[1]
  const ended = query.status === 'ended'
  const where = and(
    query.status === 'ended'
      ? inArray(giftCardPurchases.status, [...ENDED_PURCHASE_STATUSES])
      : eq(giftCardPurchases.status, query.status),
    pattern
      ? or(
          ilike(giftCardPurchases.buyerName, pattern),
          ilike(giftCardPurchases.buyerEmail, pattern),
          ilike(giftCardPurchases.recipientName, pattern),
          ilike(giftCardPurchases.recipientEmail, pattern),
          ...(memoId ? [eq(giftCardPurchases.id, Number(memoId))] : []),
        )
      : undefined,
  )
  const { limit, offset } = pageWindow(query)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(giftCardPurchases)
      .where(where)
      .orderBy(
        ...(ended ? [sql`${giftCardPurchases.endedAt} desc nulls last`] : []),
        desc(giftCardPurchases.createdAt),
        desc(giftCardPurchases.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(giftCardPurchases).where(where),
  ])
  return { items: rows.map(toAdminPurchase), total: Number(total?.n ?? 0) }
}
