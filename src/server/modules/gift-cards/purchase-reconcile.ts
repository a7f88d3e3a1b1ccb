import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { idRow, queryRows } from '../../db/query-rows'
import { isDomainError } from '../../errors'
import type { JobLog } from '../../jobs/runner'
import { ABANDONED_ATTEMPT_AGE_MS } from '../../jobs/sweeps'
import type { MailLinks } from '../accounts/security-notices'
import type { PaymentIntent, PaymentProvider } from '../payments/provider'
import { completeCardPurchase } from './purchases'
import { giftCardPurchases } from './schema'

// A gift card paid by card whose browser never came back and whose webhook never came still took
// the money: as checkout's reconciliation does for orders (checkout/reconcile.ts, which calls this
// in its round), purchases waiting for their card payment for more than half an hour are looked up
// at the provider, and a succeeded one gets its card. Each is asked again after a quarter of its
// age (five minutes to an hour). Once a day old, the next look ends it: succeeded, it gets its card;
// still processing, it is kept; otherwise (never confirmed, canceled, unknown to the provider) it
// is marked 'abandoned'. A purchase is abandoned only right after the provider said it was not
// paid, so a paid one never is (and a payment confirmed even later still issues its card:
// completeCardPurchase asks the provider, whatever the status). One that never got an intent never
// took money: abandoned after its day without asking. Claimed `for update skip locked`: two
// instances never ask about one at once, and completing it twice would find the card anyway.

const RECONCILE_AFTER_MS = 30 * 60_000
const BATCH = 50

const ReconcileGiftCardPurchasesRow = z.object({
  id: z.number().int(),
  intentId: z.string(),
  expired: z.boolean(),
})

export async function reconcileGiftCardPurchases(
  db: Database,
  provider: PaymentProvider,
  mail: MailLinks,
  log: JobLog,
  at: Date,
): Promise<{ issued: number; kept: number; abandoned: number }> {
  const now = at.toISOString()
  const abandonedUnstarted = await queryRows(
    db,
    idRow,
    sql`update gift_card_purchases set status = 'abandoned', ended_at = ${now}
        where status = 'awaiting_card' and payment_intent_id is null
          and created_at <= ${now}::timestamptz - ${ABANDONED_ATTEMPT_AGE_MS / 1000} * interval '1 second'
        returning id`,
  )
  const due = await queryRows(
    db,
    ReconcileGiftCardPurchasesRow,
    sql`update gift_card_purchases set provider_checked_at = ${now}
        where id in (
          select id from gift_card_purchases p
          where p.status = 'awaiting_card' and p.payment_intent_id is not null
            and p.created_at < ${now}::timestamptz - ${RECONCILE_AFTER_MS / 1000} * interval '1 second'
            and (p.provider_checked_at is null or p.provider_checked_at < ${now}::timestamptz
              - greatest(interval '5 minutes', least((${now}::timestamptz - p.created_at) / 4, interval '1 hour')))
          order by p.created_at limit ${BATCH}
          for update skip locked)
        returning id, payment_intent_id as "intentId",
          created_at <= ${now}::timestamptz - ${ABANDONED_ATTEMPT_AGE_MS / 1000} * interval '1 second' as expired`,
  )
  let issued = 0
  let abandoned = abandonedUnstarted.length
  for (const purchase of due) {
    try {
      let intent: PaymentIntent | undefined
      try {
        intent = await provider.retrieveIntent(purchase.intentId)
      } catch (error) {
        // Not the provider's (a shop that changed providers): nothing was ever paid through it.
        if (!isDomainError(error, 'not-found')) throw error
      }
      if (intent?.status === 'succeeded') {
        await completeCardPurchase(db, provider, mail, { id: purchase.id }, purchase.intentId, undefined, at)
        issued += 1
      } else if (purchase.expired && intent?.status !== 'processing') {
        const ended = await db
          .update(giftCardPurchases)
          .set({ status: 'abandoned', endedAt: at })
          .where(and(eq(giftCardPurchases.id, purchase.id), eq(giftCardPurchases.status, 'awaiting_card')))
          .returning({ id: giftCardPurchases.id })
        abandoned += ended.length
      }
    } catch (error) {
      log.warn({ err: error, purchase: purchase.id }, 'gift card purchase reconciliation failed')
    }
  }
  return { issued, kept: due.length - issued - (abandoned - abandonedUnstarted.length), abandoned }
}
