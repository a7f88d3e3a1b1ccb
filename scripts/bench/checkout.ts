import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import autocannon from 'autocannon'
import pg from 'pg'
import { SAMPLE_TAX_TABLES_DIR } from '../../src/server/paths'
import { signIn, withScratchDatabase } from './catalog'
import { CpuMeter, type CpuUse, waitForQuietMachine } from './cpu'
import { bounded, post } from './http-client'
import { type AppServer, removeTempDir, startApp, stopChild } from './processes'

export const CHECKOUT_TARGETS = { minOrdersPerSecond: 1000 }
export const CHECKOUT_PLAN = {
  /** Pieces bought in the measured run, one order each. */
  pieces: 3000,
  inFlight: 50,
  /** Orders before the measured run, on pieces of their own: JIT, pool connections, caches. */
  warmupPieces: 200,
  /** A second, smaller run with fewer requests in flight, to see whether waiting or working dominates. */
  probePieces: 1000,
  probeInFlight: 20,
  /** A third run at the measured run's concurrency, every order with the same 10 % code (issue 25). */
  codePieces: 1000,
  codePercent: 10,
  /** A fourth run at the measured run's concurrency with Texas sales tax on (issue 34), beside the others. */
  taxPieces: 1000,
  contenders: 200,
  /** Stock of the contended pieces: exactly this many of the contenders may get an order. */
  contendedStocks: [1, 3],
  productConcurrency: 20,
}

/** A documentation-range address per shopper, sent as X-Forwarded-For through the trusted loopback. */
let nextShopper = 0
const shopperAddress = (index: number) =>
  `198.${18 + (Math.floor(index / 62_500) % 2)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`

// The same shipping rule as the server's, which is started with this process's environment.
const SHIPPING = {
  freeThresholdCents: Number(process.env.FREE_SHIPPING_THRESHOLD_CENTS || 15_000),
  flatCents: Number(process.env.FLAT_SHIPPING_CENTS || 695),
}

export interface ThroughputRun {
  inFlight: number
  pieces: number
  seconds: number
  ordersPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Every answer that was not a 200, by status ('error' for a failed request): must stay empty. */
  failures: Record<string, number>
  /** Order e-mails still queued when the last answer came, and how long the mail worker took to send them. */
  mailBacklog: number
  mailDrainS: number
  /** CPU used from the first request until the e-mails were sent too: the whole cost of the orders. */
  cpu?: CpuUse
  /** Share of the machine's cores busy while the requests ran, and in the second before. */
  machineBusy?: number
  machineBusyBefore: number
  /** Cores the app's main thread used while the requests ran: near 1, it is the limit. */
  appMainThreadCores?: number
}

export interface ContentionRun {
  stock: number
  contenders: number
  orders: number
  /** 409s with a JSON { message }, as the storefront expects. */
  conflicts: number
  /** Anything else, by status ("409 unclean" for a 409 without a message). */
  other: Record<string, number>
  /** What PostgreSQL holds afterwards: order lines for the piece and its stock left. */
  orderLinesInDatabase: number
  stockLeft: number
  statusAfter: string
  maxMs: number
  pass: boolean
}

export interface CheckoutResult {
  productsCreated: number
  productsPerSecond: number
  postgresSettings: string
  run: ThroughputRun
  probe: ThroughputRun
  /** The measured run's concurrency with every order under one shared code: no target, for comparison. */
  withCode: ThroughputRun
  /** The measured run's concurrency with sales tax collected from a Houston origin (issue 34). */
  withTax: ThroughputRun
  contention: ContentionRun[]
  /** Orders in the database against the 200s the bench received over the whole part. */
  ordersInDatabase: number
  ordersAnswered: number
  pass: boolean
}

export type CheckoutOutcome = CheckoutResult | { error: string }

interface Piece {
  id: number
  price: number
}

let buyer = 0

const BENCH_CODE = 'BENCH10'

type Variant = 'plain' | 'code' | 'tax'

/** Texas from a Houston origin: 6.25 % state, 1 % city, 1 % transit, each rounded to the cent. */
const houstonTax = (taxable: number) =>
  Math.round(taxable * 0.0625) + Math.round(taxable * 0.01) + Math.round(taxable * 0.01)

