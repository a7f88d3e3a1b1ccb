import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { ListQuery, Page } from '../../../shared/admin/list'
import type {
  GiftCard,
  GiftCardDetail,
  IssuedGiftCard,
  IssueGiftCard,
  UpdateGiftCard,
} from '../../../shared/gift-cards/admin-contract'
import type { GiftCardBalance } from '../../../shared/gift-cards/contract'
import {
  belowZeroMessage,
  expiryProblem,
  GIFT_CARD_MESSAGES,
  type GiftCardSource,
  type GiftCardTransactionKind,
  giftCardStatus,
  isWellFormedCode,
  normalizeCode,
} from '../../../shared/gift-cards/rules'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, invalid, notFound } from '../../errors'
import { users } from '../accounts/schema'
import type { MailLinks } from '../accounts/security-notices'
import { enqueueMail } from '../mail/outbox'
import { giftCardMail } from '../mail/templates/gift-card-mails'
import { drawCode, drawCodeEnding, hashCode, type NewCode } from './codes'
import { type LedgerActor, writeTransaction } from './ledger'
import { giftCardPurchases, giftCards, giftCardTransactions } from './schema'

// The back office's gift cards (issue 36): issue, list, look at, disable, enable, adjust, resend;
// and the storefront's balance look-up. Every change to a card writes its history line in the same
// transaction, naming the member and their role; changes to one card take its row lock first.

type CardRow = typeof giftCards.$inferSelect

// The buyer: the account, or the e-mail a guest bought the card with on the storefront.
const cardColumns = {
  card: giftCards,
  buyer: sql<string | null>`coalesce(${users.username}, ${giftCardPurchases.buyerEmail})`,
}

function toGiftCard({ card, buyer }: { card: CardRow; buyer: string | null }, now = new Date()): GiftCard {
  return {
    id: card.id,
    last4: card.last4,
    initialAmount: card.initialAmount,
    balance: card.balance,
    status: giftCardStatus(card, now),
    active: card.active,
    expiresAt: card.expiresAt?.toISOString() ?? null,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    senderName: card.senderName,
    buyer,
    source: card.source as GiftCardSource,
    createdAt: card.createdAt.toISOString(),
  }
}

/**
 * Issues a card from the back office: the whole code is in this answer and in the recipient's
 * e-mail, nowhere else. The e-mail is queued in the card's transaction (it exists if the card does).
 */
export async function issueGiftCard(
  db: Database,
  mail: MailLinks,
  actor: LedgerActor,
  input: IssueGiftCard,
): Promise<IssuedGiftCard> {
  const issuedAt = new Date()
  const problem = expiryProblem(input.expiresAt, issuedAt)
  if (problem) throw invalid(problem, 'expiresAt')
  const { card, code } = await withFreshCode(async (drawn) =>
    db.transaction(async (tx) => {
      const [card] = await tx
        .insert(giftCards)
        .values({
          codeHash: drawn.codeHash,
          last4: drawn.last4,
          initialAmount: input.amount,
          balance: input.amount,
          expiresAt: input.expiresAt,
          recipientName: input.recipientName,
          recipientEmail: input.recipientEmail,
          senderName: input.senderName,
          message: input.message,
          source: 'issued',
          reason: input.reason,
          issuedById: actor.id,
          createdAt: issuedAt,
          updatedAt: issuedAt,
        })
        .returning()
      await writeTransaction(tx, {
        giftCardId: card!.id,
        kind: 'issue',
        amount: input.amount,
        balanceAfter: input.amount,
        orderId: null,
        reason: input.reason,
        actor,
      })
      if (card!.recipientEmail) await mailCode(tx, mail, card!, drawn.code, false)
      return { card: card!, code: drawn.code }
    }),
  )
  return {
    id: card.id,
    code,
    last4: card.last4,
    balance: card.balance,
    expiresAt: card.expiresAt?.toISOString() ?? null,
  }
}

