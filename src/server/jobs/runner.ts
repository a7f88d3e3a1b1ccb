import { sql } from 'drizzle-orm'
import { crashPoint } from '../crash-points'
import type { Database } from '../db/client'
import { isDatabaseUnreachable } from '../db/reachability'
import { jobMetrics } from '../modules/metrics/registry'
import { PeriodicRound } from './periodic'
import { SWEEP_BATCH, type Sweep } from './sweeps'

export interface JobLog {
  info(obj: unknown, msg: string): void
  warn(obj: unknown, msg: string): void
}

// One number per runner for every instance of the shop: whoever holds this advisory lock runs
// the round; the others skip it rather than wait (DESIGN.md §7: one instance at a time).
export const SWEEP_LOCK = 0x6a616465 // "jade"

export interface SweepRunnerOptions {
  db: Database
  sweeps: Sweep[]
  log: JobLog
  /** Between two rounds; an hour by default. */
  everyMs?: number
  batch?: number
  /** The clock; tests fix it. */
  now?: () => Date
  /** The advisory lock that keeps other instances out; runners that may overlap need their own. */
  lockKey?: number
  /** What the log calls a round ('data sweeps'). */
  label?: string
}

/**
 * Runs the data sweeps on a timer. A round takes PostgreSQL's transaction-level advisory lock
 * for each batch, so two instances never sweep at once and a killed process leaves nothing
 * half-done (a batch is one statement in one transaction). stop() waits for a round in progress.
 */
export class SweepRunner {
  private readonly periodic: PeriodicRound<Record<string, number> | null>
  private readonly batch: number
  private readonly now: () => Date
  private readonly lockKey: number
  private readonly label: string

  constructor(private readonly options: SweepRunnerOptions) {
    const everyMs = options.everyMs ?? 60 * 60_000
    this.batch = options.batch ?? SWEEP_BATCH
    this.now = options.now ?? (() => new Date())
    this.lockKey = options.lockKey ?? SWEEP_LOCK
    this.label = options.label ?? 'data sweeps'
    this.periodic = new PeriodicRound(() => this.round(), {
      everyMs,
      firstAfterMs: Math.min(60_000, everyMs), // not in the start-up rush
      onError: (error) => {
        // While the database is away the outage is logged once (db/reachability.ts), not every round.
        if (!isDatabaseUnreachable(error)) this.options.log.warn({ err: error }, `${this.label} failed`)
      },
    })
  }

  start(): void {
    this.periodic.start()
  }

  stop(): Promise<void> {
    return this.periodic.stop()
  }

  /**
   * One round: every sweep, batch after batch until a batch comes back short. Answers the rows
   * deleted per sweep, or null when another instance held the lock.
   */
  runOnce(): Promise<Record<string, number> | null> {
    return this.periodic.runOnce()
  }

  private async round(): Promise<Record<string, number> | null> {
    const now = this.now()
    const counts: Record<string, number> = {}
    for (const sweep of this.options.sweeps) {
      counts[sweep.name] = 0
      for (;;) {
        // Shutting down: the batch in hand finishes (stop() waits for it), no new one starts.
        if (this.periodic.halting) return counts
        const removed = await this.options.db
          .transaction(async (tx) => {
            const result = await tx.execute(
              sql`select pg_try_advisory_xact_lock(${this.lockKey}) as "locked"`,
            )
            const [lock] = (result as unknown as { rows: { locked: boolean }[] }).rows
            if (!lock?.locked) return null
            const removed = await sweep.run(tx, now, this.batch)
            crashPoint('sweep:batch-deleted')
            return removed
          })
          .catch((error: unknown) => {
            jobMetrics.failed(sweep.name)
            throw error
          })
        if (removed === null) {
          jobMetrics.skipped(this.label)
          return null
        }
        jobMetrics.ran(sweep.name, removed)
        sweep.afterCommit?.(removed)
        counts[sweep.name]! += removed
        if (removed < this.batch) break
      }
    }
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
    if (total > 0) this.options.log.info({ handled: counts }, `${this.label} done`)
    return counts
  }
}
