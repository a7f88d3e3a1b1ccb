import autocannon from 'autocannon'
import pg from 'pg'
import { signIn, withScratchDatabase } from './catalog'
import { type AppServer, removeTempDir, startApp, stopChild } from './processes'

// The back office's inquiry inbox must stay fast as messages pile up (issue 12): the search, the
// tab counts and the page are SQL, never a filter over a fetched list.

export const INQUIRY_ROWS = 10_000
export const INQUIRY_TARGETS = { maxP99Ms: 50 }
/** One owner at the screen, then a few at once (several tabs, a second person). */
export const INQUIRY_PLAN = { connections: [1, 4], warmupS: 2, measuredS: 10 }
/** Searches an owner types: a common word (a fifth of the rows), an address, a name, and nothing. */
const SEARCHES = ['bangle', 'shopper427@', 'mei lin 12', 'no-such-words']

export interface InquiryBenchRun {
  connections: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  failures: number
  pass: boolean
}
export interface InquiryBenchResult {
  rows: number
  runs: InquiryBenchRun[]
}
export type InquiryBenchOutcome = InquiryBenchResult | { error: string }

const SUBJECTS = [
  'Bangle sizing',
  'Is the pendant available?',
  'Ring resizing',
  'Shipping to Canada',
  'Gift wrap',
]
const NAMES = ['Mei Lin', 'Ana Ruiz', 'David Chen', 'Sophia Nguyen', 'Robert Hall', 'Jennifer Wu']
const DOMAINS = ['example.com', 'example.org', 'mail.example.net']

/** 10,000 inquiries over the last year, a third of them read, in one statement. */
async function fillInbox(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into inquiries (name, email, subject, message, read, created_at)
       select ($2::text[])[1 + i % array_length($2::text[], 1)] || ' ' || i,
              'shopper' || i || '@' || ($3::text[])[1 + i % array_length($3::text[], 1)],
              ($4::text[])[1 + i % array_length($4::text[], 1)] || ' #' || i,
              'Hello, I would like to know more about this piece. Could you send more photos? ' || repeat('Thank you. ', 5),
              i % 3 = 0,
              now() - (i || ' minutes')::interval * 50
       from generate_series(1, $1::int) as i`,
      [INQUIRY_ROWS, NAMES, DOMAINS, SUBJECTS],
    )
    await client.query('analyze inquiries')
  } finally {
    await client.end()
  }
}

async function measure(databaseUrl: string): Promise<InquiryBenchResult> {
  let app: AppServer | undefined
  try {
    app = await startApp({ databaseUrl, seedDemo: false })
    await fillInbox(databaseUrl)
    const cookie = await signIn(app.baseUrl)
    const requests = SEARCHES.map((search) => ({
      method: 'GET' as const,
      path: `/api/inquiries?search=${encodeURIComponent(search)}`,
      headers: { cookie },
    }))
    const check = await fetch(`${app.baseUrl}${requests[0]!.path}`, { headers: { cookie } })
    const page = (await check.json()) as { total: number }
    if (!check.ok || page.total === 0) throw new Error(`GET /api/inquiries answered ${check.status}`)
    const runs: InquiryBenchRun[] = []
    for (const connections of INQUIRY_PLAN.connections) {
      const run = (duration: number) => autocannon({ url: app!.baseUrl, connections, duration, requests })
      await run(INQUIRY_PLAN.warmupS)
      const result = await run(INQUIRY_PLAN.measuredS)
      const failures = result.non2xx + result.errors + result.timeouts
      runs.push({
        connections,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures,
        pass: result.latency.p99 < INQUIRY_TARGETS.maxP99Ms && failures === 0,
      })
    }
    return { rows: INQUIRY_ROWS, runs }
  } finally {
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
  }
}

/** `GET /api/inquiries?search=` over 10,000 rows on PostgreSQL. */
export async function benchInquiries(postgresUrl: string): Promise<InquiryBenchOutcome> {
  console.info('inquiries: PostgreSQL')
  try {
    return await withScratchDatabase(postgresUrl, measure)
  } catch (error) {
    return { error: (error as Error).stack ?? String(error) }
  }
}
