import { and, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { CAMPAIGN_BOUNCE_LIMIT } from '../../../shared/campaigns/rules'
import { crashPoint } from '../../crash-points'
import type { Database } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { isDatabaseUnreachable } from '../../db/reachability'
import { PeriodicRound } from '../../jobs/periodic'
import { CAMPAIGN_MAIL_PRIORITY } from '../mail/claim'
import { CAMPAIGN_MAIL_KIND } from './mail'
import { campaigns } from './schema'

const BatchRow = z.object({ taken: z.number().int(), queued: z.number().int(), moved: z.number().int() })

// Sending a campaign (issue 38) is queueing it: one outbox row per recipient, which the mail
// worker then sends like any other mail, after the shop's own and at MAIL_RATE_PER_MINUTE.
//
// Exactly once each, whatever stops the shop:
// - the recipients are the subscribers confirmed when sending started (started_at), taken in id
//   order, a batch per transaction; the campaign row is locked FOR UPDATE SKIP LOCKED for the
//   batch, so a second instance passes over a campaign another is queueing;
// - each batch inserts its rows ON CONFLICT (campaign_id, to_address) DO NOTHING and moves the
//   campaign's cursor (last_subscriber_id) in the same transaction: a batch is whole or absent;
// - after a crash (the crash point campaign-after-batch) the next round goes on from the cursor;
//   were a batch ever queued twice, the unique key would add nobody twice.
// The outbox worker's claims (mail/claim.ts) then give each row to one worker at a time.

export interface CampaignSenderOptions {
  db: Database
  log: { warn(obj: unknown, msg: string): void }
  /** Called after a batch commits: the mail worker's kick. */
  onQueued?: () => void
  /** Between two rounds (scheduled campaigns start within it). */
  everyMs?: number
  batch?: number
  /** The clock: when a scheduled campaign is due, and when sending started. */
  now?: () => Date
  /** Tests on PGlite: what a kill after a batch's commit would stop (the real one is crashPoint). */
  afterBatch?: () => void
}

export class CampaignSender {
  private readonly periodic: PeriodicRound<{ queued: number }>
  private readonly batch: number
  private readonly now: () => Date
  private readonly afterBatch: () => void

  constructor(private readonly options: CampaignSenderOptions) {
    this.batch = options.batch ?? 500
    this.now = options.now ?? (() => new Date())
    this.afterBatch = options.afterBatch ?? (() => crashPoint('campaign-after-batch'))
    this.periodic = new PeriodicRound(() => this.round(), {
      everyMs: options.everyMs ?? 30_000,
      firstAfterMs: 0,
      onError: (error) => {
        if (!isDatabaseUnreachable(error))
          this.options.log.warn({ err: error }, 'campaign sender: round failed')
      },
    })
  }

  start(): void {
    this.periodic.start()
  }

  stop(): Promise<void> {
    return this.periodic.stop()
  }

  /** A campaign was sent now: queue it at once rather than at the next round. */
  kick(): void {
    this.periodic.kick()
  }

  /** One round: starts the due scheduled campaigns, queues every campaign sending, finishes those done. */
  runOnce(): Promise<{ queued: number }> {
    return this.periodic.runOnce()
  }

  private async round(): Promise<{ queued: number }> {
    const { db } = this.options
    const now = this.now()
    // A scheduled campaign starts: its recipients are the subscribers confirmed by now.
    await db.execute(sql`update campaigns set status = 'sending', started_at = ${now.toISOString()}::timestamptz,
      updated_at = now() where status = 'scheduled' and send_at <= ${now.toISOString()}::timestamptz`)
    const sending = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.status, 'sending'), isNull(campaigns.queuedAt)))
      .orderBy(campaigns.id)
    let queued = 0
    for (const { id } of sending) {
      for (;;) {
        const batch = await this.queueBatch(id)
        if (batch === undefined) break // another instance holds it, or it is all queued
        queued += batch.queued
        this.afterBatch()
        if (batch.queued > 0) this.options.onQueued?.()
        if (batch.done) break
      }
    }
    // Done when every recipient is queued and none of its messages is still waiting to go.
    await db.execute(sql`update campaigns c set status = 'sent', finished_at = now(), updated_at = now()
      where c.status = 'sending' and c.queued_at is not null
        and not exists (select from email_outbox o where o.campaign_id = c.id and o.status = 'pending')`)
    return { queued }
  }

  /** One batch of one campaign in one transaction; undefined when there was nothing to take. */
  private queueBatch(id: number): Promise<{ queued: number; done: boolean } | undefined> {
    return this.options.db.transaction(async (tx) => {
      const [campaign] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.status, 'sending'), isNull(campaigns.queuedAt)))
        .for('update', { skipLocked: true })
      if (!campaign) return undefined
      const [result] = await queryRows(
        tx,
        BatchRow,
        sql`with batch as (
              select n.id, n.email from newsletters n, campaigns c
              where c.id = ${id} and n.confirmed_at is not null and n.confirmed_at <= c.started_at
                and n.bounce_count < ${CAMPAIGN_BOUNCE_LIMIT} and n.id > c.last_subscriber_id
              order by n.id
              limit ${this.batch}
            ),
            queued as (
              insert into email_outbox (kind, to_address, payload, priority, campaign_id)
              select ${CAMPAIGN_MAIL_KIND}, email,
                jsonb_build_object('campaignId', ${id}::int, 'subscriberId', id), ${CAMPAIGN_MAIL_PRIORITY}::int, ${id}::int
              from batch
              on conflict (campaign_id, to_address) where campaign_id is not null do nothing
              returning 1
            ),
            moved as (
              update campaigns set
                last_subscriber_id = coalesce((select max(id) from batch), last_subscriber_id),
                recipients = recipients + (select count(*) from queued),
                queued_at = case when (select count(*) from batch) < ${this.batch} then now() end
              where id = ${id}
              returning 1
            )
            select (select count(*) from batch)::int as taken, (select count(*) from queued)::int as queued,
              (select count(*) from moved)::int as moved`,
      )
      return { queued: result?.queued ?? 0, done: (result?.taken ?? 0) < this.batch }
    })
  }
}
