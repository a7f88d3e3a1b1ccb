import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import type { AccountGiftCards } from '../../../shared/gift-cards/account-contract'
import { type GiftCardSource, giftCardStatus } from '../../../shared/gift-cards/rules'
import { normalizeIdentity } from '../../../shared/identity'
import type { DbOrTx } from '../../db/client'
import { giftCards } from '../../db/schema'

// A signed-in shopper's cards (issue 36): theirs when it is in their account's name (store credit,
// a card they bought) or sent to their account's e-mail. The checkout applies one of these by id,
// with no code typed, so "theirs" is the whole of the check: one rule, here, for both.

export interface CardHolder {
  id: number
  email: string | null
}

const heldBy = (holder: CardHolder): SQL =>
  or(
    eq(giftCards.customerId, holder.id),
    ...(holder.email ? [sql`lower(${giftCards.recipientEmail}) = ${normalizeIdentity(holder.email)}`] : []),
  )!

/** The holder's cards, newest first, usable ones before the rest. */
export async function accountGiftCards(db: DbOrTx, holder: CardHolder): Promise<AccountGiftCards> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(heldBy(holder))
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(100)
  const now = new Date()
  const items = rows
    .map((card) => ({
      id: card.id,
      last4: card.last4,
      initialAmount: card.initialAmount,
      balance: card.balance,
      status: giftCardStatus(card, now),
      source: card.source as GiftCardSource,
      expiresAt: card.expiresAt?.toISOString() ?? null,
      createdAt: card.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'))
  return { items, total: items.length }
}

/** The card with this id when the holder holds it, else undefined (the caller's 404). */
export async function heldCard(db: DbOrTx, holder: CardHolder, cardId: number) {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), heldBy(holder)))
  return card
}
