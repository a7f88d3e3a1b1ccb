import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { rateLimits } from './limits/schema'
import { products } from './modules/catalog/schema'
import { checkoutAttempts } from './modules/checkout/schema'
import { payments, refunds } from './modules/ledger/schema'
import { emailOutbox } from './modules/mail/schema'
import { orderItems, orders } from './modules/orders/schema'
import type { TestPaymentProvider } from './modules/payments/test-provider'
import { drainAndClose } from './shutdown'
import { childScript } from './test/child-script'
import { insertProduct, placeCardOrder, zelleOrderBody } from './test/factories'
import { createTestApp, createTestDatabase, type TestDatabase, testConfig } from './test/helpers'
import { freePort } from './test/shop-process'

describe('graceful shutdown', () => {
  it('finishes the requests in flight before closing, and refuses none of them', async () => {
    const t = await createTestApp()
    try {
      const pieces = await Promise.all(
        Array.from({ length: 8 }, () => insertProduct(t.handle.db, { price: 20_000 })),
      )
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = t.app.server.address() as { port: number }
      let received = 0
      const allReceived = new Promise<void>((resolve) =>
        t.app.server.on('request', () => {
          if (++received === pieces.length) resolve()
        }),
      )
      const answers = pieces.map((piece, n) =>
        fetch(`http://127.0.0.1:${port}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(zelleOrderBody([piece], { email: `shopper${n}@example.com` })),
        }).then((response) => response.status),
      )
      // SIGTERM arrives once every checkout has reached the server, before they are answered.
      await allReceived
      const closeStarted = Date.now()
      const closing = t.app.close()
      expect(await Promise.all(answers)).toEqual(pieces.map(() => 200))
      await closing
      // Not held open by the answered connections' keep-alive (72 s in Fastify).
      expect(Date.now() - closeStarted).toBeLessThan(5000)
      const [count] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders)
      expect(count?.n).toBe(8)
    } finally {
      await t.close()
    }
  })
})

describe('draining on SIGTERM', () => {
  it('says 503 on /readyz for the grace while still serving, then stops accepting; every order answered 200 is in the database', async () => {
    const t = await createTestApp()
    try {
      const pieces = await Promise.all(
        Array.from({ length: 6 }, () => insertProduct(t.handle.db, { price: 20_000 })),
      )
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = t.app.server.address() as { port: number }
      const url = `http://127.0.0.1:${port}`
      const checkout = (n: number) =>
        fetch(`${url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(zelleOrderBody([pieces[n]!], { email: `shopper${n}@example.com` })),
        }).then((response) => response.status)

      const grace = 1000
      const started = Date.now()
      const drained = drainAndClose(t.app, grace)
      // Each on a new connection, as a load balancer's check comes.
      expect((await fetch(`${url}/readyz`, { headers: { connection: 'close' } })).status).toBe(503)
      expect((await fetch(`${url}/healthz`, { headers: { connection: 'close' } })).status).toBe(200)
      const served = await Promise.all([0, 1, 2].map(checkout))
      expect(served).toEqual([200, 200, 200])
      expect(Date.now() - started).toBeLessThan(grace)
      await drained
      // The listener is closed: a new connection is refused, never cut half-way.
      const late = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        socket.once('connect', () => resolve('accepted'))
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      })
      expect(late).toBe('ECONNREFUSED')
      const [count] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders)
      expect(count?.n).toBe(served.filter((status) => status === 200).length)
    } finally {
      await t.close()
    }
  })
})

// A kill -9 at a named point (src/server/crash-points.ts) in a child process, then a look at what
// it left in PostgreSQL. On PGlite (one process owns the database) there is nothing to race.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'

describe.skipIf(!onPostgres)('a kill -9 in the middle', () => {
  let database: TestDatabase
  let t: Awaited<ReturnType<TestDatabase['open']>>
  beforeAll(async () => {
    database = await createTestDatabase()
    t = await database.open()
  })
  afterAll(async () => {
    await t?.close()
    await database?.drop()
  })

  async function runChild(scenario: string, crashAt: string, env: Record<string, string> = {}) {
    const location = database.location as { url: string }
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', await childScript('src/server/test/crash-child.ts'), scenario],
      {
        env: { ...process.env, ...env, CHILD_DATABASE_URL: location.url, JADE_CRASH_AT: crashAt },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk
    })
    return new Promise<{ signal: NodeJS.Signals | null; output: string }>((resolve) =>
      child.on('exit', (_code, signal) => resolve({ signal, output })),
    )
  }

  it('after a Zelle order committed: the order is whole (lines, stock, e-mails)', async () => {
    const piece = await insertProduct(t.db, { price: 30_000 })
    const { signal, output } = await runChild('zelle', 'checkout:order-placed', {
      PRODUCT_ID: String(piece.id),
      PRODUCT_PRICE: String(piece.price),
    })
    expect(signal, output).toBe('SIGKILL')
    const placed = await t.db.select().from(orderItems).where(eq(orderItems.productId, piece.id))
    expect(placed).toHaveLength(1)
    const [product] = await t.db.select().from(products).where(eq(products.id, piece.id))
    expect(product).toMatchObject({ stockQuantity: 0, status: 'reserved' })
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.payload}->>'orderId' = ${String(placed[0]!.orderId)}`)
    expect(mails.length).toBeGreaterThan(0)
  }, 60_000)

  it('inside the card payment transaction: no order, no payment, the piece still for sale', async () => {
    const piece = await insertProduct(t.db, { price: 45_000 })
    const { signal, output } = await runChild('card', 'card:order-placed', {
      PRODUCT_ID: String(piece.id),
      PRODUCT_PRICE: String(piece.price),
    })
    expect(signal, output).toBe('SIGKILL')
    const intentId = /intent (\S+)/.exec(output)?.[1]
    expect(intentId, output).toBeDefined()
    expect(await t.db.select().from(orders).where(eq(orders.paymentId, intentId!))).toEqual([])
    expect(
      await t.db
        .select()
        .from(payments)
        .where(sql`${payments.orderId} in (select id from orders where payment_id = ${intentId})`),
    ).toEqual([])
    expect(await t.db.select().from(orderItems).where(eq(orderItems.productId, piece.id))).toEqual([])
    const [product] = await t.db.select().from(products).where(eq(products.id, piece.id))
    expect(product).toMatchObject({ stockQuantity: 1, status: 'available' })
    const [attempt] = await t.db
      .select()
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.paymentIntentId, intentId!))
    expect(attempt).toMatchObject({ status: 'pending', orderId: null })
  }, 60_000)

  it('inside a sweep batch: the batch is deleted whole or not at all', async () => {
    await t.db.execute(sql`insert into rate_limits (key, count, reset_at)
      select 'crash:' || n, 1, now() - interval '1 day' from generate_series(1, 35) n`)
    const { signal, output } = await runChild('sweep', 'sweep:batch-deleted')
    expect(signal, output).toBe('SIGKILL')
    const left = await t.db.select().from(rateLimits).where(sql`${rateLimits.key} like 'crash:%'`)
    expect(left).toHaveLength(35)
  }, 60_000)

  describe('in the middle of a card refund, then a restart', () => {
    // The shop before and after the kill: the same database, the test provider's records in it.
    let app: FastifyInstance
    beforeAll(async () => {
      app = await buildApp({ config: testConfig(), database: t, logger: false, rateLimits: false })
      await app.ready()
    })
    afterAll(() => app?.close())

    async function paidCardOrder(price: number) {
      const piece = await insertProduct(t.db, { price })
      const placed = await placeCardOrder(app, piece)
      expect(placed.statusCode, placed.body).toBe(200)
      const orderId = (placed.json() as { id: number }).id
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId))
      return { orderId, intentId: row!.paymentId! }
    }

    /** The restarted shop's worker finishes what the killed one left; answers the refund row after. */
    async function restartAndFinish(orderId: number, leaseHeld: boolean) {
      const [left] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))
      expect(left, 'the refund was on record before the kill').toMatchObject({ status: 'pending' })
      // The killed worker's claim on the row lasts its lease; the restarted one waits it out.
      if (leaseHeld)
        await t.db.execute(sql`update refunds set next_attempt_at = now() where id = ${left!.id}`)
      expect(await app.refundWorker.runOnce()).toBe(1)
      const [after] = await t.db.select().from(refunds).where(eq(refunds.id, left!.id))
      return after!
    }

    const provider = () => app.paymentProvider as TestPaymentProvider

    for (const point of ['refund-after-commit', 'refund-after-provider'] as const) {
      it(`${point}: the owner's refund is made exactly once`, async () => {
        const { orderId, intentId } = await paidCardOrder(32_000)
        const { signal, output } = await runChild('refund', point, {
          ORDER_ID: String(orderId),
          REFUND_AMOUNT: '12000',
        })
        expect(signal, output).toBe('SIGKILL')
        // Killed after the provider answered: the provider made it; before: nothing yet.
        expect(await provider().refundsOf(intentId)).toEqual(
          point === 'refund-after-provider' ? [12_000] : [],
        )
        const refund = await restartAndFinish(orderId, point === 'refund-after-provider')
        expect(refund.status).toBe('done')
        expect(await provider().refundCount(refund.idempotencyKey!)).toBe(1)
        expect(await provider().refundsOf(intentId)).toEqual([12_000])
        const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId))
        expect(order).toMatchObject({ refundedAmount: 12_000, paymentStatus: 'paid' })
      }, 60_000)
    }

    it('cancel-after-commit: the cancelled order is refunded exactly once', async () => {
      const { orderId, intentId } = await paidCardOrder(27_000)
      const { signal, output } = await runChild('cancel', 'cancel-after-commit', {
        ORDER_ID: String(orderId),
      })
      expect(signal, output).toBe('SIGKILL')
      const [cancelled] = await t.db.select().from(orders).where(eq(orders.id, orderId))
      expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' })
      const refund = await restartAndFinish(orderId, false)
      expect(refund).toMatchObject({
        status: 'done',
        amount: 27_000,
        idempotencyKey: `cancel-order-${orderId}`,
      })
      expect(await provider().refundCount(`cancel-order-${orderId}`)).toBe(1)
      expect(await provider().refundsOf(intentId)).toEqual([27_000])
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId))
      expect(order).toMatchObject({ refundedAmount: 27_000, paymentStatus: 'refunded' })
    }, 60_000)
  })
})

