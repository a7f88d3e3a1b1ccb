import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isDatabaseUnreachable } from '../../db/reachability'
import { newsletters } from '../newsletter/schema'
import { claimDueMail } from './claim'
import { emailOutbox } from './schema'
import type { MailTransport } from './transport'

type OutboxRow = typeof emailOutbox.$inferSelect

/** A message's content, as a template writes it. */
export interface RenderedMail {
  subject: string
  text: string
  html?: string
  replyTo?: string
  headers?: Record<string, string>
}

/**
 * Writes the messages queued as a payload rather than as finished text, a batch at a time (one
 * database read for the batch, not one per message); undefined where the payload no longer
 * leads anywhere (the message is then retried and in the end given up on), null where it is no
 * longer to be sent at all (a campaign's reader unsubscribed since it was queued: marked skipped).
 */
export type MailRenderer = (payloads: unknown[]) => Promise<(RenderedMail | undefined | null)[]>

export interface MailWorkerLog {
  info(msg: string): void
  warn(obj: unknown, msg: string): void
}

export interface MailWorkerOptions {
  db: Database
  transport: MailTransport
  /** The From header, e.g. `Jade Shop <hello@jadeshop.example>` (MAIL_FROM). */
  from: string
  /** Fastify's logger fits; without one, warnings go to the console. */
  log?: MailWorkerLog
  /** By outbox kind: how to write the messages queued with a payload. */
  renderers?: Record<string, MailRenderer>
  /**
   * True while shoppers keep the server busy. Mail then yields to them: one batch every pacedMs
   * instead of batch after batch, and the backlog goes out once the rush is over.
   */
  busy?: () => boolean
  pacedMs?: number
  pollMs?: number
  batchSize?: number
  /** MAIL_RATE_PER_MINUTE: campaign mail is claimed at most this many a minute (with the shop's own). */
  ratePerMinute?: number
  /** The clock of the pace; tests fix it. */
  now?: () => Date
}

/** What a renderer's null becomes: a message not to be sent any more (see MailRenderer). */
const SKIPPED = Symbol('skipped')
type Content = RenderedMail | Error | typeof SKIPPED

/** After this many failed sends a message is given up on and marked failed. */
export const MAX_ATTEMPTS = 8

const MAX_ERROR_LENGTH = 2000

/** Seconds before the next try after `attempts` failures: 30 s, 1 min, 2 min... at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 60 * 60)
}

/** Stable per outbox row: a message sent again after a crash carries the same Message-ID. */
export function outboxMessageId(id: number): string {
  return `<outbox-${id}@jade-shop>`
}

/**
 * Sends the e-mail outbox. Any number of workers, in this process or in other instances sharing
 * the database, may run at once: a row is claimed by exactly one of them at a time.
 */
export class MailWorker {
  private readonly db: Database
  private readonly transport: MailTransport
  private readonly from: string
  private readonly log: MailWorkerLog
  private readonly pollMs: number
  private readonly batchSize: number
  private readonly renderers: Record<string, MailRenderer>
  private readonly busy: () => boolean
  private readonly pacedMs: number
  private readonly ratePerMinute: number
  private readonly now: () => Date

  private started = false
  private timer: NodeJS.Timeout | undefined
  private dueAt = 0
  private looping = false
  private runAgain = false
  private readonly inFlight = new Set<Promise<unknown>>()
  private readonly campaignMailSentListeners: Array<() => void> = []

  constructor(options: MailWorkerOptions) {
    this.db = options.db
    this.transport = options.transport
    this.from = options.from
    this.log = options.log ?? {
      info: () => {},
      warn: (obj, msg) => console.warn(msg, obj),
    }
    this.pollMs = options.pollMs ?? 2000
    this.batchSize = options.batchSize ?? 25
    this.renderers = options.renderers ?? {}
    this.busy = options.busy ?? (() => false)
    this.pacedMs = options.pacedMs ?? 250
    this.ratePerMinute = options.ratePerMinute ?? Number.POSITIVE_INFINITY
    this.now = options.now ?? (() => new Date())
  }