/** A Zelle order for one piece, with the totals the storefront would show (with the bench's code or tax). */
function order(piece: Piece, variant: Variant = 'plain') {
  buyer++
  const withCode = variant === 'code'
  const subtotal = piece.price
  const discount = withCode ? Math.round((subtotal * CHECKOUT_PLAN.codePercent) / 100) : 0
  const shippingCost = subtotal - discount >= SHIPPING.freeThresholdCents ? 0 : SHIPPING.flatCents
  const tax = variant === 'tax' ? houstonTax(subtotal - discount + shippingCost) : 0
  return {
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
    subtotal,
    shippingCost,
    total: subtotal - discount + shippingCost + tax,
    ...(withCode ? { discountCode: BENCH_CODE, discount } : {}),
    ...(variant === 'tax' ? { tax } : {}),
    // The storefront sends one per submission, so the server's duplicate check is part of the cost.
    idempotencyKey: randomUUID(),
  }
}

function product(index: number, stockQuantity = 1) {
  return {
    name: `Bench checkout piece ${index + 1}`,
    description: 'A natural Type A jadeite ring, hand polished, created for the checkout benchmark.',
    shortDescription: 'Type A green jadeite ring',
    // Both sides of the free-shipping threshold, so both totals are exercised.
    price: 9_000 + (index % 25) * 500,
    imageUrls: ['/uploads/x-1280.webp'],
    category: 'rings',
    type: 'ring',
    color: 'green',
    stockQuantity,
  }
}

async function createPieces(app: AppServer, cookie: string, count: number, stock = 1): Promise<Piece[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CHECKOUT_PLAN.productConcurrency })
  const pieces: Piece[] = new Array(count)
  try {
    await bounded(
      Array.from({ length: count }, (_, index) => index),
      CHECKOUT_PLAN.productConcurrency,
      async (index) => {
        const answer = await post(agent, `${app.baseUrl}/api/products`, product(index, stock), {
          headers: { cookie },
        })
        if (answer.status !== 201) throw new Error(`creating a product: ${answer.status} ${answer.body}`)
        const created = JSON.parse(answer.body) as { id: number; price: number }
        pieces[index] = { id: created.id, price: created.price }
      },
    )
  } finally {
    agent.destroy()
  }
  if (new Set(pieces.map((piece) => piece.id)).size !== count) throw new Error('product ids are not distinct')
  return pieces
}

const count = (tally: Record<string, number>, key: string) => {
  tally[key] = (tally[key] ?? 0) + 1
}

/** Buys every piece once, `inFlight` checkouts at a time; orders/s is 200s over wall time. */
async function buyAll(
  app: AppServer,
  db: pg.Client,
  pieces: Piece[],
  inFlight: number,
  variant: Variant = 'plain',
): Promise<ThroughputRun> {
  const database = db.database!
  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
  const own = rows[0]!.pid
  // Serialised before the clock starts: the bench's own work stays out of the measurement.
  const bodies = pieces.map((piece) => JSON.stringify(order(piece, variant)))
  const failures: Record<string, number> = {}
  let orders = 0
  let sent = 0
  // autocannon resolves at its next one-second tick, not at the last answer: time (and read the
  // CPU meter at) the last answer instead.
  let answered = 0
  let lastAnswerAt = 0
  let during: ReturnType<CpuMeter['read']> | undefined
  const machineBusyBefore = await waitForQuietMachine()
  const meter = CpuMeter.start(app.process.pid!, database, own)
  const started = performance.now()
  // autocannon, as DESIGN.md §6 measures with: it writes requests and reads answers far more
  // cheaply than node:http, and the load generator shares the machine's two cores with the shop.
  const result = await autocannon({
    url: app.baseUrl,
    connections: inFlight,
    amount: bodies.length,
    timeout: 60,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout',
        headers: { 'content-type': 'application/json' },
        // Each order from a shopper of its own (the server trusts the loopback proxy's
        // X-Forwarded-For): checkout allows a shopper 20 orders per 10 minutes.
        setupRequest: (request) => {
          const index = sent++
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': shopperAddress(nextShopper++) },
            body: bodies[index % bodies.length],
          }
        },
        onResponse: (status, body) => {
          lastAnswerAt = performance.now()
          if (++answered === bodies.length) during = meter?.read()
          if (status === 200) orders++
          else {
            count(failures, String(status))
            if (Object.values(failures).reduce((sum, value) => sum + value, 0) === 1)
              console.error(`checkout answered ${status}: ${body.slice(0, 300)}`)
          }
        },
      },
    ],
  })
  const lost = result.errors + result.timeouts
  if (lost > 0) failures.error = lost
  const seconds = ((lost > 0 ? performance.now() : lastAnswerAt) - started) / 1000
  during ??= meter?.read()
  const mailBacklog = await pendingMail(db)
  const draining = performance.now()
  await drainMail(db, () => meter?.sample())
  const mailDrainS = (performance.now() - draining) / 1000
  const cpu = meter?.read()
  return {
    inFlight,
    pieces: pieces.length,
    seconds,
    ordersPerSecond: orders / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failures,
    mailBacklog,
    mailDrainS,
    cpu,
    machineBusy: during?.machineBusy,
    appMainThreadCores: during && during.appMainThreadS / seconds,
    machineBusyBefore,
  }
}

