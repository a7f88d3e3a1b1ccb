import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { formatCents } from '../../../shared/money'
import { type RefundStatus, reasonClause } from '../../../shared/orders/refunds'
import { PAYMENT_STATUS_LABELS } from '../../../shared/orders/rules'
import { crashPoint } from '../../crash-points'
import type { Database } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { conflict, notFound } from '../../errors'
import { PeriodicRound } from '../../jobs/periodic'
import type { JobLog } from '../../jobs/runner'
import { jobMetrics } from '../metrics/registry'
import { recordEvent } from '../orders/events'
import type { PaymentProvider } from '../payments/provider'
import { applyRefunds, lockOrder } from './ledger'
import { refunds } from './schema'

// The second half of every card refund (docs/decisions/011): the row was written, pending, in the
// transaction that decided the refund; this calls the provider with the row's idempotency key and
// marks it done. Any number of workers, here and on other instances, may run: a row is claimed by
// a conditional update that pushes its next attempt past a lease, so one worker calls the provider
// at a time, and a worker that dies mid-call leaves the row to the next once the lease ends. The
// idempotency key makes that second call the first refund's replay, never a second refund.

export interface RefundDeps {
  db: Database
  provider: PaymentProvider
  log?: JobLog
}

/** After this many failed calls a refund is marked failed and waits for the owner's retry. */
export const REFUND_MAX_ATTEMPTS = 5
/** Far longer than a provider call takes (the Stripe adapter gives up well before). */
export const REFUND_LEASE_SECONDS = 120
const MAX_ERROR_LENGTH = 1000
/** The worker's name in the job metrics (jade_job_*). */
const REFUND_JOB = 'card refunds'

/** Seconds before the next try after `attempts` failures: 1 min, 4 min, 16 min, 64 min. */
export function refundRetryDelaySeconds(attempts: number): number {
  return Math.min(60 * 4 ** Math.max(attempts - 1, 0), 6 * 60 * 60)
}

const ClaimedRefund = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  amount: z.number().int(),
  reason: z.string(),
  paymentIntentId: z.string(),
  idempotencyKey: z.string(),
  attempts: z.number().int(),
})
type ClaimedRefund = z.input<typeof ClaimedRefund>

/** Takes one due pending refund matching `where` for this worker, or none. */
async function claim(db: Database, where: SQL): Promise<ClaimedRefund | undefined> {
  const [row] = await queryRows(
    db,
    ClaimedRefund,
    sql`update refunds set attempts = attempts + 1,
          next_attempt_at = now() + ${REFUND_LEASE_SECONDS} * interval '1 second'
        where id = (
          select id from refunds where status = 'pending' and next_attempt_at <= now() and ${where}
          order by next_attempt_at, id limit 1 for update skip locked)
        returning id, order_id as "orderId", amount, reason, payment_intent_id as "paymentIntentId",
          idempotency_key as "idempotencyKey", attempts`,
  )
  return row
}

/**
 * Tries the refund `id` now if it is due and no other worker holds it (called right after the
 * commit that wrote it, so the owner usually sees it done at once). Answers its state after.
 */
export async function processRefund(deps: RefundDeps, id: number): Promise<RefundStatus | undefined> {
  const row = await claim(deps.db, sql`id = ${id}`)
  return row ? attempt(deps, row) : undefined
}

async function attempt(deps: RefundDeps, row: ClaimedRefund): Promise<RefundStatus> {
  let reference: string
  try {
    reference = (await deps.provider.refundAmount(row.paymentIntentId, row.amount, row.idempotencyKey)).id
  } catch (error) {
    jobMetrics.failed(REFUND_JOB)
    return recordFailure(deps, row, error)
  }
  crashPoint('refund-after-provider')
  await markDone(deps.db, row, reference)
  return 'done'
}

/**
 * The provider made the refund: the row is done and the order's refunded amount and payment
 * status follow from its done refunds, with the order locked as when the refund was decided.
 */
async function markDone(db: Database, row: ClaimedRefund, reference: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = row.orderId === null ? undefined : await lockOrder(tx, row.orderId)
    const marked = await tx
      .update(refunds)
      .set({
        status: 'done',
        providerReference: reference,
        completedAt: sql`now()`,
        nextAttemptAt: null,
        lastError: null,
      })
      .where(and(eq(refunds.id, row.id), ne(refunds.status, 'done')))
      .returning({ id: refunds.id })
    if (marked.length === 0 || !order) return
    const after = await applyRefunds(tx, order)
    await recordEvent(
      tx,
      order.id,
      'refund',
      `${formatCents(row.amount)} refunded by card (${reference}): ${reasonClause(row.reason)}. ${PAYMENT_STATUS_LABELS[after]}`,
      null,
    )
  })
}

async function recordFailure(deps: RefundDeps, row: ClaimedRefund, error: unknown): Promise<RefundStatus> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH)
  const givenUp = row.attempts >= REFUND_MAX_ATTEMPTS
  deps.log?.warn({ err: error, refundId: row.id, attempts: row.attempts }, 'card refund failed')
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`update refunds set last_error = ${message}, status = ${givenUp ? 'failed' : 'pending'},
            next_attempt_at = ${givenUp ? null : sql`now() + ${refundRetryDelaySeconds(row.attempts)} * interval '1 second'`}
          where id = ${row.id} and status = 'pending'`,
    )
    if (givenUp && row.orderId !== null)
      await recordEvent(
        tx,
        row.orderId,
        'refund',
        `Card refund of ${formatCents(row.amount)} failed after ${row.attempts} attempts (${message}): retry it from the order`,
        null,
      )
  })
  return givenUp ? 'failed' : 'pending'
}

/** The owner's retry of a failed refund: back in the queue with its attempts reset, and tried now. */
export async function retryRefund(deps: RefundDeps, orderId: number, refundId: number): Promise<void> {
  const thisRefund = and(eq(refunds.id, refundId), eq(refunds.orderId, orderId))
  const requeued = await deps.db
    .update(refunds)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(thisRefund, eq(refunds.status, 'failed')))
    .returning({ id: refunds.id })
  if (requeued.length === 0) {
    const [exists] = await deps.db.select({ id: refunds.id }).from(refunds).where(thisRefund)
    if (!exists) throw notFound('Refund not found')
    throw conflict('This refund is not waiting for a retry')
  }
  await processRefund(deps, refundId)
}

/**
 * Finishes the pending refunds in the background: whatever a crash, an outage or a restart left
 * behind. stop() waits for the round in progress.
 */
export class RefundWorker {
  private readonly periodic: PeriodicRound<number>

  constructor(
    private readonly deps: RefundDeps,
    everyMs = 30_000,
  ) {
    this.periodic = new PeriodicRound(() => this.round(), {
      everyMs,
      firstAfterMs: Math.min(5_000, everyMs),
      onError: (error) => this.deps.log?.warn({ err: error }, 'refund worker failed'),
    })
  }

  start(): void {
    this.periodic.start()
  }

  stop(): Promise<void> {
    return this.periodic.stop()
  }

  /** Every due refund, one after another; answers how many were tried. */
  runOnce(): Promise<number> {
    return this.periodic.runOnce()
  }

  private async round(): Promise<number> {
    let tried = 0
    for (;;) {
      // Shutting down: the refund in hand finishes (stop() waits for it), no new one starts.
      const row = this.periodic.halting ? undefined : await claim(this.deps.db, sql`true`)
      if (!row) {
        jobMetrics.ran(REFUND_JOB, tried)
        return tried
      }
      await attempt(this.deps, row)
      tried++
    }
  }
}