  /**
   * Called after a run that sent campaign mail and found no more due: the campaign sender then
   * marks a campaign whose last message has gone as sent at once, not at its next round.
   */
  onCampaignMailSent(listener: () => void): void {
    this.campaignMailSentListeners.push(listener)
  }

  /** Runs at once (mail may have piled up while the shop was down), then every pollMs. */
  start(): void {
    if (this.started) return
    this.started = true
    this.schedule(0)
  }

  /** Stops polling and waits for a run in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    this.started = false
    clearTimeout(this.timer)
    this.timer = undefined
    await Promise.allSettled([...this.inFlight])
  }

  /**
   * Runs soon instead of at the next poll; a run in progress is followed by another one. Call it
   * after the transaction that enqueued mail has committed: a run before the commit cannot see the
   * row. The app's one worker is `app.mailWorker`; code that queues mail is handed its kick.
   */
  kick(): void {
    if (!this.started) return
    if (this.looping) this.runAgain = true
    else this.scheduleBy(this.soon())
  }

  /** Claims the due messages, sends them and records the outcome; resolves to the number sent. */
  async runOnce(): Promise<number> {
    const run = this.run()
    this.inFlight.add(run)
    try {
      return (await run).sent
    } finally {
      this.inFlight.delete(run)
    }
  }

