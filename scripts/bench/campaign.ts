import { randomUUID } from 'node:crypto'
import http from 'node:http'
import os from 'node:os'
import pg from 'pg'
import { signIn, withScratchDatabase } from './catalog'
import { percentile, post } from './http-client'
import { type AppServer, removeTempDir, startApp, stopChild } from './processes'

// A newsletter campaign to 10,000 readers (issue 38): how long sending takes to queue them, the
// pace the outbox worker holds (MAIL_RATE_PER_MINUTE, into the file transport that stands in for
// the relay), and what it costs the shop: checkout latency while it sends, beside the same load
// without it.

export const CAMPAIGN_PLAN = {
  subscribers: 10_000,
  /** The relay's pace for the bench: high, to see what the shop itself can hold. */
  ratePerMinute: 60_000,
  /** Checkouts in flight, as a few shoppers at once. */
  checkoutsInFlight: 4,
  /**
   * Their pace, the same with and without the campaign: a busy day, below the rush (200 requests
   * a second, http/traffic.ts) in which the outbox worker yields to shoppers and sends nothing.
   */
  checkoutsPerSecond: 20,
  /** The quiet run's length, and the longest the sending run watches. */
  quietS: 15,
  maxSendingS: 180,
}

export interface CampaignLatency {
  orders: number
  p50Ms: number
  p99Ms: number
  failures: number
}
export interface CampaignBenchResult {
  subscribers: number
  ratePerMinute: number
  queueMs: number
  sent: number
  sendingS: number
  messagesPerSecond: number
  quiet: CampaignLatency
  sending: CampaignLatency
  loadAverageStart: number
  loadAverageEnd: number
}
export type CampaignBenchOutcome = CampaignBenchResult | { error: string }

