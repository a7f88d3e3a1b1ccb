import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import pg from 'pg'
import { LISTING_PAGE_SIZE } from '../../src/shared/catalog'
import { signIn, withScratchDatabase } from './catalog'
import { machineSeconds } from './cpu'
import { bounded, percentile, post } from './http-client'
import { type AppServer, removeTempDir, startApp, stopChild } from './processes'

// A long run of mixed traffic on PostgreSQL (issue 39): what a shop meets over an ordinary stretch
// of the day, at a steady rate, watched for what only time shows: memory that keeps growing,
// latency that drifts, errors that come now and then, and an order answered 200 that the database
// does not hold (or holds twice).

const minutes = Number(process.env.SOAK_MINUTES || 10)
export const SOAK_PLAN = {
  /** SOAK_MINUTES: 10 for the figures, 1 to try the part. */
  minutes,
  /** SOAK_RPS: shopper actions started per second (a cart add is two requests), open loop. */
  actionsPerSecond: Number(process.env.SOAK_RPS || 20),
  /** Actions on their way at most; past it the next waits (and the rate it missed is reported). */
  maxInFlight: 64,
  pieces: 500,
  /** Each piece is one of a few: orders pick at random and never run a piece out. */
  stock: 25,
  /** Registered shoppers signing in in turn, each well inside the sign-in limits over the run. */
  shoppers: 200,
  /** Memory is judged after this: the JIT, the caches and the pool filling are not a leak. */
  warmupMinutes: Math.min(1, minutes / 5),
  rssEveryS: 5,
}
export const SOAK_TARGETS = {
  /** Flat memory after the warm-up. */
  maxRssSlopeMbPerMinute: 1,
  /** No drift: the last minute's p99 within this factor of the steady minutes' median p99 (+5 ms). */
  maxP99Drift: 1.5,
}

/** What each action is, and how often it comes, out of 100. */
const MIX = [
  { action: 'product page', weight: 28 },
  { action: 'listing page', weight: 14 },
  { action: 'home page', weight: 5 },
  { action: 'products API', weight: 14 },
  { action: 'product API', weight: 6 },
  { action: 'categories API', weight: 5 },
  { action: 'cart add', weight: 12 },
  { action: 'checkout', weight: 10 },
  { action: 'sign-in', weight: 6 },
] as const
type Action = (typeof MIX)[number]['action']

export interface SoakMinute {
  minute: number
  requests: number
  p50Ms: number
  p99Ms: number
  errors: number
  /** The server's resident memory at the minute's end. */
  rssMb: number
  /** Share of both cores busy over the minute, other engineers' work included, and the load average. */
  machineBusy: number
  loadAverage: number
}

export interface SoakResult {
  minutes: number
  actionsPerSecond: number
  requests: number
  requestsByAction: Record<string, number>
  /** Actions started late because maxInFlight were on their way: the shop fell behind the rate. */
  lateStarts: number
  minutesTable: SoakMinute[]
  rssStartMb: number
  rssAfterWarmupMb: number
  rssEndMb: number
  rssSlopeMbPerMinute: number
  p99Ms: number
  /** Every answer of 400 or more, and every request that failed, by status and action. */
  errors: Record<string, number>
  checkoutsAnswered200: number
  ordersInDatabase: number
  loadAverageStart: number
  pass: boolean
}
export type SoakOutcome = SoakResult | { error: string }

interface Answer {
  status: number | 'error'
  ms: number
  cookie?: string
  body: string
}

function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve) => {
    const outgoing = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent,
        timeout: 60_000,
        headers: {
          'accept-encoding': 'gzip, br',
          ...(options.body
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(options.body)),
              }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const sid = (response.headers['set-cookie'] ?? [])
            .map((cookie) => /^sid=([^;]*)/.exec(cookie)?.[1])
            .find(Boolean)
          resolve({
            status: response.statusCode ?? 'error',
            ms: performance.now() - started,
            cookie: sid ? `sid=${sid}` : undefined,
            body: response.statusCode && response.statusCode >= 400 ? Buffer.concat(chunks).toString() : '',
          })
        })
        response.on('error', (error) =>
          resolve({ status: 'error', ms: performance.now() - started, body: error.message }),
        )
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', (error) =>
      resolve({ status: 'error', ms: performance.now() - started, body: error.message }),
    )
    outgoing.end(options.body)
  })
}