  /** At once when the shop is quiet; after a pause while shoppers keep the server busy. */
  private soon(): number {
    return this.busy() ? this.pacedMs : 0
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer)
    this.dueAt = Date.now() + delayMs
    this.timer = setTimeout(() => void this.loop(), delayMs)
    // A waiting poll must not keep the process alive (tests, scripts, graceful shutdown).
    this.timer.unref()
  }

  /** Like schedule, but never later than a run already scheduled. */
  private scheduleBy(delayMs: number): void {
    if (this.timer && this.dueAt <= Date.now() + delayMs) return
    this.schedule(delayMs)
  }

  private async loop(): Promise<void> {
    this.timer = undefined
    this.looping = true
    this.runAgain = false
    let more = false
    const run = this.run()
    this.inFlight.add(run)
    try {
      const { claimed } = await run
      // A full batch suggests more is due: carry on without waiting for the next poll.
      more = claimed === this.batchSize
    } catch (error) {
      // While the database is away the outage is logged once (db/reachability.ts), not every poll.
      if (!isDatabaseUnreachable(error)) this.log.warn({ err: error }, 'mail worker: run failed')
    } finally {
      this.inFlight.delete(run)
      this.looping = false
    }
    if (this.started) this.schedule(more || this.runAgain ? this.soon() : this.pollMs)
  }

  private async run(): Promise<{ claimed: number; sent: number }> {
    const rows = await claimDueMail(this.db, {
      batchSize: this.batchSize,
      ratePerMinute: this.ratePerMinute,
      now: this.now(),
    })
    if (rows.length === 0) return { claimed: 0, sent: 0 }
    const contents = await this.render(rows)
    const skipped = rows.filter((_, index) => contents[index] === SKIPPED).map((row) => row.id)
    const outcomes = await Promise.all(
      rows.map((row, index) => (contents[index] === SKIPPED ? false : this.deliver(row, contents[index]!))),
    )
    const sent = rows.filter((_, index) => outcomes[index]).map((row) => row.id)
    await this.recordSent(sent)
    await this.recordOutcome(skipped, 'skipped')
    // A full batch means more may be due; the listeners hear once the campaign's mail runs dry.
    if (rows.length < this.batchSize && rows.some((row) => row.campaignId !== null))
      for (const listener of this.campaignMailSentListeners) listener()
    return { claimed: rows.length, sent: sent.length }
  }

  /** Each row's content: its own text, or its renderer's output from its payload. */
  private async render(rows: OutboxRow[]): Promise<Content[]> {
    const contents: Content[] = rows.map((row) =>
      row.payload === null
        ? {
            subject: row.subject ?? '',
            text: row.textBody ?? '',
            html: row.htmlBody ?? undefined,
            replyTo: row.replyTo ?? undefined,
            headers: row.headers ?? undefined,
          }
        : new Error(`no renderer for ${row.kind} mail`),
    )
    const kinds = new Set(rows.filter((row) => row.payload !== null).map((row) => row.kind))
    for (const kind of kinds) {
      const renderer = this.renderers[kind]
      if (!renderer) continue
      const indexes = rows.flatMap((row, index) => (row.kind === kind && row.payload !== null ? [index] : []))
      try {
        const rendered = await renderer(indexes.map((index) => rows[index]!.payload))
        indexes.forEach((rowIndex, i) => {
          const mail = rendered[i]
          contents[rowIndex] =
            mail === null ? SKIPPED : (mail ?? new Error(`the ${kind} mail's subject no longer exists`))
        })
      } catch (error) {
        for (const rowIndex of indexes) contents[rowIndex] = error as Error
      }
    }
    return contents
  }

  /** Sends one claimed row, or records why it could not; resolves to whether it was sent. */
  private async deliver(row: OutboxRow, content: RenderedMail | Error): Promise<boolean> {
    try {
      if (content instanceof Error) throw content
      await this.transport.send({
        from: this.from,
        to: row.toAddress,
        ...content,
        messageId: outboxMessageId(row.id),
        kind: row.kind,
      })
    } catch (error) {
      await this.recordFailure(row, error)
      return false
    }
    this.log.info(`mail ${row.kind} #${row.id} sent`)
    return true
  }

  /** Marks messages not to be sent any more (see MailRenderer). */
  private async recordOutcome(ids: number[], status: 'skipped'): Promise<void> {
    if (ids.length === 0) return
    await this.db
      .update(emailOutbox)
      .set({ status })
      .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending')))
      .catch((error) => this.log.warn({ err: error, mailIds: ids }, 'mail worker: outcome not recorded'))
  }

  /** Marks a batch's sent messages, in one statement. */
  private async recordSent(ids: number[]): Promise<void> {
    if (ids.length === 0) return
    try {
      // The last error stays as the history of why a message was late.
      await this.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: sql`now()` })
        .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending')))
    } catch (error) {
      // The messages went out but are still marked pending: they are sent again when the lease
      // ends, with the same Message-ID. Better twice than never.
      this.log.warn({ err: error, mailIds: ids }, 'mail worker: sent but not recorded')
    }
  }

  private async recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH)
    // A campaign message the recipient's server refuses for good (5xx) is not tried again, and
    // marks the address as bouncing: from CAMPAIGN_BOUNCE_LIMIT such refusals on, campaigns skip it.
    const bounced = row.campaignId !== null && isPermanentRefusal(error)
    const giveUp = bounced || row.attempts >= MAX_ATTEMPTS
    this.log.warn(
      { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts },
      giveUp ? 'mail worker: giving up on a message' : 'mail worker: send failed, will retry',
    )
    try {
      await this.db
        .update(emailOutbox)
        .set(
          giveUp
            ? { status: 'failed', lastError: message }
            : {
                lastError: message,
                nextAttemptAt: sql`now() + ${retryDelaySeconds(row.attempts)}::int * interval '1 second'`,
              },
        )
        // Only while our lease holds: if it ran out and another worker has since claimed (or sent)
        // the row, this late failure must not undo that worker's outcome.
        .where(
          and(
            eq(emailOutbox.id, row.id),
            eq(emailOutbox.status, 'pending'),
            eq(emailOutbox.attempts, row.attempts),
          ),
        )
      if (bounced)
        await this.db
          .update(newsletters)
          .set({ bounceCount: sql`${newsletters.bounceCount} + 1`, lastBounceAt: sql`now()` })
          .where(eq(newsletters.email, row.toAddress))
    } catch (dbError) {
      // Left as claimed: the row is retried when its lease ends.
      this.log.warn({ err: dbError, mailId: row.id }, 'mail worker: failure not recorded')
    }
  }
}

/** An SMTP reply in the 5xx range (nodemailer's responseCode): the server will not take it, ever. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}