describe.skipIf(!onPostgres)('main.ts on SIGTERM', () => {
  /** The shop as `node main.ts` runs it, on a database of its own, ready (its /readyz 200). */
  async function startMain(env: Record<string, string>) {
    const database = await createTestDatabase()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jade-drain-'))
    const port = await freePort()
    const main = await childScript('src/server/main.ts')
    const child = spawn(process.execPath, ['--enable-source-maps', main], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: (database.location as { url: string }).url,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO: 'false',
        SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const shop = {
      port,
      child,
      output: '',
      exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))),
      // Each request on a connection of its own, as a load balancer's check comes.
      status: (url: string) =>
        fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } }).then(
          (response) => response.status,
          () => 0,
        ),
      async stop() {
        child.kill('SIGKILL')
        rmSync(dataDir, { recursive: true, force: true })
        await database.drop()
      },
    }
    child.stdout.on('data', (chunk: Buffer) => {
      shop.output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      shop.output += chunk
    })
    try {
      const deadline = Date.now() + 45_000
      while ((await shop.status('/readyz')) !== 200) {
        expect(Date.now() < deadline && child.exitCode === null, shop.output).toBe(true)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    } catch (error) {
      await shop.stop()
      throw error
    }
    return shop
  }

  it('drains: /readyz answers 503 on new connections while everything else is served, then it exits 0', async () => {
    const shop = await startMain({ SHUTDOWN_GRACE_MS: '1500' })
    try {
      shop.child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await shop.status('/readyz')).toBe(503)
      expect(await shop.status('/api/categories')).toBe(200)
      expect(await shop.status('/healthz')).toBe(200)
      expect(await shop.exited, shop.output).toBe(0)
    } finally {
      await shop.stop()
    }
  }, 60_000)

  it('a request that never finishes does not keep it up past the grace and SHUTDOWN_FINISH_MS: the stop is forced and exits 1', async () => {
    const shop = await startMain({ SHUTDOWN_GRACE_MS: '200', SHUTDOWN_FINISH_MS: '1000' })
    // A body announced and never sent whole: a phone gone quiet mid-upload.
    const stalled = connect(shop.port, '127.0.0.1')
    stalled.on('error', () => {})
    try {
      await new Promise<void>((resolve) => stalled.once('connect', () => resolve()))
      stalled.write(
        'POST /api/cart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"productId"',
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      const signalled = Date.now()
      shop.child.kill('SIGTERM')
      expect(await shop.exited, shop.output).toBe(1)
      const took = Date.now() - signalled
      expect(took).toBeGreaterThanOrEqual(1_100)
      expect(took).toBeLessThan(4_000)
      expect(shop.output).toContain('killed by timeout')
    } finally {
      stalled.destroy()
      await shop.stop()
    }
  }, 60_000)
})