/** A documentation-range address per use, sent as X-Forwarded-For through the trusted loopback. */
let nextAddress = 0
const freshAddress = () => {
  const index = nextAddress++
  return `203.${Math.floor(index / 62_500) % 250}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`
}

const SHIPPING = {
  freeThresholdCents: Number(process.env.FREE_SHIPPING_THRESHOLD_CENTS || 15_000),
  flatCents: Number(process.env.FLAT_SHIPPING_CENTS || 695),
}

interface Piece {
  id: number
  price: number
}

function zelleOrder(piece: Piece, n: number) {
  const shippingCost = piece.price >= SHIPPING.freeThresholdCents ? 0 : SHIPPING.flatCents
  return {
    firstName: 'Mei',
    lastName: `Soak ${n}`,
    email: `soak${n}@bench.example.com`,
    phone: '(713) 555-0142',
    address: `${1000 + (n % 9000)} Main Street`,
    city: 'Houston',
    state: 'TX',
    zipCode: '77002',
    country: 'United States',
    paymentMethod: 'zelle',
    items: [{ productId: piece.id, quantity: 1, price: piece.price }],
    subtotal: piece.price,
    shippingCost,
    total: piece.price + shippingCost,
    idempotencyKey: randomUUID(),
  }
}

const CATEGORIES = ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings']

async function createPieces(app: AppServer, cookie: string): Promise<Piece[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
  const pieces: Piece[] = []
  try {
    await bounded(
      Array.from({ length: SOAK_PLAN.pieces }, (_, index) => index),
      10,
      async (index) => {
        const answer = await post(
          agent,
          `${app.baseUrl}/api/products`,
          {
            name: `Soak jadeite piece ${index + 1}`,
            description: 'A natural Type A jadeite piece, hand polished, created for the soak benchmark.',
            shortDescription: 'Type A green jadeite',
            price: 9_000 + (index % 25) * 500,
            imageUrls: ['/uploads/x-1280.webp'],
            category: CATEGORIES[index % CATEGORIES.length],
            type: 'ring',
            color: 'green',
            stockQuantity: SOAK_PLAN.stock,
          },
          { headers: { cookie } },
        )
        if (answer.status !== 201) throw new Error(`creating a product: ${answer.status} ${answer.body}`)
        const created = JSON.parse(answer.body) as Piece
        pieces.push({ id: created.id, price: created.price })
      },
    )
  } finally {
    agent.destroy()
  }
  return pieces
}

async function registerShoppers(app: AppServer): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  const names = Array.from({ length: SOAK_PLAN.shoppers }, (_, index) => `soakshopper${index}`)
  try {
    await bounded(names, 4, async (username) => {
      const answer = await post(
        agent,
        `${app.baseUrl}/api/register`,
        { username, password: 'soak-password-123', email: `${username}@bench.example.com` },
        { headers: { 'x-forwarded-for': freshAddress() } },
      )
      if (answer.status !== 201) throw new Error(`registering a shopper: ${answer.status} ${answer.body}`)
    })
  } finally {
    agent.destroy()
  }
  return names
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb ?? 0) / 1024
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length
  if (n < 2) return 0
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n
  const sxy = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0)
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0)
  return sxx === 0 ? 0 : sxy / sxx
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

