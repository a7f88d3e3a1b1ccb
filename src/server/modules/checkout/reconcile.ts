import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { idRow, queryRows } from '../../db/query-rows'
import { isDomainError } from '../../errors'
import { PeriodicRound } from '../../jobs/periodic'
import { type JobLog, SWEEP_LOCK } from '../../jobs/runner'
import { ABANDONED_ATTEMPT_AGE_MS } from '../../jobs/sweeps'
import { awaitsReminder, timestamp } from '../checkout-reminders/reminder-window'
import { reconcileGiftCardPurchases } from '../gift-cards/purchase-reconcile'
import { jobMetrics } from '../metrics/registry'
import type { PaymentIntent, PaymentProvider } from '../payments/provider'
import { completeCardPayment } from './card'
import type { CheckoutContext } from './checkout-context'

// A card checkout whose browser never came back and whose webhook never came (STRIPE_WEBHOOK_SECRET
// is optional) still took the money. Every few minutes, one instance at a time, the attempts older
// than half an hour that have no order yet are looked up at the provider:
// - succeeded: the order is placed as the webhook would have placed it, or, when a piece sold
//   meanwhile, the payment goes back through the refund path (docs/decisions/011);
// - processing (or waiting for the shopper's bank): kept, and asked again later;
// - canceled: marked failed at once; never confirmed: kept for the shopper's reminder and a late
//   payment, and marked failed once the day is over.
// The data sweep (jobs/sweeps.ts) deletes only failed attempts: none is swept without asking.

/** An attempt is looked up once it is this old: a shopper paying now has long come back by then. */
export const RECONCILE_AFTER_MS = 30 * 60_000
/** The reconciliation's advisory lock: issue 30's number past the sweeps' own. */
export const RECONCILE_LOCK = SWEEP_LOCK + 30
const BATCH = 50

export interface ReconcileDeps {
  db: Database
  provider: PaymentProvider
  context: CheckoutContext
  log: JobLog
  /** ABANDONED_CHECKOUT_HOURS: an attempt awaiting its reminder is not failed before it. */
  checkoutReminderHours: number
  /** Called when an order was placed (its e-mails queued, the catalogue changed). */
  onOrder?: () => void
  /** The clock; tests fix it, as they do the sweeps'. */
  now?: () => Date
}

export type ReconcileOutcome = 'placed' | 'refunded' | 'kept' | 'failed'

const DueAttempt = z.object({
  id: z.number().int(),
  intentId: z.string(),
  /** Older than the day an unpaid attempt is kept. */
  expired: z.boolean(),
})
type DueAttempt = z.input<typeof DueAttempt>

const LockRow = z.object({ locked: z.boolean() })

/**
 * Takes the attempts due a look, under the lock that keeps other instances out of this round. An
 * attempt is asked about again after a quarter of its age (between five minutes and an hour), so
 * an old one costs the provider few calls. Null when another instance holds the lock.
 */
async function dueAttempts(db: Database, at: Date): Promise<DueAttempt[] | null> {
  const now = timestamp(at)
  return db.transaction(async (tx) => {
    const [lock] = await queryRows(
      tx,
      LockRow,
      sql`select pg_try_advisory_xact_lock(${RECONCILE_LOCK}) as locked`,
    )
    if (!lock?.locked) return null
    return queryRows(
      tx,
      DueAttempt,
      sql`update checkout_attempts set provider_checked_at = ${now}
          where id in (
            select id from checkout_attempts a
            where a.order_id is null and a.status = 'pending'
              and a.created_at < ${now} - ${RECONCILE_AFTER_MS / 1000} * interval '1 second'
              and (a.provider_checked_at is null or a.provider_checked_at < ${now}
                - greatest(interval '5 minutes', least((${now} - a.created_at) / 4, interval '1 hour')))
            order by a.created_at limit ${BATCH})
          returning id, payment_intent_id as "intentId",
            created_at < ${now} - ${ABANDONED_ATTEMPT_AGE_MS / 1000} * interval '1 second' as expired`,
    )
  })
}

