import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { SweepRunner } from '../../jobs/runner'
import { insertProduct, placeZelleOrder } from '../../test/factories'
import { shopForFile, testConfig } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { metricsRegistry, requestDurations } from './registry'

const t = shopForFile()

const scrape = async (headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) })

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const labelText = line.slice(name.length, line.lastIndexOf(' '))
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format with the process metrics', async () => {
    const response = await scrape()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter')
    expect(response.body).toContain('nodejs_eventloop_lag_seconds')
  })

  it('counts requests by route pattern and status, with their durations', async () => {
    const product = await insertProduct(t.handle.db)
    // The registry is the process's: earlier test files in this worker may have counted this route
    // too, by other methods as well, so the same series is read before and after.
    const labels = { method: 'GET', route: '/api/products/:id', status_code: '200' }
    const before = sample((await scrape()).body, 'jade_http_request_duration_seconds_count', labels)
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })
    await t.app.inject({ method: 'GET', url: '/api/products/999999' })
    const text = (await scrape()).body
    expect(sample(text, 'jade_http_request_duration_seconds_count', labels)).toBe((before ?? 0) + 3)
    expect(
      sample(text, 'jade_http_request_duration_seconds_count', { ...labels, status_code: '404' }),
    ).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'jade_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      (before ?? 0) + 3,
    )
    // The route's pattern, never the raw URL: one series per route however many products there are.
    expect(text).not.toContain(`/api/products/${product.id}"`)
  })

  it('counts orders by payment method, the listing cache’s hits and misses, and the outbox', async () => {
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const first = (await scrape()).body
    const zelleBefore = sample(first, 'jade_orders_placed_total', { payment_method: 'zelle' }) ?? 0
    const hitsBefore = sample(first, 'jade_cache_hits_total', { cache: 'listing' }) ?? 0
    const missesBefore = sample(first, 'jade_cache_misses_total', { cache: 'listing' }) ?? 0

    await t.app.inject({ method: 'GET', url: '/api/products?category=rings' })
    await t.app.inject({ method: 'GET', url: '/api/products?category=rings' })
    const order = await placeZelleOrder(t.app, [piece])
    expect(order.statusCode).toBe(200)
    // The order's two e-mails wait in the outbox (no worker runs in tests); one is made older.
    await t.handle.db.execute(sql`update email_outbox set created_at = now() - interval '90 seconds'
      where id = (select min(id) from email_outbox where status = 'pending')`)

    const text = (await scrape()).body
    expect(sample(text, 'jade_orders_placed_total', { payment_method: 'zelle' })).toBe(zelleBefore + 1)
    expect(sample(text, 'jade_cache_misses_total', { cache: 'listing' })).toBe(missesBefore + 1)
    expect(sample(text, 'jade_cache_hits_total', { cache: 'listing' })).toBe(hitsBefore + 1)
    const pending = await t.handle.db.$count(emailOutbox, sql`status = 'pending'`)
    expect(pending).toBeGreaterThanOrEqual(2)
    expect(sample(text, 'jade_outbox_pending_messages')).toBe(pending)
    expect(sample(text, 'jade_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90)
    if (t.handle.driver === 'postgres') {
      expect(sample(text, 'jade_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'jade_db_pool_waiting_requests')).toBe(0)
    }
  })

  it('counts job runs, failures, and rounds left to another instance', async () => {
    const ran = (job: string) => sample(text, 'jade_job_runs_total', { job }) ?? 0
    let text = (await scrape()).body
    const okBefore = ran('metrics test job')
    const failedBefore = sample(text, 'jade_job_failures_total', { job: 'failing test job' }) ?? 0
    const runner = new SweepRunner({
      db: t.handle.db,
      sweeps: [{ name: 'metrics test job', run: async () => 0 }],
      log: { info() {}, warn() {} },
      lockKey: 4242,
      label: 'metrics test runner',
    })
    await runner.runOnce()
    const failing = new SweepRunner({
      db: t.handle.db,
      sweeps: [
        {
          name: 'failing test job',
          run: async () => {
            throw new Error('boom')
          },
        },
      ],
      log: { info() {}, warn() {} },
      lockKey: 4243,
    })
    await expect(failing.runOnce()).rejects.toThrow('boom')
    text = (await scrape()).body
    expect(ran('metrics test job')).toBe(okBefore + 1)
    expect(sample(text, 'jade_job_failures_total', { job: 'failing test job' })).toBe(failedBefore + 1)

    // Another instance holding the round's lock: this one skips, and says so.
    if (t.handle.driver === 'postgres') {
      const skippedBefore =
        sample(text, 'jade_job_rounds_skipped_total', { runner: 'metrics test runner' }) ?? 0
      await t.handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`)
        // A second connection (another instance) tries the round while this one holds the lock.
        expect(await runner.runOnce()).toBeNull()
      })
      text = (await scrape()).body
      expect(sample(text, 'jade_job_rounds_skipped_total', { runner: 'metrics test runner' })).toBe(
        skippedBefore + 1,
      )
    }
  })
})

describe('the request histogram', () => {
  it('counts an observation in the first bucket whose bound it does not exceed, cumulatively', async () => {
    const route = `/test/histogram/${Date.now()}`
    requestDurations.observe('GET', route, 200, 0.005) // exactly a bound: in that bucket
    requestDurations.observe('GET', route, 200, 0.0051)
    requestDurations.observe('GET', route, 200, 11) // past the largest bound: +Inf only
    requestDurations.observe('PROPFIND', route, 200, 0.001)
    const text = await metricsRegistry.getSingleMetricAsString('jade_http_request_duration_seconds')
    const get = (labels: Record<string, string>) =>
      sample(text, 'jade_http_request_duration_seconds_bucket', { route, ...labels })
    expect(get({ method: 'GET', le: '0.002' })).toBe(0)
    expect(get({ method: 'GET', le: '0.005' })).toBe(1)
    expect(get({ method: 'GET', le: '0.01' })).toBe(2)
    expect(get({ method: 'GET', le: '10' })).toBe(2)
    expect(get({ method: 'GET', le: '+Inf' })).toBe(3)
    expect(sample(text, 'jade_http_request_duration_seconds_sum', { route, method: 'GET' })).toBeCloseTo(
      11.0101,
      6,
    )
    expect(sample(text, 'jade_http_request_duration_seconds_count', { route, method: 'OTHER' })).toBe(1)
  })
})

describe('who may read /metrics', () => {
  it('is this machine only: another address, or a request through a proxy, gets 403', async () => {
    expect((await scrape({}, '127.0.0.1')).statusCode).toBe(200)
    expect((await scrape({}, '::1')).statusCode).toBe(200)
    const remote = await scrape({}, '203.0.113.9')
    expect(remote.statusCode).toBe(403)
    expect(remote.json().message).toMatch(/only from this machine/)
    // nginx on this machine connects from 127.0.0.1, but forwards someone else's request.
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1')).statusCode).toBe(403)
    expect((await scrape({ forwarded: 'for=203.0.113.9' }, '127.0.0.1')).statusCode).toBe(403)
  })

  it('with METRICS_TOKEN, takes exactly that bearer token, from anywhere', async () => {
    const token = 'a-long-metrics-token-0123456789'
    // A second app on the same database, with the token set.
    const guarded = await buildApp({
      config: testConfig({ METRICS_TOKEN: token }),
      database: t.handle,
      logger: false,
    })
    try {
      const read = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
        guarded.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })
      expect((await read({ authorization: `Bearer ${token}` })).statusCode).toBe(200)
      const missing = await read({}, '127.0.0.1')
      expect(missing.statusCode).toBe(401)
      expect(missing.headers['www-authenticate']).toBe('Bearer')
      expect((await read({ authorization: `Bearer ${token}x` })).statusCode).toBe(401)
      expect((await read({ authorization: `Bearer ${token.slice(0, -1)}` })).statusCode).toBe(401)
      expect((await read({ authorization: `Basic ${token}` })).statusCode).toBe(401)
    } finally {
      await guarded.close()
    }
  })
})

describe('GET /readyz', () => {
  it('is ready once the database answers with every migration applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready' })
  })

  it('is not ready while the database lacks this build’s newest migration', async () => {
    const [newest] = await t.handle.db
      .execute<{ id: number }>(
        sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows)
    await t.handle.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${newest!.id}`,
    )
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(response.statusCode).toBe(503)
      expect(response.json().message).toBe('Database migrations are not done')
    } finally {
      await t.handle.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where id = ${newest!.id}`,
      )
    }
  })

  it('stops being ready once shutdown begins, while /healthz stays cheap', async () => {
    // A second app on the same database, closed while the first one keeps going.
    const closing = await buildApp({ config: testConfig(), database: t.handle, logger: false })
    let during: number | undefined
    closing.addHook('preClose', async () => {
      // The server still answers (in-flight requests are finishing), but no longer says ready.
      const response = await fetch(`http://127.0.0.1:${port}/readyz`)
      during = response.status
    })
    await closing.listen({ port: 0, host: '127.0.0.1' })
    const { port } = closing.server.address() as { port: number }
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    await closing.close()
    expect(during).toBe(503)
  })
})