async function measure(databaseUrl: string): Promise<SoakResult> {
  let app: AppServer | undefined
  const db = new pg.Client({ connectionString: databaseUrl })
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOAK_PLAN.maxInFlight })
  try {
    app = await startApp({ databaseUrl, seedDemo: false })
    const server = app
    await db.connect()
    const cookie = await signIn(server.baseUrl)
    console.info(`soak: creating ${SOAK_PLAN.pieces} pieces and ${SOAK_PLAN.shoppers} shoppers`)
    const pieces = await createPieces(server, cookie)
    const shoppers = await registerShoppers(server)

    const pid = server.process.pid!
    const base = server.baseUrl
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!
    const pages = Math.ceil(SOAK_PLAN.pieces / LISTING_PAGE_SIZE)
    // Every page and piece asked for once before the clock starts: the caches then hold what the
    // run will ask for, so memory they fill up to their bounds is not read as growth.
    console.info('soak: visiting every page once')
    await bounded(
      [
        ...pieces.flatMap((piece) => [`/product/${piece.id}`, `/api/products/${piece.id}`]),
        ...Array.from({ length: pages }, (_, index) => `/products?page=${index + 1}`),
        ...CATEGORIES.map((category) => `/api/products?category=${category}`),
        '/',
        '/api/categories',
      ],
      4,
      async (path) => {
        const answer = await request(agent, `${base}${path}`)
        if (answer.status !== 200) throw new Error(`warming up, GET ${path}: ${answer.status} ${answer.body}`)
      },
    )
    let orderNumber = 0
    let shopperTurn = 0
    let checkouts200 = 0

    const samples: { at: number; ms: number; failed: boolean }[] = []
    const errors: Record<string, number> = {}
    const requestsByAction: Record<string, number> = {}
    const note = (action: Action, answer: Answer, at: number) => {
      requestsByAction[action] = (requestsByAction[action] ?? 0) + 1
      const failed = answer.status === 'error' || answer.status >= 400
      samples.push({ at, ms: answer.ms, failed })
      if (failed) {
        const key = `${answer.status} ${action}`
        errors[key] = (errors[key] ?? 0) + 1
        if (errors[key] === 1) console.error(`soak: ${key}: ${answer.body.slice(0, 300)}`)
      }
      return answer
    }

    const actions: Record<Action, (at: () => number) => Promise<void>> = {
      'product page': async (at) => {
        note('product page', await request(agent, `${base}/product/${pick(pieces).id}`), at())
      },
      'listing page': async (at) => {
        const page = 1 + Math.floor(Math.random() * pages)
        note('listing page', await request(agent, `${base}/products?page=${page}`), at())
      },
      'home page': async (at) => {
        note('home page', await request(agent, `${base}/`), at())
      },
      'products API': async (at) => {
        note('products API', await request(agent, `${base}/api/products?category=${pick(CATEGORIES)}`), at())
      },
      'product API': async (at) => {
        note('product API', await request(agent, `${base}/api/products/${pick(pieces).id}`), at())
      },
      'categories API': async (at) => {
        note('categories API', await request(agent, `${base}/api/categories`), at())
      },
      // A guest's first line starts the session; the cart is then read back with it.
      'cart add': async (at) => {
        const added = note(
          'cart add',
          await request(agent, `${base}/api/cart`, {
            method: 'POST',
            body: JSON.stringify({ productId: pick(pieces).id, quantity: 1 }),
            headers: { 'x-forwarded-for': freshAddress() },
          }),
          at(),
        )
        if (added.cookie)
          note(
            'cart add',
            await request(agent, `${base}/api/cart`, { headers: { cookie: added.cookie } }),
            at(),
          )
      },
      // Each order from a shopper of its own: checkout allows a shopper 20 orders per 10 minutes.
      checkout: async (at) => {
        const answer = await request(agent, `${base}/api/checkout`, {
          method: 'POST',
          body: JSON.stringify(zelleOrder(pick(pieces), orderNumber++)),
          headers: { 'x-forwarded-for': freshAddress() },
        })
        if (answer.status === 200) checkouts200++
        note('checkout', answer, at())
      },
      'sign-in': async (at) => {
        const username = shoppers[shopperTurn++ % shoppers.length]!
        note(
          'sign-in',
          await request(agent, `${base}/api/login`, {
            method: 'POST',
            body: JSON.stringify({ username, password: 'soak-password-123' }),
            headers: { 'x-forwarded-for': freshAddress() },
          }),
          at(),
        )
      },
    }
    const totalWeight = MIX.reduce((sum, entry) => sum + entry.weight, 0)
    const chooseAction = (): Action => {
      let roll = Math.random() * totalWeight
      for (const entry of MIX) {
        roll -= entry.weight
        if (roll < 0) return entry.action
      }
      return MIX[0].action
    }

    const durationMs = SOAK_PLAN.minutes * 60_000
    const loadAverageStart = os.loadavg()[0] ?? 0
    console.info(
      `soak: ${SOAK_PLAN.minutes} min at ${SOAK_PLAN.actionsPerSecond} actions/s (load average ${loadAverageStart.toFixed(2)})`,
    )
    const started = performance.now()
    const elapsed = () => performance.now() - started
    const rss: { x: number; y: number }[] = [{ x: 0, y: rssMb(pid) }]
    const minuteMarks: { rssMb: number; machine: ReturnType<typeof machineSeconds>; load: number }[] = []
    let machineBefore = machineSeconds()
    const sampler = setInterval(() => {
      rss.push({ x: elapsed() / 60_000, y: rssMb(pid) })
    }, SOAK_PLAN.rssEveryS * 1000)
    const minuteTimer = setInterval(() => {
      const machine = machineSeconds()
      minuteMarks.push({
        rssMb: rssMb(pid),
        machine: diff(machine, machineBefore),
        load: os.loadavg()[0] ?? 0,
      })
      machineBefore = machine
    }, 60_000)
    const diff = (a: ReturnType<typeof machineSeconds>, b: ReturnType<typeof machineSeconds>) => ({
      busy: a.busy - b.busy,
      total: a.total - b.total,
    })

    let inFlight = 0
    let lateStarts = 0
    const running = new Set<Promise<void>>()
    const interval = 1000 / SOAK_PLAN.actionsPerSecond
    let nextAt = 0
    try {
      while (nextAt < durationMs) {
        const wait = nextAt - elapsed()
        if (wait > 0) await sleep(wait)
        if (inFlight >= SOAK_PLAN.maxInFlight) {
          lateStarts++
          await Promise.race(running)
        }
        inFlight++
        const task = actions[chooseAction()](elapsed).finally(() => {
          inFlight--
          running.delete(task)
        })
        running.add(task)
        nextAt += interval
      }
      await Promise.all(running)
    } finally {
      clearInterval(sampler)
      clearInterval(minuteTimer)
    }
    rss.push({ x: elapsed() / 60_000, y: rssMb(pid) })
    if (minuteMarks.length < SOAK_PLAN.minutes) {
      const machine = machineSeconds()
      minuteMarks.push({
        rssMb: rssMb(pid),
        machine: diff(machine, machineBefore),
        load: os.loadavg()[0] ?? 0,
      })
    }

    const minutesTable: SoakMinute[] = minuteMarks.map((mark, minute) => {
      const inMinute = samples.filter((sample) => Math.floor(sample.at / 60_000) === minute)
      const times = sorted(inMinute.map((sample) => sample.ms))
      return {
        minute: minute + 1,
        requests: inMinute.length,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        errors: inMinute.filter((sample) => sample.failed).length,
        rssMb: mark.rssMb,
        machineBusy: mark.machine.total > 0 ? mark.machine.busy / mark.machine.total : 0,
        loadAverage: mark.load,
      }
    })
    const afterWarmup = rss.filter((point) => point.x >= SOAK_PLAN.warmupMinutes)
    const rssSlopeMbPerMinute = slope(afterWarmup)
    const { rows } = await db.query<{ orders: number }>('select count(*)::int as orders from orders')
    const ordersInDatabase = rows[0]!.orders
    const steady = minutesTable.slice(Math.ceil(SOAK_PLAN.warmupMinutes))
    const steadyMedianP99 = steady.length
      ? sorted(steady.map((m) => m.p99Ms))[Math.floor(steady.length / 2)]!
      : 0
    const lastP99 = minutesTable.at(-1)?.p99Ms ?? 0
    return {
      minutes: SOAK_PLAN.minutes,
      actionsPerSecond: SOAK_PLAN.actionsPerSecond,
      requests: samples.length,
      requestsByAction,
      lateStarts,
      minutesTable,
      rssStartMb: rss[0]!.y,
      rssAfterWarmupMb: afterWarmup[0]?.y ?? rss[0]!.y,
      rssEndMb: rss.at(-1)!.y,
      rssSlopeMbPerMinute,
      p99Ms: percentile(sorted(samples.map((sample) => sample.ms)), 99),
      errors,
      checkoutsAnswered200: checkouts200,
      ordersInDatabase,
      loadAverageStart,
      pass:
        Object.keys(errors).length === 0 &&
        ordersInDatabase === checkouts200 &&
        rssSlopeMbPerMinute < SOAK_TARGETS.maxRssSlopeMbPerMinute &&
        lastP99 <= steadyMedianP99 * SOAK_TARGETS.maxP99Drift + 5,
    }
  } finally {
    agent.destroy()
    await db.end().catch(() => {})
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
  }
}

export async function benchSoak(postgresUrl: string): Promise<SoakOutcome> {
  console.info('soak: PostgreSQL')
  try {
    return await withScratchDatabase(postgresUrl, measure)
  } catch (error) {
    console.error(`soak failed: ${(error as Error).message}`)
    return { error: (error as Error).stack ?? String(error) }
  }
}
