import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { users } from '../modules/accounts/schema'
import { emailOutbox } from '../modules/mail/schema'
import { adminCookie, checkoutForm, insertProduct, placeZelleOrder } from '../test/factories'
import {
  cookieHeader,
  createTestApp,
  createTestDatabase,
  registerCustomer,
  type TestApp,
  testConfig,
} from '../test/helpers'
import { serializeError } from './log-safety'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('session-dependent answers are never cached', () => {
  it('marks every answer read from the session private, no-store, and leaves public ones cacheable', async () => {
    const customer = await registerCustomer(t.app)
    const admin = await adminCookie(t.app, t.handle.db)
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie: customer.cookie } })
    ).json()
    const privateAnswers = [
      { url: '/api/check-auth' },
      { url: '/api/check-auth', cookie: customer.cookie },
      { url: '/api/cart', cookie: customer.cookie },
      { url: '/api/orders', cookie: customer.cookie },
      { url: '/api/orders' },
      { url: '/api/wishlist', cookie: customer.cookie },
      { url: '/api/users', cookie: admin },
      { url: '/api/users', cookie: customer.cookie },
      { url: '/api/users' },
    ]
    for (const { url, cookie } of privateAnswers) {
      const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
      expect(response.headers['cache-control'], `${url} ${cookie ? 'signed in' : 'anonymous'}`).toBe(
        'private, no-store',
      )
    }
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      payload: { city: 'Houston' },
      headers: { cookie: customer.cookie },
    })
    expect(update.headers['cache-control']).toBe('private, no-store')
    for (const url of ['/api/products', '/api/store', '/api/categories']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } })
      expect(response.headers['cache-control'], url).toMatch(/^public/)
    }
  })
})

describe('refused requests leave no guest session', () => {
  it('starts a guest session only for a cart line actually added', async () => {
    const sessionCount = async () =>
      (
        (await t.handle.db.execute(sql`select count(*)::int as n from sessions`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows[0]!.n
    const before = await sessionCount()
    const refused = await t.app.inject({ method: 'POST', url: '/api/cart', payload: { productId: 987654 } })
    expect(refused.statusCode).toBe(404)
    expect(refused.cookies).toEqual([])
    const sold = await insertProduct(t.handle.db, { status: 'sold', stockQuantity: 0 })
    const conflict = await t.app.inject({ method: 'POST', url: '/api/cart', payload: { productId: sold.id } })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.cookies).toEqual([])
    expect(await sessionCount()).toBe(before)
    const piece = await insertProduct(t.handle.db)
    const added = await t.app.inject({ method: 'POST', url: '/api/cart', payload: { productId: piece.id } })
    expect(added.statusCode).toBe(200)
    // The session, and the hint scripts read to know there is one (shared/accounts/session-hint.ts).
    expect(added.cookies.map((cookie) => cookie.name)).toEqual(['sid', 'has_session'])
    const hint = added.cookies.find((cookie) => cookie.name === 'has_session')!
    expect(hint.value).toBe('1')
    expect(hint.httpOnly).toBeFalsy()
  })
})

describe('cross-site requests', () => {
  it('refuses a mutation a browser marks Sec-Fetch-Site: cross-site, even without Origin', async () => {
    const piece = await insertProduct(t.handle.db)
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: piece.id },
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(cross.statusCode).toBe(403)
    expect(cross.json()).toEqual({ message: 'Cross-site request refused' })
    for (const site of ['same-origin', 'none']) {
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: piece.id },
        headers: { 'sec-fetch-site': site },
      })
      expect(own.statusCode, site).toBe(200)
    }
  })

  it('takes multipart only on upload routes', async () => {
    const boundary = 'jadeboundary'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nmallory\r\n--${boundary}--\r\n`
    for (const url of ['/api/register', '/api/login', '/api/checkout', '/api/newsletter/subscribe']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
      expect(response.statusCode, url).toBe(415)
      expect(response.json().message).toMatch(/Unsupported content type/)
    }
    const [row] = await t.handle.db.select().from(users).where(eq(users.username, 'mallory'))
    expect(row).toBeUndefined()
  })
})

describe('text the database cannot hold', () => {
  // Found by the fuzz test: a NUL in a username reached PostgreSQL and came back as a 500.
  it('refuses a NUL character anywhere in the input with 400', async () => {
    for (const payload of [
      { username: '\u0000', password: 'x' },
      { username: 'someone', password: 'pass\u0000word' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'Text may not contain NUL characters' })
    }
    const query = await t.app.inject({ method: 'GET', url: '/api/products?q=%00' })
    expect(query.statusCode).toBe(400)
  })
})

describe('the Host header', () => {
  it('never puts a stranger host in the sitemap or robots.txt without PUBLIC_URL', async () => {
    const evil = await t.app.inject({
      method: 'GET',
      url: '/sitemaps/pages.xml',
      headers: { host: 'evil.example' },
    })
    expect(evil.body).not.toContain('evil.example')
    expect(evil.body).toContain(`<loc>http://localhost:${t.config.port}/</loc>`)
    const robots = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'evil.example:8080' },
    })
    expect(robots.body).not.toContain('evil.example')
    const local = await t.app.inject({
      method: 'GET',
      url: '/sitemaps/pages.xml',
      headers: { host: '127.0.0.1:4173' },
    })
    expect(local.body).toContain('<loc>http://127.0.0.1:4173/</loc>')
  })

  it('trusts the hosts in ALLOWED_HOSTS', async () => {
    const allowed = await createTestApp({ env: { ALLOWED_HOSTS: 'shop.example.com, www.shop.example.com' } })
    try {
      const ok = await allowed.app.inject({
        method: 'GET',
        url: '/sitemaps/pages.xml',
        headers: { host: 'shop.example.com' },
      })
      expect(ok.body).toContain('<loc>http://shop.example.com/</loc>')
      const other = await allowed.app.inject({
        method: 'GET',
        url: '/sitemaps/pages.xml',
        headers: { host: 'evil.example' },
      })
      expect(other.body).not.toContain('evil.example')
    } finally {
      await allowed.close()
    }
  })
})