/** Runs `write` with a new code; a clash with an existing hash (never seen: 78 bits) draws again. */
async function withFreshCode<T>(write: (code: NewCode) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write(drawCode())
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}

async function mailCode(tx: DbOrTx, mail: MailLinks, card: CardRow, code: string, replaces: boolean) {
  await enqueueMail(
    tx,
    giftCardMail(
      card.recipientEmail!,
      {
        code,
        amount: card.balance,
        recipientName: card.recipientName,
        senderName: card.senderName,
        message: card.message,
        expiresAt: card.expiresAt,
        replacesEarlierCode: replaces,
      },
      mail.store,
      mail.publicUrl,
    ),
  )
}

/** Searched by last four, the whole code, recipient's name or address, or the buyer's account. */
function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined
  const pattern = containsPattern(search)
  const normalized = normalizeCode(search)
  return or(
    ilike(giftCards.last4, containsPattern(normalized)),
    ilike(giftCards.recipientName, pattern),
    ilike(giftCards.recipientEmail, pattern),
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(giftCardPurchases.buyerName, pattern),
    ilike(giftCardPurchases.buyerEmail, pattern),
    ...(isWellFormedCode(normalized) ? [eq(giftCards.codeHash, hashCode(normalized))] : []),
  )
}

export async function listGiftCards(db: DbOrTx, query: ListQuery): Promise<Page<GiftCard>> {
  const where = searchFilter(query.search)
  const { limit, offset } = pageWindow(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(giftCards)
      .leftJoin(users, eq(users.id, giftCards.customerId))
      .leftJoin(giftCardPurchases, eq(giftCardPurchases.giftCardId, giftCards.id))
      .where(where)
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(giftCards)
      .leftJoin(users, eq(users.id, giftCards.customerId))
      .leftJoin(giftCardPurchases, eq(giftCardPurchases.giftCardId, giftCards.id))
      .where(where),
  ])
  const now = new Date()
  return { items: rows.map((row) => toGiftCard(row, now)), total: Number(total?.n ?? 0) }
}

export async function getGiftCard(db: DbOrTx, id: number): Promise<GiftCardDetail> {
  const [row] = await db
    .select(cardColumns)
    .from(giftCards)
    .leftJoin(users, eq(users.id, giftCards.customerId))
    .leftJoin(giftCardPurchases, eq(giftCardPurchases.giftCardId, giftCards.id))
    .where(eq(giftCards.id, id))
  if (!row) throw notFound(GIFT_CARD_MESSAGES.notFound)
  const lines = await db
    .select()
    .from(giftCardTransactions)
    .where(eq(giftCardTransactions.giftCardId, id))
    .orderBy(asc(giftCardTransactions.createdAt), asc(giftCardTransactions.id))
  return {
    ...toGiftCard(row),
    message: row.card.message,
    reason: row.card.reason,
    undelivered: row.card.codeHash.startsWith('undelivered:'),
    transactions: lines.map((line) => ({
      id: line.id,
      kind: line.kind as GiftCardTransactionKind,
      amount: line.amount,
      balanceAfter: line.balanceAfter,
      orderId: line.orderId,
      reason: line.reason,
      actor: line.actor,
      actorRole: line.actorRole,
      createdAt: line.createdAt.toISOString(),
    })),
  }
}

/** The card's row, locked for this transaction: changes to one card take turns. */
async function lockCard(tx: DbOrTx, id: number): Promise<CardRow> {
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for('update')
  if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound)
  return card
}

/**
 * Disables, enables or adjusts a card, in one transaction under its row lock. An adjustment may
 * take money off but never below zero (409 naming the balance); each change is a history line.
 */
