import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, expect, it } from 'vitest'
import { buildApp } from './app'
import { type DatabaseHandle, openDatabase } from './db/client'
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_PAID_MESSAGE } from './errors'
import { orders } from './modules/orders/schema'
import { builtPages } from './test/built-pages'
import { cardOrderBody, insertProduct, placeZelleOrder, postCheckout, zelleOrderBody } from './test/factories'
import { createTestDatabase, type TestDatabase, testConfig } from './test/helpers'
import { type TcpProxy, tcpProxy } from './test/tcp-proxy'

// The database failing under the shop, as it does in production (issue 39): a proxy the test
// controls sits between the shop and PostgreSQL and refuses, cuts or starves its connections.
// PostgreSQL only: PGlite lives inside the process and cannot go away.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'
const { bundle, describeBuilt } = await builtPages('faults.test.ts')
const describeOnPostgres = onPostgres ? describeBuilt : describeBuilt.skip

interface Shop {
  database: TestDatabase
  app: FastifyInstance
  handle: DatabaseHandle
  proxy: TcpProxy
  /** Every log line at `error` or above. */
  errors: { msg: string }[]
  close(): Promise<void>
}

let shop: Shop | undefined
afterEach(async () => {
  await shop?.close()
  shop = undefined
})

async function shopBehindProxy(pool: { poolSize?: number; connectionWaitMs?: number } = {}): Promise<Shop> {
  const database: TestDatabase = await createTestDatabase()
  const location = database.location as { driver: 'postgres'; url: string }
  const proxy = await tcpProxy(Number(new URL(location.url).port))
  const handle = await openDatabase({ ...location, url: proxy.through(location.url), ...pool })
  const errors: { msg: string }[] = []
  const config = testConfig()
  const app = await buildApp({
    config: { ...config, logLevel: 'error' },
    database: handle,
    ssrBundle: bundle,
    logStream: {
      write: (line) => {
        const entry = JSON.parse(line) as { level: number; msg: string }
        if (entry.level >= 50) errors.push(entry)
      },
    },
  })
  await app.ready()
  return {
    database,
    app,
    handle,
    proxy,
    errors,
    close: async () => {
      await proxy.resume()
      await app.close()
      await handle.close()
      await proxy.close()
      await database.drop()
    },
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long until /readyz answers `status` (polled every 25 ms, for at most `withinMs`). */
async function readyzBecomes(app: FastifyInstance, status: number, withinMs = 3000): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < withinMs) {
    if ((await app.inject({ method: 'GET', url: '/readyz' })).statusCode === status)
      return Date.now() - started
    await delay(25)
  }
  return Number.POSITIVE_INFINITY
}

/**
 * The page once the page cache keeps it. The cache does not keep a render that a catalogue change
 * overtook, and the notices of the products just inserted reach the app on their own connection,
 * late on a loaded machine: it is asked again until an answer comes from the cache (a hit).
 */
async function keptPage(app: FastifyInstance, url: string) {
  const pageHits = async () => {
    const metrics = await app.inject({ method: 'GET', url: '/metrics' })
    return Number(metrics.body.match(/^jade_cache_hits_total\{cache="pages"\} (\d+)$/m)?.[1] ?? 0)
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const hits = await pageHits()
    const page = await app.inject({ method: 'GET', url })
    if ((await pageHits()) > hits) return page
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`The page cache never kept ${url}`)
}

