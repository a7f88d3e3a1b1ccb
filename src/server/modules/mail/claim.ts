import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Database, DbOrTx } from '../../db/client'
import { emailOutbox } from './schema'

type OutboxRow = typeof emailOutbox.$inferSelect

/** The shop's own mail (orders, accounts, the newsletter's confirmations). */
export const SHOP_MAIL_PRIORITY = 0
/** Newsletter campaign mail: after the shop's own, at the pace. */
export const CAMPAIGN_MAIL_PRIORITY = 1

// The claims of campaign mail from every instance take turns on this transaction-level advisory
// lock, so two instances cannot both spend the last minute's budget of the pace.
const PACE_LOCK = 0x6a616438 // "jad8": issue 38

// A claimed row is invisible to other workers until its lease ends. A send that takes longer (or
// an instance that dies mid-send) lets another worker pick the row up again, so the lease is far
// longer than the SMTP transport's own time limits (smtp-transport.ts).
export const LEASE_SECONDS = 5 * 60

export interface ClaimOptions {
  batchSize: number
  /** MAIL_RATE_PER_MINUTE: campaign mail is claimed while the last minute's claims stay below it. */
  ratePerMinute: number
  now: Date
}

/**
 * Takes a lease on up to batchSize due rows: the shop's own mail first, whatever the pace; then,
 * in the room left, campaign mail within the pace. In one short transaction: lock the rows with
 * FOR UPDATE SKIP LOCKED (rows another worker is claiming right now are passed over, not waited
 * for), count the attempt and move next_attempt_at past the lease. Once that commits no other
 * worker sees the rows as due, and no lock is held during the slow network send.
 */
export async function claimDueMail(db: Database, options: ClaimOptions): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const shop = await dueIds(tx, SHOP_MAIL_PRIORITY, options.batchSize)
    let room = options.batchSize - shop.length
    const campaign: number[] = []
    if (room > 0 && (await anyDue(tx, CAMPAIGN_MAIL_PRIORITY))) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PACE_LOCK})`)
      const minuteAgo = new Date(options.now.getTime() - 60_000)
      const [spent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(gt(emailOutbox.claimedAt, minuteAgo))
      room = Math.min(room, options.ratePerMinute - (spent?.n ?? 0) - shop.length)
      if (room > 0) campaign.push(...(await dueIds(tx, CAMPAIGN_MAIL_PRIORITY, room)))
    }
    const ids = [...shop, ...campaign]
    if (ids.length === 0) return []
    const rows = await tx
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${LEASE_SECONDS}::int * interval '1 second'`,
        claimedAt: options.now,
      })
      .where(inArray(emailOutbox.id, ids))
      .returning()
    // The shop's mail first in the batch too, as it was claimed.
    return rows.sort((a, b) => a.priority - b.priority || a.id - b.id)
  })
}

// 'pending' is written into the statement, not sent as a parameter: the claim's index holds only
// pending rows (schema.ts), and under the pool's generic plans (db/client.ts) PostgreSQL cannot
// tell that `status = $1` matches it, so it would read the whole outbox on every claim.
const isDue = (priority: number) =>
  and(
    sql`${emailOutbox.status} = 'pending'`,
    eq(emailOutbox.priority, priority),
    lte(emailOutbox.nextAttemptAt, sql`now()`),
  )

/** The claim's look-up of due rows, by the claim's index (outbox-indexes.test.ts reads its plan). */
export const dueRows = (tx: DbOrTx, priority: number, limit: number) =>
  tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(isDue(priority))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true })

async function dueIds(tx: DbOrTx, priority: number, limit: number): Promise<number[]> {
  const rows = await dueRows(tx, priority, limit)
  return rows.map((row) => row.id)
}

async function anyDue(tx: DbOrTx, priority: number): Promise<boolean> {
  const rows = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(isDue(priority)).limit(1)
  return rows.length > 0
}