async function addReaders(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into newsletters (email, confirmed_at)
       select 'reader' || i || '@bench.example.com', now() - interval '1 day'
       from generate_series(1, $1::int) as i`,
      [CAMPAIGN_PLAN.subscribers],
    )
    await client.query('analyze newsletters')
  } finally {
    await client.end()
  }
}

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

interface Piece {
  id: number
  price: number
}

let buyer = 0
/** A Zelle order for one of a well-stocked piece, each from a shopper's own address. */
async function checkout(app: AppServer, agent: http.Agent, piece: Piece) {
  buyer++
  const shipping = piece.price >= 15_000 ? 0 : 695
  const body = {
    firstName: 'Mei',
    lastName: `Buyer ${buyer}`,
    email: `buyer${buyer}@bench.example.com`,
    phone: '(713) 555-0142',
    address: `${1000 + (buyer % 9000)} Main Street`,
    city: 'Houston',
    state: 'TX',
    zipCode: '77002',
    country: 'United States',
    paymentMethod: 'zelle',
    items: [{ productId: piece.id, quantity: 1, price: piece.price }],
    subtotal: piece.price,
    shippingCost: shipping,
    total: piece.price + shipping,
    idempotencyKey: randomUUID(),
  }
  const address = `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255 || 1}`
  const started = performance.now()
  const answer = await post(agent, `${app.baseUrl}/api/checkout`, body, {
    headers: { 'x-forwarded-for': address },
  })
  return { ms: performance.now() - started, ok: answer.status === 201 || answer.status === 200 }
}

/** Checkouts, a few in flight, until `done()` says stop. */
async function checkoutsUntil(
  app: AppServer,
  pieces: Piece[],
  done: () => boolean,
): Promise<CampaignLatency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CAMPAIGN_PLAN.checkoutsInFlight })
  const times: number[] = []
  let failures = 0
  try {
    await Promise.all(
      Array.from({ length: CAMPAIGN_PLAN.checkoutsInFlight }, async () => {
        const everyMs = (CAMPAIGN_PLAN.checkoutsInFlight / CAMPAIGN_PLAN.checkoutsPerSecond) * 1000
        while (!done()) {
          const { ms, ok } = await checkout(app, agent, pieces[buyer % pieces.length]!)
          if (ok) times.push(ms)
          else failures++
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - ms)))
        }
      }),
    )
  } finally {
    agent.destroy()
  }
  times.sort((a, b) => a - b)
  return { orders: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), failures }
}

interface CampaignState {
  status: string
  recipients: number
  sent: number
  failed: number
}

async function measure(databaseUrl: string): Promise<CampaignBenchResult> {
  let app: AppServer | undefined
  const rate = process.env.MAIL_RATE_PER_MINUTE
  process.env.MAIL_RATE_PER_MINUTE = String(CAMPAIGN_PLAN.ratePerMinute)
  const loadAverageStart = os.loadavg()[0] ?? 0
  try {
    app = await startApp({ databaseUrl, seedDemo: false })
    await addReaders(databaseUrl)
    const cookie = await signIn(app.baseUrl)
    const admin = (path: string, init: RequestInit = {}) =>
      fetch(`${app!.baseUrl}${path}`, {
        ...init,
        headers: { cookie, 'content-type': 'application/json', ...init.headers },
      })
    // Stock is at most 10,000 a piece: enough pieces that no run sells out.
    const pieces: Piece[] = []
    for (let index = 0; index < 6; index++)
      pieces.push(
        await json<Piece>(
          await admin('/api/products', {
            method: 'POST',
            body: JSON.stringify({
              name: `Bench campaign bangle ${index + 1}`,
              description: 'A natural Type A jadeite bangle, created for the campaign benchmark.',
              shortDescription: 'Type A green jadeite bangle',
              price: 18_000,
              imageUrls: ['/uploads/x-1280.webp'],
              category: 'bracelets',
              type: 'bangle',
              color: 'green',
              stockQuantity: 10_000,
            }),
          }),
        ),
      )

    // Without a campaign.
    const quietEnd = Date.now() + CAMPAIGN_PLAN.quietS * 1000
    const quiet = await checkoutsUntil(app, pieces, () => Date.now() > quietEnd)

    const campaign = await json<{ id: number }>(
      await admin('/api/admin/campaigns', {
        method: 'POST',
        body: JSON.stringify({
          subject: 'Celadon week',
          previewText: 'Four new pieces',
          body: '## Celadon week\n\nFour **new** pieces, this week only.',
          productIds: [pieces[0]!.id],
        }),
      }),
    )
    const sendStarted = performance.now()
    await json(await admin(`/api/admin/campaigns/${campaign.id}/send`, { method: 'POST', body: '{}' }))
    let current = await json<CampaignState>(await admin(`/api/admin/campaigns/${campaign.id}`))
    // Queued once the campaign counts its readers.
    while (current.recipients < CAMPAIGN_PLAN.subscribers) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      current = await json<CampaignState>(await admin(`/api/admin/campaigns/${campaign.id}`))
    }
    const queueMs = performance.now() - sendStarted

    // While it sends: the same checkouts, until it is sent or the watch ends.
    const sendingEnd = Date.now() + CAMPAIGN_PLAN.maxSendingS * 1000
    let finished = false
    const watcher = (async () => {
      while (!finished && Date.now() < sendingEnd) {
        await new Promise((resolve) => setTimeout(resolve, 500))
        current = await json<CampaignState>(await admin(`/api/admin/campaigns/${campaign.id}`))
        if (current.status === 'sent' || current.sent + current.failed >= current.recipients) finished = true
      }
      finished = true
    })()
    const sending = await checkoutsUntil(app, pieces, () => finished)
    await watcher
    const sendingS = (performance.now() - sendStarted) / 1000
    return {
      subscribers: CAMPAIGN_PLAN.subscribers,
      ratePerMinute: CAMPAIGN_PLAN.ratePerMinute,
      queueMs,
      sent: current.sent,
      sendingS,
      messagesPerSecond: current.sent / sendingS,
      quiet,
      sending,
      loadAverageStart,
      loadAverageEnd: os.loadavg()[0] ?? 0,
    }
  } finally {
    if (rate === undefined) delete process.env.MAIL_RATE_PER_MINUTE
    else process.env.MAIL_RATE_PER_MINUTE = rate
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
  }
}

/** A campaign to 10,000 confirmed readers on PostgreSQL, beside checkouts. */
export async function benchCampaign(postgresUrl: string): Promise<CampaignBenchOutcome> {
  console.info('campaign: PostgreSQL')
  try {
    return await withScratchDatabase(postgresUrl, measure)
  } catch (error) {
    return { error: (error as Error).stack ?? String(error) }
  }
}

const int = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => `${value.toFixed(1)} ms`

/** Its section of BENCHMARKS.md. */
export function campaignSection(outcome: CampaignBenchOutcome): string[] {
  const lines = [
    '## Newsletter campaign: 10,000 readers',
    '',
    `A fresh PostgreSQL database with ${int(CAMPAIGN_PLAN.subscribers)} confirmed readers; the owner sends a ` +
      `campaign now (one piece, Markdown body) with MAIL_RATE_PER_MINUTE=${int(CAMPAIGN_PLAN.ratePerMinute)}, ` +
      'each message written by the outbox worker into the file transport that stands in for the relay. ' +
      `Checkout latency: Zelle orders, ${CAMPAIGN_PLAN.checkoutsPerSecond} a second from ${CAMPAIGN_PLAN.checkoutsInFlight} ` +
      'shoppers at once (below the 200 requests a second at which the outbox worker yields to shoppers and sends nothing), ' +
      `for ${CAMPAIGN_PLAN.quietS} s ` +
      `without a campaign, then while it sends (watched for at most ${CAMPAIGN_PLAN.maxSendingS} s). ` +
      '"Time to queue" runs from the send request until the campaign counts every reader.',
    '',
  ]
  if ('error' in outcome) return [...lines, '```', outcome.error, '```']
  return [
    ...lines,
    `Time to queue: ${ms(outcome.queueMs)}. Sent ${int(outcome.sent)} of ${int(outcome.subscribers)} in ` +
      `${outcome.sendingS.toFixed(1)} s: ${outcome.messagesPerSecond.toFixed(1)} messages/s held ` +
      `(the relay's pace allows ${int(outcome.ratePerMinute / 60)}/s). Load average (1 min) ` +
      `${outcome.loadAverageStart.toFixed(2)} when the part started and ${outcome.loadAverageEnd.toFixed(2)} when it ended.`,
    '',
    '| checkout | orders | p50 | p99 | errors |',
    '|---|---:|---:|---:|---:|',
    ...(
      [
        ['without a campaign', outcome.quiet],
        ['while it sends', outcome.sending],
      ] as const
    ).map(
      ([label, run]) =>
        `| ${label} | ${int(run.orders)} | ${ms(run.p50Ms)} | ${ms(run.p99Ms)} | ${run.failures} |`,
    ),
  ]
}

/** Its line of the run's summary. */
export function campaignSummary(outcome: CampaignBenchOutcome): string {
  if ('error' in outcome) return `  campaign: ERROR ${outcome.error.split('\n')[0]}`
  return (
    `  campaign (10,000 readers): queued in ${ms(outcome.queueMs)}, ${outcome.messagesPerSecond.toFixed(1)} msg/s, ` +
    `checkout p99 ${ms(outcome.quiet.p99Ms)} without, ${ms(outcome.sending.p99Ms)} while sending`
  )
}
