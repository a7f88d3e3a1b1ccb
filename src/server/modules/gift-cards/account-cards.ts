import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import { normalizeIdentity } from '../../../shared/accounts/identity'
import type { AccountGiftCards } from '../../../shared/gift-cards/account-contract'
import { type GiftCardSource, giftCardStatus } from '../../../shared/gift-cards/rules'
import type { DbOrTx } from '../../db/client'
import { giftCards } from './schema'

// A signed-in shopper's cards (issue 36): their store credit (a refund of one of their orders,
// given as a card in their account's name) and the cards sent to their account's e-mail.
//
// Only store credit is spent by id, with no code typed. The shop never confirms that an account's
// e-mail is its holder's (anyone may register with any free address), so a card known only by its
// recipient's e-mail still needs its code: otherwise whoever registered first with a recipient's
// address could spend the gift sent to it. And `customer_id` on a purchased card is its BUYER,
// whose gift it is to give, not to spend: such cards are the recipient's, not listed for the buyer.

export interface CardHolder {
  id: number
  email: string | null
}

/** Store credit in the holder's account: theirs by the account itself, spent by id. */
const creditOf = (holder: CardHolder): SQL =>
  and(eq(giftCards.customerId, holder.id), eq(giftCards.source, 'store_credit'))!

const heldBy = (holder: CardHolder): SQL =>
  or(
    creditOf(holder),
    // A bought card waiting for its delivery date is a surprise until then (gift-cards/delivery.ts).
    ...(holder.email
      ? [
          sql`(lower(${giftCards.recipientEmail}) = ${normalizeIdentity(holder.email)}
            and ${giftCards.codeHash} not like 'undelivered:%')`,
        ]
      : []),
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
      applicable: card.source === 'store_credit' && card.customerId === holder.id,
    }))
    .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'))
  return { items, total: items.length }
}

/** The holder's store credit with this id, else undefined (the caller's 404): what checkout applies without a code. */
export async function creditCard(db: DbOrTx, holder: CardHolder, cardId: number) {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), creditOf(holder)))
  return card
}