const orderCount = async (handle: DatabaseHandle) =>
  (await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n

describeOnPostgres('when the database fails', () => {
  it('while it is away: 503s that say nothing was taken, kept pages served stale, /readyz 503 within a second, one log line', async () => {
    shop = await shopBehindProxy()
    const { app, handle, proxy } = shop
    const kept = await insertProduct(handle.db, { price: 30_000 })
    const other = await insertProduct(handle.db, { price: 40_000 })
    const extra = await insertProduct(handle.db, { price: 50_000 })
    // A page the cache holds from before the outage, and an order placed before it.
    const before = await keptPage(app, `/product/${kept.id}`)
    expect(before.statusCode).toBe(200)
    const first = await placeZelleOrder(app, [kept])
    expect(first.statusCode).toBe(200)
    // The order changed the catalogue: the kept page is from before the change, so stale.
    let okOrders = 1

    await proxy.drop()
    expect(await readyzBecomes(app, 503)).toBeLessThan(1000)
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)

    for (const request of [
      { method: 'POST' as const, url: '/api/checkout', payload: zelleOrderBody([other]) },
      { method: 'POST' as const, url: '/api/cart', payload: { productId: other.id, quantity: 1 } },
      { method: 'GET' as const, url: '/api/categories' },
      { method: 'POST' as const, url: '/api/login', payload: { username: 'someone', password: 'whatever1' } },
    ]) {
      const response = await app.inject(request)
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({ message: UNAVAILABLE_MESSAGE })
    }
    // A card checkout's charge came a step before: the shopper hears that it is safe.
    const paid = await postCheckout(app, cardOrderBody([other], 'pi_paid_before_the_outage'))
    expect(paid.statusCode).toBe(503)
    expect(paid.json()).toEqual({ message: UNAVAILABLE_PAID_MESSAGE })
    // Pages whose data cannot be read are 503, never 404; a kept one is served, marked stale.
    for (const url of [`/product/${other.id}`, '/products?page=2']) {
      const page = await app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(503)
      expect(page.headers['retry-after']).toBe('5')
      expect(page.body).toContain('nothing was charged or taken')
    }
    const stale = await app.inject({ method: 'GET', url: `/product/${kept.id}` })
    expect(stale.statusCode).toBe(200)
    expect(stale.headers['x-page-cache']).toBe('stale')
    expect(stale.headers['cache-control']).toBe('no-store')
    expect(stale.body).toBe(before.body)

    // Prometheus still reads the instance, and sees why: the probe's word. (The requests above
    // found the database away on their own; the probe asks on its own schedule, and on a loaded
    // machine may say so a moment after them.)
    const reachable = async () => {
      const metrics = await app.inject({ method: 'GET', url: '/metrics' })
      expect(metrics.statusCode).toBe(200)
      // The one line, not the whole page: a worker's registry holds every earlier file's requests.
      return metrics.body.match(/^jade_database_reachable .*$/m)?.[0]
    }
    await expect
      .poll(reachable, {
        timeout: 2000,
        interval: 25,
        message: `the probe says the database is ${handle.reachability?.up ? 'up' : 'away'}`,
      })
      .toBe('jade_database_reachable 0')

    // One line for the whole outage, however many requests met it; no stack per request.
    expect(shop.errors.map((entry) => entry.msg)).toEqual([
      'The database cannot be reached: requests that need it answer 503 until it is back',
    ])

    await proxy.resume()
    expect(await readyzBecomes(app, 200)).toBeLessThan(1000)
    const after = await placeZelleOrder(app, [extra])
    expect(after.statusCode).toBe(200)
    okOrders += 1
    expect(await orderCount(handle)).toBe(okOrders)
  })

  it('a restart cuts the pooled connections: they are replaced, and a read that met one is sent again', async () => {
    shop = await shopBehindProxy()
    const { app, handle, proxy } = shop
    const piece = await insertProduct(handle.db, { price: 30_000 })
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 5 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)))
    proxy.sever()
    const read = await app.inject({ method: 'GET', url: `/api/products/${piece.id}` })
    expect(read.statusCode).toBe(200)
    const add = await app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: piece.id, quantity: 1 },
    })
    expect(add.statusCode, add.body).toBe(200)
    const order = await placeZelleOrder(app, [piece])
    expect(order.statusCode, order.body).toBe(200)
    expect(await orderCount(handle)).toBe(1)
  })

  it('after a cut nobody heard, the catalogue notices from other instances come through again', async () => {
    shop = await shopBehindProxy()
    const { app, proxy } = shop
    // Another instance: the same database, not through the proxy.
    const elsewhere = await openDatabase(shop.database.location as { driver: 'postgres'; url: string })
    try {
      await insertProduct(elsewhere.db, { category: 'bangles' })
      await elsewhere.db.execute(sql`select pg_notify('catalog_changed', '')`)
      const categories = async () =>
        (await app.inject({ method: 'GET', url: '/api/categories' })).json() as { slug?: string }[]
      await delay(200)
      const before = JSON.stringify(await categories())
      expect(before).toContain('bangles')

      proxy.sever()
      // The probe finds its own connection dead, and the database back on a new one.
      await readyzBecomes(app, 503, 2000)
      expect(await readyzBecomes(app, 200)).toBeLessThan(1000)
      await insertProduct(elsewhere.db, { category: 'brooches' })
      await elsewhere.db.execute(sql`select pg_notify('catalog_changed', '')`)
      let after = ''
      for (let tries = 0; tries < 40 && !after.includes('brooches'); tries++) {
        await delay(100)
        after = JSON.stringify(await categories())
      }
      expect(after).toContain('brooches')
    } finally {
      await elsewhere.close()
    }
  })

  it('a frozen database: /readyz 503 within a second, new requests a 503 within the wait for a connection', async () => {
    shop = await shopBehindProxy({ connectionWaitMs: 1000 })
    const { app, handle, proxy } = shop
    const piece = await insertProduct(handle.db, { price: 30_000 })
    proxy.pause()
    const frozenAt = Date.now()
    while (handle.reachability?.up !== false && Date.now() - frozenAt < 3000) await delay(25)
    expect(Date.now() - frozenAt).toBeLessThan(1000)
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503)
    const started = Date.now()
    const read = await app.inject({ method: 'GET', url: `/api/products/${piece.id}` })
    expect(read.statusCode).toBe(503)
    expect(Date.now() - started).toBeLessThan(2500)
    await proxy.resume()
    expect(await readyzBecomes(app, 200)).toBeLessThan(1000)
    expect((await app.inject({ method: 'GET', url: `/api/products/${piece.id}` })).statusCode).toBe(200)
  })

  it('an exhausted pool: a request waits a bounded time for a connection, then answers 503', async () => {
    shop = await shopBehindProxy({ poolSize: 3, connectionWaitMs: 1000 })
    const { app, handle } = shop
    const piece = await insertProduct(handle.db, { price: 30_000 })
    // Every connection busy for 4 s.
    const busy = Promise.all(Array.from({ length: 3 }, () => handle.db.execute(sql`select pg_sleep(4)`)))
    await delay(100)
    const started = Date.now()
    const [read, page] = await Promise.all([
      app.inject({ method: 'GET', url: `/api/products/${piece.id}` }),
      app.inject({ method: 'GET', url: `/product/${piece.id}` }),
    ])
    expect(Date.now() - started).toBeLessThan(2500)
    expect(read.statusCode).toBe(503)
    expect(read.json()).toEqual({ message: UNAVAILABLE_MESSAGE })
    expect(page.statusCode).toBe(503)
    expect(shop.errors).toHaveLength(1)
    await busy
    expect((await app.inject({ method: 'GET', url: `/api/products/${piece.id}` })).statusCode).toBe(200)
  })
})
