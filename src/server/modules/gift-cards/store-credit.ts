import type { StoreInfo } from '../../../shared/ssr'
import type { Tx } from '../../db/client'
import { enqueueMail } from '../mail/outbox'
import { giftCardMail } from '../mail/templates/gift-card-mails'
import { drawCode } from './codes'
import { type LedgerActor, writeTransaction } from './ledger'
import { giftCards } from './schema'

// Store credit (issue 36): a refund given as a new card in the shopper's name instead of money,
// when they agreed. Issued inside the refund's transaction, so the card, its history line and its
// e-mail exist exactly when the refund row does. It never expires (the shop's default): credit
// from a return is the shopper's money.

export interface StoreCreditInput {
  amount: number
  /** The order's account, when it has one: the card shows on that account's page. */
  customerId: number | null
  /** The order's e-mail (normalised), where the code goes. */
  email: string | null
  name: string | null
  orderId: number
  reason: string
  actor: LedgerActor
}

export async function issueStoreCredit(
  tx: Tx,
  mail: { store: StoreInfo; publicUrl: string },
  input: StoreCreditInput,
): Promise<{ cardId: number; last4: string }> {
  // 78 bits: a clash with an existing code is never seen; if it were, the unique index refuses it
  // and the refund's transaction rolls back whole, for the owner to try again.
  const drawn = drawCode()
  const [card] = await tx
    .insert(giftCards)
    .values({
      codeHash: drawn.codeHash,
      last4: drawn.last4,
      initialAmount: input.amount,
      balance: input.amount,
      recipientName: input.name,
      recipientEmail: input.email,
      customerId: input.customerId,
      source: 'store_credit',
      reason: input.reason,
      issuedById: input.actor.id,
    })
    .returning({ id: giftCards.id, last4: giftCards.last4 })
  await writeTransaction(tx, {
    giftCardId: card!.id,
    kind: 'issue',
    amount: input.amount,
    balanceAfter: input.amount,
    orderId: input.orderId,
    reason: `Store credit for order #${input.orderId}: ${input.reason}`,
    actor: input.actor,
  })
  if (input.email)
    await enqueueMail(
      tx,
      giftCardMail(
        input.email,
        {
          code: drawn.code,
          amount: input.amount,
          recipientName: input.name,
          senderName: null,
          message: null,
          expiresAt: null,
          storeCreditForOrder: input.orderId,
        },
        mail.store,
        mail.publicUrl,
      ),
    )
  return { cardId: card!.id, last4: card!.last4 }
}
