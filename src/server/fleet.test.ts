import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type DatabaseHandle, openDatabase } from './db/client'
import { queryRows } from './db/query-rows'
import { zelleOrderBody } from './test/factories'
import { createTestDatabase, type TestDatabase } from './test/helpers'
import { multipartBody, pngOf } from './test/multipart'
import { type S3StandIn, startS3StandIn } from './test/s3-stand-in'
import { buildProblem, delay, type ShopProcess, startShop } from './test/shop-process'
import { HOUSTON_SETTINGS } from './test/tax-kit'

// Two instances of the production build behind an imagined load balancer: one PostgreSQL database,
// one S3 bucket, one mail server, each instance with a DATA_DIR of its own. What a shopper or the
// owner does through one instance must hold on the other (README, Deploying: the fleet).

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'
const OWNER = { username: 'fleet-owner', password: 'fleet-owner-password' }

let database: TestDatabase
let handle: DatabaseHandle
let s3: S3StandIn
let mailServer: SMTPServer
const mails: { to: string; subject: string }[] = []
let a: ShopProcess
let b: ShopProcess
const dataDirs: string[] = []

/** Every request names its shopper's address, as the load balancer would (TRUST_PROXY=127.0.0.1). */
async function call(
  shop: ShopProcess,
  method: string,
  url: string,
  options: {
    body?: unknown
    cookie?: string
    from?: string
    raw?: { payload: Buffer; headers: Record<string, string> }
  } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? '198.51.100.1' }
  if (options.cookie) headers.cookie = options.cookie
  let body: BodyInit | undefined
  if (options.raw) {
    Object.assign(headers, options.raw.headers)
    body = new Uint8Array(options.raw.payload)
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${shop.url}${url}`, { method, headers, body, redirect: 'manual' })
  const bytes = Buffer.from(await response.arrayBuffer())
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return {
    status: response.status,
    bytes,
    text: () => bytes.toString(),
    json: () => JSON.parse(bytes.toString()) as Record<string, unknown>,
    cookie,
  }
}

async function signIn(shop: ShopProcess, from = '198.51.100.2') {
  const response = await call(shop, 'POST', '/api/login', { body: OWNER, from })
  expect(response.status).toBe(200)
  return response.cookie
}

/**
 * Polls until `check` passes, and answers when (after the start) the successful check was sent:
 * what a visitor sees at that moment, however long a loaded machine then takes to answer.
 */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  for (;;) {
    const sentAt = Date.now() - started
    if (sentAt > ms) throw new Error(`not within ${ms} ms`)
    if (await check()) return sentAt
    await delay(50)
  }
}

const rows = <Row extends z.ZodType>(row: Row, query: ReturnType<typeof sql>) =>
  queryRows(handle.db, row, query)

/** The picture the first test uploads; every product made here shows it. */
let pictureUrl = ''

async function createProduct(
  shop: ShopProcess,
  cookie: string,
  fields: { name: string; price: number; category: string; type: string },
) {
  const created = await call(shop, 'POST', '/api/products', {
    cookie,
    body: {
      ...fields,
      description: 'Natural Type A jadeite, untreated.',
      shortDescription: 'Natural Type A jadeite',
      color: 'green',
      imageUrls: [pictureUrl],
    },
  })
  expect(created.status, created.text()).toBe(201)
  return created.json() as { id: number; price: number }
}

// Generous: two servers, a database and the test share a loaded 2-core machine.
describe.skipIf(!onPostgres)('two instances on one database and one bucket', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const problem = buildProblem()
    if (problem) throw new Error(`The fleet test runs the production build, but ${problem}`)
    // Empty, as a new shop's database is: the two instances below race to migrate it.
    database = await createTestDatabase({ empty: true })
    s3 = await startS3StandIn()
    mailServer = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString()
        })
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
          for (const to of session.envelope.rcptTo) mails.push({ to: to.address, subject })
          done()
        })
      },
    })
    await new Promise<void>((resolve) => mailServer.listen(0, '127.0.0.1', resolve))
    const mailPort = (mailServer.server.address() as { port: number }).port
    const shared = {
      DATABASE_URL: (database.location as { url: string }).url,
      SESSION_SECRET: 'fleet-session-secret-shared-by-every-instance',
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      SEED_DEMO: 'false',
      SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      MAX_OPEN_UNPAID_ORDERS: '100',
      MAX_UNPAID_PIECES: '100',
      // The jobs run every half second on both instances, so they meet often.
      JADE_JOBS_EVERY_MS: '500',
      ...s3.env,
    }
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'jade-fleet-'))
      dataDirs.push(dir)
      return dir
    }
    // Started together: one migrates and creates the owner, the other waits for it or finds it.
    ;[a, b] = await Promise.all([
      startShop('A', { ...shared, DATA_DIR: dataDir() }),
      startShop('B', { ...shared, DATA_DIR: dataDir() }),
    ])
    handle = await openDatabase({
      ...(database.location as { driver: 'postgres'; url: string }),
      poolSize: 2,
    })
  }, 240_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await handle?.close()
    await database?.drop()
    await s3?.close()
    await new Promise<void>((resolve) => (mailServer ? mailServer.close(() => resolve()) : resolve()))
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('serves through B the picture uploaded through A, byte for byte', async () => {
    const owner = await signIn(a)
    const upload = await call(a, 'POST', '/api/upload/product-image', {
      cookie: owner,
      raw: await multipartBody([
        { field: 'images', name: 'jade.png', data: await pngOf('#3a7d5c', 700), type: 'image/png' },
      ]),
    })
    expect(upload.status).toBe(200)
    const [url] = upload.json().files as string[]
    pictureUrl = url!
    const fromA = await call(a, 'GET', url!)
    const fromB = await call(b, 'GET', url!)
    expect(fromA.status).toBe(200)
    expect(fromB.status).toBe(200)
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true)
    // Neither kept it on its own disk.
    for (const dir of dataDirs) expect(readdirSync(path.join(dir, 'uploads'))).toEqual([])
  })

  it('shows a catalogue write through A in B’s listing and pages within 2 s', async () => {
    const name = `Fleet Bangle ${Date.now()}`
    // B has the listing and the pages in its caches before the write.
    expect((await call(b, 'GET', '/api/products')).status).toBe(200)
    expect((await call(b, 'GET', '/products')).status).toBe(200)
    const owner = await signIn(a)
    const { id } = await createProduct(a, owner, { name, price: 48_000, category: 'bangles', type: 'bangle' })
    const listing = await within(2000, async () =>
      (await call(b, 'GET', '/api/products')).text().includes(name),
    )
    const page = await within(2000, async () =>
      (await call(b, 'GET', '/products/category/bangles')).text().includes(name),
    )
    const productPage = await within(2000, async () =>
      (await call(b, 'GET', `/product/${id}`)).text().includes(name),
    )
    expect(Math.max(listing, page, productPage)).toBeLessThanOrEqual(2000)
  })

  it('takes the tax settings saved through A on B’s next quote', async () => {
    const owner = await signIn(a)
    const quote = async () =>
      (
        await call(b, 'POST', '/api/calculate-tax', {
          body: {
            items: [{ productId: 1, quantity: 1, price: 10_000 }],
            shippingCost: 0,
            address: { state: 'TX', zipCode: '77002' },
          },
        })
      ).json() as { tax: number; note?: string }
    // B reads (and keeps) the settings while tax is off.
    expect(await quote()).toMatchObject({ tax: 0, note: 'Sales tax is not collected' })
    const save = (enabled: boolean) =>
      call(a, 'PUT', '/api/admin/settings/tax', { body: { ...HOUSTON_SETTINGS, enabled }, cookie: owner })
    try {
      expect((await save(true)).status).toBe(200)
      // No table: the state rate stands in on $100 and $6.95 shipping; what counts is that B knows at once.
      expect((await quote()).tax).toBe(668)
    } finally {
      await save(false)
    }
    expect((await quote()).tax).toBe(0)
  })

  it('keeps a session made on A signed in on B', async () => {
    const register = await call(a, 'POST', '/api/register', {
      body: {
        username: `fleet-shopper-${Date.now()}`,
        password: 'correct horse battery',
        email: 'fleet@example.com',
      },
      from: '198.51.100.3',
    })
    expect(register.status).toBe(201)
    const onB = await call(b, 'GET', '/api/check-auth', { cookie: register.cookie })
    expect(onB.status).toBe(200)
    expect(onB.json()).toMatchObject({ email: 'fleet@example.com' })
    // A signed-out visitor is not.
    expect((await call(b, 'GET', '/api/check-auth')).status).toBe(401)
  })

  it('makes exactly one order of 30 simultaneous checkouts of one piece split over A and B', async () => {
    const owner = await signIn(b)
    const piece = await createProduct(b, owner, {
      name: 'The One Imperial Ring',
      price: 30_000,
      category: 'rings',
      type: 'ring',
    })
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(n % 2 === 0 ? a : b, 'POST', '/api/checkout', {
          from: `203.0.113.${n + 1}`,
          body: zelleOrderBody([piece], { email: `buyer${n}@example.com` }),
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(29)
    const orders = await rows(
      z.object({ id: z.number().int() }),
      sql`select order_id as id from order_items where product_id = ${piece.id}`,
    )
    expect(orders).toHaveLength(1)
    const [stock] = await rows(
      z.object({ stock: z.number().int(), status: z.string() }),
      sql`select stock_quantity as stock, status from products where id = ${piece.id}`,
    )
    expect(stock).toEqual({ stock: 0, status: 'reserved' })
  })

  it('runs each background job once: one reminder and one cancellation of an unpaid order', async () => {
    const [order] = await rows(
      z.object({ id: z.number().int(), productId: z.number().int() }),
      sql`select o.id, i.product_id as "productId" from orders o join order_items i on i.order_id = o.id
          where o.payment_method = 'zelle' order by o.id desc limit 1`,
    )
    // The reservation ends within a day (a 72-hour hold made two days ago): the reminder is due.
    await handle.db.execute(sql`update orders set created_at = now() - interval '49 hours',
      reserved_until = now() + interval '23 hours' where id = ${order!.id}`)
    await within(20_000, async () => {
      const [row] = await rows(
        z.object({ reminded: z.boolean() }),
        sql`select reservation_reminded_at is not null as reminded from orders where id = ${order!.id}`,
      )
      return row!.reminded
    })
    // Now it has run out: the order is cancelled and the piece is for sale again.
    await handle.db.execute(
      sql`update orders set reserved_until = now() - interval '1 second' where id = ${order!.id}`,
    )
    await within(20_000, async () => {
      const [row] = await rows(
        z.object({ status: z.string() }),
        sql`select status from orders where id = ${order!.id}`,
      )
      return row!.status === 'cancelled'
    })
    // Rounds enough for both instances to have tried the same work again.
    await delay(3000)
    const outbox = await rows(
      z.object({ kind: z.string(), n: z.number().int() }),
      sql`select kind, count(*)::int as n from email_outbox
          where to_address = (select customer_email from orders where id = ${order!.id})
          group by kind order by kind`,
    )
    expect(outbox).toEqual(
      expect.arrayContaining([
        { kind: 'reservation-expired', n: 1 },
        { kind: 'reservation-reminder', n: 1 },
      ]),
    )
    const [events] = await rows(
      z.object({ n: z.number().int() }),
      sql`select count(*)::int as n from order_events where order_id = ${order!.id} and kind = 'reservation'`,
    )
    expect(events!.n).toBe(1)
    const [piece] = await rows(
      z.object({ stock: z.number().int(), status: z.string() }),
      sql`select stock_quantity as stock, status from products where id = ${order!.productId}`,
    )
    expect(piece).toEqual({ stock: 1, status: 'available' })

    // Both instances ran the reservation jobs; between them they handled each row once.
    const handledBy = async (shop: ShopProcess, job: string) => {
      // Straight from this machine, not through the balancer (which /metrics refuses).
      const response = await fetch(`${shop.url}/metrics`)
      expect(response.status).toBe(200)
      const text = await response.text()
      const runs = Number(
        new RegExp(`^jade_job_runs_total\\{job="${job}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0,
      )
      const handled = Number(
        new RegExp(`^jade_job_items_handled_total\\{job="${job}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0,
      )
      return { runs, handled }
    }
    for (const job of ['reservation reminders', 'expired reservations']) {
      const [onA, onB] = await Promise.all([handledBy(a, job), handledBy(b, job)])
      expect(onA.runs).toBeGreaterThan(0)
      expect(onB.runs).toBeGreaterThan(0)
      expect(onA.handled + onB.handled).toBe(1)
    }
  })

  it('sends every e-mail once', async () => {
    await within(30_000, async () => {
      const [row] = await rows(
        z.object({ n: z.number().int() }),
        sql`select count(*)::int as n from email_outbox where status <> 'sent'`,
      )
      return row!.n === 0
    })
    const sent = await rows(
      z.object({ to: z.string(), subject: z.string().nullable() }),
      sql`select to_address as "to", subject from email_outbox order by id`,
    )
    expect(sent.length).toBeGreaterThanOrEqual(4) // the order's two, the reminder, the cancellation
    // The mail server got exactly as many messages as the outbox holds: none twice.
    await within(5000, async () => mails.length >= sent.length)
    await delay(1000)
    expect(mails).toHaveLength(sent.length)
    expect(mails.map((mail) => mail.to).sort()).toEqual(sent.map((row) => row.to).sort())
  })

  it('counts sign-in failures across both instances', async () => {
    const guesser = '192.0.2.77'
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await call(attempt % 2 === 0 ? a : b, 'POST', '/api/login', {
        body: { username: OWNER.username, password: `guess-${attempt}` },
        from: guesser,
      })
      expect(response.status).toBe(401)
    }
    // The sixth try is refused on either instance, even with the right password...
    expect((await call(a, 'POST', '/api/login', { body: OWNER, from: guesser })).status).toBe(429)
    expect((await call(b, 'POST', '/api/login', { body: OWNER, from: guesser })).status).toBe(429)
    // ...while the owner, from their own address, still signs in.
    expect((await call(b, 'POST', '/api/login', { body: OWNER, from: '198.51.100.9' })).status).toBe(200)
  })
})