export async function updateGiftCard(
  db: Database,
  actor: LedgerActor,
  id: number,
  input: UpdateGiftCard,
): Promise<GiftCardDetail> {
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, id)
    let balance = card.balance
    if (input.adjustment) {
      balance += input.adjustment.amount
      if (balance < 0) throw conflict(belowZeroMessage(card.balance), 'adjustment.amount')
      await tx.update(giftCards).set({ balance, updatedAt: new Date() }).where(eq(giftCards.id, id))
      await writeTransaction(tx, {
        giftCardId: id,
        kind: 'adjustment',
        amount: input.adjustment.amount,
        balanceAfter: balance,
        orderId: null,
        reason: input.adjustment.reason,
        actor,
      })
    }
    if (input.active !== undefined && input.active !== card.active) {
      await tx
        .update(giftCards)
        .set({ active: input.active, updatedAt: new Date() })
        .where(eq(giftCards.id, id))
      await writeTransaction(tx, {
        giftCardId: id,
        kind: input.active ? 'enable' : 'disable',
        amount: 0,
        balanceAfter: balance,
        orderId: null,
        reason: input.reason,
        actor,
      })
    }
  })
  return getGiftCard(db, id)
}

/**
 * Resends the recipient's e-mail. Only the code's hash is kept, so the e-mail cannot repeat the
 * code: it carries a new one, and the old code stops working in the same transaction (a code lost
 * in a mailbox is then also dead). The history says so, naming who did it. A bought card not yet
 * delivered has no code yet (docs/decisions/016): sending it early is its delivery, with a code
 * that keeps the last four the buyer's receipt names, and the history says "Sent early to ...".
 */
export async function resendGiftCard(
  db: Database,
  mail: MailLinks,
  actor: LedgerActor,
  id: number,
): Promise<GiftCardDetail> {
  await withFreshCode((fresh) =>
    db.transaction(async (tx) => {
      const card = await lockCard(tx, id)
      if (!card.recipientEmail) throw conflict(GIFT_CARD_MESSAGES.noRecipient)
      if (!card.active) throw conflict(GIFT_CARD_MESSAGES.resendDisabled)
      const undelivered = card.codeHash.startsWith('undelivered:')
      const drawn = undelivered ? drawCodeEnding(card.last4) : fresh
      const [rotated] = await tx
        .update(giftCards)
        .set({ codeHash: drawn.codeHash, last4: drawn.last4, updatedAt: new Date() })
        .where(eq(giftCards.id, id))
        .returning()
      const recipient = card.recipientName
        ? `${card.recipientName} (${card.recipientEmail})`
        : card.recipientEmail
      await writeTransaction(tx, {
        giftCardId: id,
        kind: undelivered ? 'send' : 'reissue',
        amount: 0,
        balanceAfter: card.balance,
        orderId: null,
        reason: undelivered
          ? `Sent early to ${recipient}`
          : `Code ••••${card.last4} replaced by ••••${drawn.last4} and e-mailed to the recipient`,
        actor,
      })
      await mailCode(tx, mail, rotated!, drawn.code, !undelivered)
      // A bought card still waiting for its date has now been sent: the date's e-mail would only
      // replace this code again.
      await tx
        .update(giftCardPurchases)
        .set({ deliveredAt: new Date() })
        .where(and(eq(giftCardPurchases.giftCardId, id), isNull(giftCardPurchases.deliveredAt)))
    }),
  )
  return getGiftCard(db, id)
}

/** A code's balance for whoever holds it; undefined when no card has this code. */
export async function lookUpBalance(db: DbOrTx, typed: string): Promise<GiftCardBalance | undefined> {
  const normalized = normalizeCode(typed)
  if (!isWellFormedCode(normalized)) return undefined
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashCode(normalized)))
  if (!card) return undefined
  return {
    balance: card.balance,
    expiresAt: card.expiresAt?.toISOString() ?? null,
    status: giftCardStatus(card),
  }
}

/** What the shop owes on cards that can still be spent (active, not expired), in cents: SQL for the dashboard. */
export const OUTSTANDING_GIFT_CARD_BALANCE = sql`(select coalesce(sum(g.balance), 0)::int from gift_cards g
  where g.active and (g.expires_at is null or g.expires_at > now()))`
