import { and, eq, sql } from 'drizzle-orm'
import { giftCardStatus } from '../../../shared/gift-cards/rules'
import type { DbOrTx } from '../../db/client'
import { giftCards, giftCardTransactions } from './schema'

// Moving money on a card from another module's transaction (checkout's debit, a refund's credit).
// A debit is one conditional UPDATE: the row lock it takes makes parallel spends of one card wait
// for each other, and PostgreSQL checks `balance >= amount` again on the newest row once the lock
// is granted, so ten checkouts at once take exactly what the card holds and never more (the
// CHECK on balance is the last guard). No read-then-write, no window between them.

/** Who moved the money: a member with their role then, or nobody (checkout, a job). */
export interface LedgerActor {
  id: number | null
  name: string | null
  role: string | null
}

export const NO_ACTOR: LedgerActor = { id: null, name: null, role: null }

export type CardRef = { cardId: number } | { codeHash: string }

export type DebitRefusal = 'not-found' | 'disabled' | 'expired' | 'insufficient'

export type DebitResult =
  | { ok: true; cardId: number; last4: string; balanceAfter: number }
  | { ok: false; reason: DebitRefusal; last4?: string; balance?: number }

const refers = (card: CardRef) =>
  'cardId' in card ? eq(giftCards.id, card.cardId) : eq(giftCards.codeHash, card.codeHash)

/**
 * Takes `amount` cents off the card for `orderId`, in the caller's transaction, or says why not.
 * Nothing is written when it is refused; the caller decides what a refusal means (checkout: a 409).
 */
export async function debitGiftCard(
  tx: DbOrTx,
  input: CardRef & { amount: number; orderId: number | null; actor?: LedgerActor; reason?: string },
): Promise<DebitResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new Error('a debit is a positive number of cents')
  const [debited] = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${input.amount}`, updatedAt: new Date() })
    .where(
      and(
        refers(input),
        eq(giftCards.active, true),
        sql`${giftCards.balance} >= ${input.amount}`,
        sql`(${giftCards.expiresAt} is null or ${giftCards.expiresAt} > now())`,
      ),
    )
    .returning({ id: giftCards.id, last4: giftCards.last4, balance: giftCards.balance })
  if (!debited) return refusal(tx, input)
  await writeTransaction(tx, {
    giftCardId: debited.id,
    kind: 'debit',
    amount: -input.amount,
    balanceAfter: debited.balance,
    orderId: input.orderId,
    reason: input.reason ?? null,
    actor: input.actor ?? NO_ACTOR,
  })
  return { ok: true, cardId: debited.id, last4: debited.last4, balanceAfter: debited.balance }
}

/** Why a debit found nothing to update: read after the fact, only on the refused path. */
async function refusal(tx: DbOrTx, card: CardRef): Promise<DebitResult> {
  const [row] = await tx.select().from(giftCards).where(refers(card))
  if (!row) return { ok: false, reason: 'not-found' }
  const status = giftCardStatus(row)
  const reason: DebitRefusal = status === 'disabled' || status === 'expired' ? status : 'insufficient'
  return { ok: false, reason, last4: row.last4, balance: row.balance }
}

/**
 * Puts `amount` cents back on the card (a refund of an order it paid), in the caller's transaction,
 * and enables it again (issue 36: "its balance restored, the card re-enabled"). Answers the new
 * balance, or undefined when there is no such card.
 */
export async function creditGiftCard(
  tx: DbOrTx,
  input: {
    cardId: number
    amount: number
    orderId: number | null
    reason?: string
    actor?: LedgerActor
    kind?: 'refund' | 'adjustment'
  },
): Promise<{ balanceAfter: number } | undefined> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new Error('a credit is a positive number of cents')
  const [credited] = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} + ${input.amount}`, active: true, updatedAt: new Date() })
    .where(eq(giftCards.id, input.cardId))
    .returning({ balance: giftCards.balance })
  if (!credited) return undefined
  await writeTransaction(tx, {
    giftCardId: input.cardId,
    kind: input.kind ?? 'refund',
    amount: input.amount,
    balanceAfter: credited.balance,
    orderId: input.orderId,
    reason: input.reason ?? null,
    actor: input.actor ?? NO_ACTOR,
  })
  return { balanceAfter: credited.balance }
}

type TransactionRow = typeof giftCardTransactions.$inferInsert

/** One line of a card's history, in the caller's transaction. */
export async function writeTransaction(
  tx: DbOrTx,
  line: Omit<TransactionRow, 'actorId' | 'actor' | 'actorRole'> & { actor: LedgerActor },
): Promise<void> {
  const { actor, ...rest } = line
  await tx
    .insert(giftCardTransactions)
    .values({ ...rest, actorId: actor.id, actor: actor.name, actorRole: actor.role })
}