/** One round: every attempt due a look. Answers the outcomes, or null when another instance ran it. */
export async function reconcileCheckouts(
  deps: ReconcileDeps,
): Promise<Record<ReconcileOutcome, number> | null> {
  const at = deps.now?.() ?? new Date()
  const due = await dueAttempts(deps.db, at)
  if (due === null) {
    jobMetrics.skipped('checkout reconciliation')
    return null
  }
  const counts: Record<ReconcileOutcome, number> = { placed: 0, refunded: 0, kept: 0, failed: 0 }
  for (const attempt of due) {
    try {
      counts[await reconcileAttempt(deps, attempt, at)]++
    } catch (error) {
      jobMetrics.failed('checkout reconciliation')
      deps.log.warn({ err: error, intent: attempt.intentId }, 'checkout reconciliation failed')
    }
  }
  // Gift cards bought by card (issue 36) are asked about in the same round, by the same instance.
  try {
    const giftCards = await reconcileGiftCardPurchases(deps.db, deps.provider, deps.context, deps.log, at)
    if (giftCards.issued > 0) deps.onOrder?.()
    if (giftCards.issued + giftCards.abandoned > 0)
      deps.log.info(
        { issued: giftCards.issued, abandoned: giftCards.abandoned },
        'gift card purchase reconciliation done',
      )
  } catch (error) {
    deps.log.warn({ err: error }, 'gift card purchase reconciliation failed')
  }
  jobMetrics.ran('checkout reconciliation', due.length)
  if (counts.placed + counts.refunded + counts.failed > 0)
    deps.log.info({ handled: counts }, 'checkout reconciliation done')
  return counts
}

async function reconcileAttempt(
  deps: ReconcileDeps,
  attempt: DueAttempt,
  at: Date,
): Promise<ReconcileOutcome> {
  let intent: PaymentIntent | undefined
  try {
    intent = await deps.provider.retrieveIntent(attempt.intentId)
  } catch (error) {
    // Not the provider's (a shop that changed providers): nothing was ever paid through it.
    if (!isDomainError(error, 'not-found')) throw error
  }
  if (intent?.status === 'succeeded') {
    try {
      const placed = await completeCardPayment(deps.db, deps.provider, deps.context, attempt.intentId)
      if (placed.created) deps.onOrder?.()
      return 'placed'
    } catch (error) {
      // A piece sold meanwhile: completeCardPayment wrote the refund and had the worker make it.
      if (!isDomainError(error, 'conflict')) throw error
      deps.log.warn(
        { intent: attempt.intentId, reason: error.message },
        'paid checkout not turned into an order',
      )
      return 'refunded'
    }
  }
  if (intent?.status === 'processing') return 'kept'
  const canceled = intent === undefined || intent.status === 'canceled'
  if (!canceled && !attempt.expired) return 'kept'
  const failed = await queryRows(
    deps.db,
    idRow,
    sql`update checkout_attempts a set status = 'failed', updated_at = now()
        where a.id = ${attempt.id} and a.status = 'pending' and a.order_id is null
          and (${canceled} or not ${awaitsReminder(deps.checkoutReminderHours, at)})
        returning a.id`,
  )
  return failed.length > 0 ? 'failed' : 'kept'
}

/** Runs the reconciliation on a timer (every five minutes by default); stop() waits for a round. */
export class CheckoutReconciler {
  private readonly periodic: PeriodicRound<Record<ReconcileOutcome, number> | null>

  constructor(deps: ReconcileDeps, everyMs = 5 * 60_000) {
    this.periodic = new PeriodicRound(() => reconcileCheckouts(deps), {
      everyMs,
      firstAfterMs: Math.min(60_000, everyMs),
      onError: (error) => deps.log.warn({ err: error }, 'checkout reconciliation failed'),
    })
  }

  start(): void {
    this.periodic.start()
  }

  stop(): Promise<void> {
    return this.periodic.stop()
  }

  runOnce(): Promise<Record<ReconcileOutcome, number> | null> {
    return this.periodic.runOnce()
  }
}

/** The shop_settings row that says when the provider's webhook was last heard from. */
export const WEBHOOK_HEARD_KEY = 'payments.webhook-heard'

/**
 * Notes that a signed webhook arrived, at most once a minute: the dashboard warns when card
 * payments are made and the webhook has been silent for a day (a wrong secret, a moved endpoint).
 */
export async function noteWebhookHeard(db: Database): Promise<void> {
  await db.execute(sql`insert into shop_settings (key, value) values (${WEBHOOK_HEARD_KEY}, '{}'::jsonb)
    on conflict (key) do update set updated_at = now()
    where shop_settings.updated_at < now() - interval '1 minute'`)
}
