import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import type { DbOrTx } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import type { Sweep } from '../../jobs/sweeps'
import type { MailLinks } from '../accounts/security-notices'
import { enqueueMail } from '../mail/outbox'
import { giftCardMail } from '../mail/templates/gift-card-mails'
import { drawCodeEnding } from './codes'
import { giftCardPurchases, giftCards } from './schema'

// A bought card reaches its recipient on the delivery date (issue 36).
//
// Where the code lives until then: nowhere (docs/decisions/016-gift-card-code-at-delivery.md).
// The card is created when it is paid, with the last four drawn (the buyer's receipt names them)
// and a hash no code can have; on the delivery date the other twelve characters are drawn, the
// card takes the new code's hash and the e-mail with the code is queued, in one transaction. We
// chose this over keeping the code encrypted until the date (accounts/secret-box.ts): an encrypted
// code is a secret at rest that a leaked database plus SESSION_SECRET would open, and rotating
// SESSION_SECRET would make the waiting cards undeliverable (the money in them lost to their
// holders: codes.ts's own rule). Drawing at delivery keeps no code anywhere but in the
// recipient's mailbox, as the back office's cards are.

type PurchaseRow = typeof giftCardPurchases.$inferSelect

/**
 * Draws the card's code, stores its hash, queues the recipient's e-mail and marks the purchase
 * delivered, in the caller's transaction (where the purchase's row is locked). A clash with an
 * existing hash (never seen: 59 bits) draws again inside a savepoint.
 */
export async function deliverPurchase(tx: DbOrTx, mail: MailLinks, purchase: PurchaseRow, now: Date) {
  if (purchase.giftCardId === null || purchase.deliveredAt) return
  const id = purchase.giftCardId
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [card] = await tx.transaction(async (savepoint) => {
        const [current] = await savepoint.select().from(giftCards).where(eq(giftCards.id, id))
        const drawn = drawCodeEnding(current!.last4)
        const rows = await savepoint
          .update(giftCards)
          .set({ codeHash: drawn.codeHash, updatedAt: now })
          .where(eq(giftCards.id, id))
          .returning()
        return rows.map((row) => ({ row, code: drawn.code }))
      })
      await enqueueMail(
        tx,
        giftCardMail(
          purchase.recipientEmail,
          {
            code: card!.code,
            amount: card!.row.balance,
            recipientName: purchase.recipientName,
            senderName: purchase.buyerName,
            message: purchase.message,
            expiresAt: card!.row.expiresAt,
          },
          mail.store,
          mail.publicUrl,
        ),
      )
      break
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
  await tx.update(giftCardPurchases).set({ deliveredAt: now }).where(eq(giftCardPurchases.id, purchase.id))
}

/**
 * The recipients' e-mails of the day, as a job of the minute runner (plugins/jobs.ts). Each due
 * purchase is claimed `for update skip locked`, and only one still undelivered is sent: two
 * instances (or a payment delivering "today" at the same moment) never send one card twice.
 */
export function giftCardDeliveries(mail: MailLinks, onMailQueued?: () => void): Sweep {
  return {
    name: 'gift card deliveries',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const today = dayIn(mail.store.timeZone, now)
      const due = await db
        .select()
        .from(giftCardPurchases)
        .where(
          and(
            eq(giftCardPurchases.status, 'paid'),
            isNull(giftCardPurchases.deliveredAt),
            lte(giftCardPurchases.deliveryDate, today),
          ),
        )
        .orderBy(asc(giftCardPurchases.deliveryDate), asc(giftCardPurchases.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      for (const purchase of due) await deliverPurchase(db, mail, purchase, now)
      return due.length
    },
    afterCommit: (count) => {
      if (count > 0) onMailQueued?.()
    },
  }
}