describe('logs never carry secrets', () => {
  it('drops the parameters of a failed database statement', () => {
    const error = new Error(
      'Failed query: update users set password = $1 where id = $2\nparams: $argon2id$secret,7',
    )
    error.name = 'DrizzleQueryError'
    Object.assign(error, {
      query: 'update users set password = $1 where id = $2',
      params: ['$argon2id$secret', 7],
    })
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(mei@example.com) already exists.',
        constraint: 'users_email_unique',
      },
    )
    Object.assign(error, { cause })
    const logged = JSON.stringify(serializeError(error))
    expect(logged).not.toContain('$argon2id$secret')
    expect(logged).not.toContain('mei@example.com')
    expect(logged).toContain('update users set password')
    expect(logged).toContain('users_email_unique')
  })

  it('captures the log stream through sign-in, reset, checkout and a failing write and finds no secret', async () => {
    const lines: string[] = []
    const database = await createTestDatabase()
    const handle = await database.open()
    const config = testConfig({ LOG_LEVEL: 'trace' })
    let app: FastifyInstance | undefined
    try {
      app = await buildApp({
        config,
        database: handle,
        rateLimits: true,
        logStream: { write: (line: string) => void lines.push(line) },
      })
      await app.ready()
      const password = 'Secret-Password-1234'
      const newPassword = 'Newer-Secret-5678'
      const email = 'logs.watcher@example.com'
      const register = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'logwatcher', password, email },
      })
      expect(register.statusCode).toBe(201)
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'logwatcher', password },
      })
      expect(login.statusCode).toBe(200)
      const sid = login.cookies.find((cookie) => cookie.name === 'sid')!.value
      const cookie = cookieHeader(login)
      await app.inject({
        method: 'GET',
        url: '/api/check-auth',
        headers: { cookie, authorization: 'Bearer top-secret-bearer' },
      })

      await app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { email } })
      const [mail] = await handle.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email))
        .orderBy(desc(emailOutbox.id))
      const token = decodeURIComponent(
        /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.textBody ?? '')![1]!,
      )
      // The link itself, as a browser would open it.
      await app.inject({ method: 'GET', url: `/account/reset-password?token=${encodeURIComponent(token)}` })
      // A write that fails inside the database, with the token and the new password's hash as parameters.
      await handle.db.execute(
        sql`alter table users add constraint refuse_reset check (reset_token is not null or password not like '$argon2%' or username <> 'logwatcher') not valid`,
      )
      const failed = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: newPassword, confirmPassword: newPassword },
      })
      expect(failed.statusCode).toBe(500)
      await handle.db.execute(sql`alter table users drop constraint refuse_reset`)
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: newPassword, confirmPassword: newPassword },
      })
      expect(reset.statusCode).toBe(200)

      const piece = await insertProduct(handle.db, { price: 20_000 })
      const order = await placeZelleOrder(app, [piece], { email })
      expect(order.statusCode).toBe(200)

      const log = lines.join('')
      expect(log).toContain('request failed') // the failing write was logged, without its values
      const [row] = await handle.db.select().from(users).where(eq(users.username, 'logwatcher'))
      const secrets = {
        password,
        newPassword,
        token,
        tokenHash: createHash('sha256').update(token).digest('hex'),
        sid,
        passwordHash: row!.password,
        bearer: 'top-secret-bearer',
        street: checkoutForm.address,
        email,
      }
      for (const [name, secret] of Object.entries(secrets)) expect(log, name).not.toContain(secret)
    } finally {
      await app?.close()
      await handle.close()
      await database.drop()
      rmSync(config.dataDir, { recursive: true, force: true })
    }
  })
})