async function pendingMail(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ pending: number }>(
    `select count(*)::int as pending from email_outbox where status = 'pending'`,
  )
  return rows[0]!.pending
}

/** Waits for the mail worker to catch up, so no run pays for the previous run's e-mails. */
async function drainMail(db: pg.Client, everySecond: () => void, timeoutMs = 120_000) {
  const started = Date.now()
  let sampled = started
  while ((await pendingMail(db)) > 0) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`the mail outbox did not drain in ${timeoutMs / 1000} s`)
    if (Date.now() - sampled >= 1000) {
      everySecond()
      sampled = Date.now()
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** `contenders` shoppers submit at the same moment for one piece of which `stock` are left. */
async function contend(app: AppServer, cookie: string, db: pg.Client, stock: number): Promise<ContentionRun> {
  const [piece] = await createPieces(app, cookie, 1, stock)
  const contenders = CHECKOUT_PLAN.contenders
  // One socket per shopper, opened now, so all the checkouts are on the wire together.
  const agent = new http.Agent({ keepAlive: true, maxSockets: contenders })
  const bodies = Array.from({ length: contenders }, () => order(piece!))
  let orders = 0
  let conflicts = 0
  let maxMs = 0
  const other: Record<string, number> = {}
  try {
    const answers = await Promise.all(
      bodies.map((body) =>
        post(agent, `${app.baseUrl}/api/checkout`, body, {
          headers: { 'x-forwarded-for': shopperAddress(nextShopper++) },
        }),
      ),
    )
    for (const answer of answers) {
      maxMs = Math.max(maxMs, answer.ms)
      if (answer.status === 200) orders++
      else if (answer.status === 409 && hasMessage(answer.body)) conflicts++
      else count(other, answer.status === 409 ? '409 unclean' : String(answer.status))
    }
  } finally {
    agent.destroy()
  }
  const lines = await db.query<{ lines: number }>(
    'select count(*)::int as lines from order_items where product_id = $1',
    [piece!.id],
  )
  const after = await db.query<{ stock_quantity: number; status: string }>(
    'select stock_quantity, status from products where id = $1',
    [piece!.id],
  )
  const orderLinesInDatabase = lines.rows[0]!.lines
  const stockLeft = after.rows[0]!.stock_quantity
  return {
    stock,
    contenders,
    orders,
    conflicts,
    other,
    orderLinesInDatabase,
    stockLeft,
    statusAfter: after.rows[0]!.status,
    maxMs,
    pass:
      orders === stock &&
      conflicts === contenders - stock &&
      Object.keys(other).length === 0 &&
      orderLinesInDatabase === stock &&
      stockLeft === 0,
  }
}

/** Texas tax from a Houston origin, with the shipped Texas table applied (once): as an owner turns it on. */
async function setTax(app: AppServer, cookie: string, enabled: boolean) {
  const settings = await fetch(`${app.baseUrl}/api/admin/settings/tax`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      enabled,
      origin: { address: '1 Main Street', city: 'Houston', state: 'TX', zipCode: '77002' },
      registrations: [
        {
          state: 'TX',
          permitNumber: '32000000001',
          sourcing: 'origin',
          shippingTaxable: true,
          stateRate: 0.0625,
        },
      ],
    }),
  })
  if (settings.status !== 200)
    throw new Error(`turning tax on or off: ${settings.status} ${await settings.text()}`)
  if (!enabled) return
  const form = new FormData()
  form.append('state', 'TX')
  form.append('effectiveFrom', '2026-01-01')
  form.append(
    'file',
    new Blob([readFileSync(`${SAMPLE_TAX_TABLES_DIR}/TX.csv`)], { type: 'text/csv' }),
    'TX.csv',
  )
  const preview = await fetch(`${app.baseUrl}/api/admin/tax/tables`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  })
  if (preview.status !== 201)
    throw new Error(`uploading the Texas table: ${preview.status} ${await preview.text()}`)
  const { id } = (await preview.json()) as { id: number }
  const applied = await fetch(`${app.baseUrl}/api/admin/tax/tables/${id}/apply`, {
    method: 'POST',
    headers: { cookie },
  })
  if (applied.status !== 200) throw new Error(`applying the Texas table: ${applied.status}`)
}

function hasMessage(body: string): boolean {
  try {
    return typeof (JSON.parse(body) as { message?: unknown }).message === 'string'
  } catch {
    return false
  }
}

