import { and, asc, eq, lte } from 'drizzle-orm'
import {
  type AdminGiftCardPurchase,
  GIFT_CARD_PURCHASE_MESSAGES as MESSAGES,
  zelleMemo,
} from '../../../shared/gift-cards/purchase'
import { formatDeadline } from '../../../shared/shop-dates/date-time'
import type { Database, DbOrTx } from '../../db/client'
import { conflict } from '../../errors'
import type { Sweep } from '../../jobs/sweeps'
import type { MailLinks } from '../accounts/security-notices'
import { enqueueMail } from '../mail/outbox'
import { type GiftCardZelleEndedData, giftCardZelleEndedMail } from '../mail/templates/gift-card-receipt-mail'
import type { LedgerActor } from './ledger'
import { lockPurchase, toAdminPurchase } from './purchases'
import { giftCardPurchases } from './schema'

// An unpaid gift-card purchase ends (issue 36's loose ends). No card exists before the payment, so
// ending one moves no money: only the purchase's status and who ended it, when.
// - The owner cancels a purchase awaiting Zelle ('cancelled'), named with their role then, and the
//   buyer is told.
// - A Zelle purchase unpaid when the hold of a Zelle order would end (RESERVATION_HOURS after it
//   was made) expires ('expired'), and the buyer is told, as an expired Zelle order's shopper is.
//   A payment that arrives after all can still be recorded (purchases.ts, zelleRecordable).
// - A card purchase never paid is 'abandoned' by the checkout reconciliation
//   (purchase-reconcile.ts), which alone asks the provider first: a paid one is never abandoned.

type PurchaseRow = typeof giftCardPurchases.$inferSelect

/** The buyer's notice that their purchase ended unpaid, queued in the caller's transaction. */
const tellBuyer = (
  db: DbOrTx,
  mail: MailLinks,
  purchase: PurchaseRow,
  ended: GiftCardZelleEndedData['ended'],
) =>
  enqueueMail(
    db,
    giftCardZelleEndedMail(
      purchase.buyerEmail,
      { amount: purchase.amount, buyerName: purchase.buyerName, memo: zelleMemo(purchase.id), ended },
      mail.store,
    ),
  )

/**
 * The owner cancels a purchase still awaiting its Zelle payment, and the buyer is e-mailed in the
 * same transaction; 409 once it is not awaiting.
 */
export async function cancelZellePurchase(
  db: Database,
  mail: MailLinks,
  actor: LedgerActor,
  id: number,
  now = new Date(),
): Promise<AdminGiftCardPurchase> {
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, id)
    if (purchase.status !== 'awaiting_zelle') throw conflict(MESSAGES.notAwaitingZelle)
    const [row] = await tx
      .update(giftCardPurchases)
      .set({
        status: 'cancelled',
        endedAt: now,
        endedById: actor.id,
        endedBy: actor.name,
        endedByRole: actor.role,
      })
      .where(eq(giftCardPurchases.id, id))
      .returning()
    await tellBuyer(tx, mail, purchase, { by: 'shop' })
    return toAdminPurchase(row!)
  })
}

/**
 * Zelle purchases unpaid after `holdHours` (the reservation's RESERVATION_HOURS) expire, as a job
 * of the minute runner (plugins/jobs.ts); the buyer is e-mailed through the outbox in the same
 * transaction. Claimed `for update skip locked`: one the owner is recording or cancelling at that
 * moment is left for the next round, which finds it no longer awaiting.
 */
export function expiredZellePurchases(mail: MailLinks, holdHours: number, onMailQueued?: () => void): Sweep {
  const holdMs = holdHours * 3_600_000
  return {
    name: 'expired gift card purchases',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const due = await db
        .select()
        .from(giftCardPurchases)
        .where(
          and(
            eq(giftCardPurchases.status, 'awaiting_zelle'),
            lte(giftCardPurchases.createdAt, new Date(now.getTime() - holdMs)),
          ),
        )
        .orderBy(asc(giftCardPurchases.createdAt), asc(giftCardPurchases.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      for (const purchase of due) {
        await db
          .update(giftCardPurchases)
          .set({ status: 'expired', endedAt: now })
          .where(eq(giftCardPurchases.id, purchase.id))
        const heldUntil = formatDeadline(new Date(purchase.createdAt.getTime() + holdMs), mail.store.timeZone)
        await tellBuyer(db, mail, purchase, { by: 'expiry', heldUntil })
      }
      return due.length
    },
    afterCommit: (count) => {
      if (count > 0) onMailQueued?.()
    },
  }
}