async function measure(databaseUrl: string): Promise<CheckoutResult> {
  let app: AppServer | undefined
  const db = new pg.Client({ connectionString: databaseUrl })
  try {
    app = await startApp({ databaseUrl, seedDemo: false })
    await db.connect()
    const settings = await db.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings
        where name in ('fsync', 'synchronous_commit', 'shared_buffers', 'max_connections') order by name`,
    )
    const postgresSettings = settings.rows.map((row) => `${row.name}=${row.setting}`).join(', ')
    const cookie = await signIn(app.baseUrl)

    const { warmupPieces, pieces, probePieces, codePieces, taxPieces } = CHECKOUT_PLAN
    const total = warmupPieces + pieces + probePieces + codePieces + taxPieces
    console.info(`checkout: creating ${total} products through the admin API`)
    const creating = performance.now()
    const all = await createPieces(app, cookie, total)
    const productsPerSecond = total / ((performance.now() - creating) / 1000)

    console.info(`checkout: ${warmupPieces} warm-up orders`)
    const warmup = await buyAll(app, db, all.slice(0, warmupPieces), CHECKOUT_PLAN.inFlight)
    console.info(`checkout: ${pieces} orders, ${CHECKOUT_PLAN.inFlight} in flight`)
    const run = await buyAll(app, db, all.slice(warmupPieces, warmupPieces + pieces), CHECKOUT_PLAN.inFlight)
    console.info(`checkout: ${probePieces} orders, ${CHECKOUT_PLAN.probeInFlight} in flight`)
    const probe = await buyAll(
      app,
      db,
      all.slice(warmupPieces + pieces, warmupPieces + pieces + probePieces),
      CHECKOUT_PLAN.probeInFlight,
    )
    const code = await post(
      false,
      `${app.baseUrl}/api/admin/discounts`,
      { code: BENCH_CODE, kind: 'percent', value: CHECKOUT_PLAN.codePercent },
      { headers: { cookie } },
    )
    if (code.status !== 201) throw new Error(`creating the bench's code: ${code.status} ${code.body}`)
    console.info(`checkout: ${codePieces} orders with one shared code, ${CHECKOUT_PLAN.inFlight} in flight`)
    const codeStart = warmupPieces + pieces + probePieces
    const withCode = await buyAll(
      app,
      db,
      all.slice(codeStart, codeStart + codePieces),
      CHECKOUT_PLAN.inFlight,
      'code',
    )
    await setTax(app, cookie, true)
    console.info(`checkout: ${taxPieces} orders with Texas sales tax, ${CHECKOUT_PLAN.inFlight} in flight`)
    const withTax = await buyAll(app, db, all.slice(codeStart + codePieces), CHECKOUT_PLAN.inFlight, 'tax')
    // The contention runs below send untaxed totals, as before.
    await setTax(app, cookie, false)

    const contention: ContentionRun[] = []
    for (const stock of CHECKOUT_PLAN.contendedStocks) {
      console.info(
        `checkout: ${CHECKOUT_PLAN.contenders} concurrent checkouts of a piece with stock ${stock}`,
      )
      contention.push(await contend(app, cookie, db, stock))
    }

    const answered = (result: ThroughputRun) =>
      result.pieces - Object.values(result.failures).reduce((sum, value) => sum + value, 0)
    const ordersAnswered =
      answered(warmup) +
      answered(run) +
      answered(probe) +
      answered(withCode) +
      answered(withTax) +
      contention.reduce((sum, result) => sum + result.orders, 0)
    const { rows } = await db.query<{ orders: number }>('select count(*)::int as orders from orders')
    const ordersInDatabase = rows[0]!.orders
    return {
      productsCreated: total + contention.length,
      productsPerSecond,
      postgresSettings,
      run,
      probe,
      withCode,
      withTax,
      contention,
      ordersInDatabase,
      ordersAnswered,
      pass:
        run.ordersPerSecond >= CHECKOUT_TARGETS.minOrdersPerSecond &&
        Object.keys(run.failures).length === 0 &&
        Object.keys(probe.failures).length === 0 &&
        Object.keys(withCode.failures).length === 0 &&
        Object.keys(withTax.failures).length === 0 &&
        contention.every((result) => result.pass) &&
        ordersInDatabase === ordersAnswered,
    }
  } finally {
    await db.end().catch(() => {})
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
  }
}

export async function benchCheckout(postgresUrl: string): Promise<CheckoutOutcome> {
  console.info('checkout: PostgreSQL')
  try {
    return await withScratchDatabase(postgresUrl, measure)
  } catch (error) {
    console.error(`checkout failed: ${(error as Error).message}`)
    return { error: (error as Error).stack ?? String(error) }
  }
}
