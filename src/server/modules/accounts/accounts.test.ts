import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { openDatabase } from '../../db/client'
import { cookieHeader, createTestApp, registerCustomer, type TestApp, testConfig } from '../../test/helpers'
import { sessions, users } from './schema'
import { AdminNameTakenError, upsertAdmin } from './service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} })

describe('registration', () => {
  it('creates a customer, signs them in and never returns the password', async () => {
    const response = await post('/api/register', {
      username: 'meilin',
      password: 'jade-lover',
      email: 'Mei@Example.com',
      firstName: 'Mei',
    })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toMatchObject({
      username: 'meilin',
      email: 'mei@example.com',
      firstName: 'Mei',
      isAdmin: false,
    })
    expect(body.isAuthenticated).toBe(true)
    expect(JSON.stringify(body)).not.toContain('jade-lover')
    expect(body).not.toHaveProperty('password')

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: cookieHeader(response) },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().username).toBe('meilin')
  })

  it('stores an argon2id hash, not the password', async () => {
    const [row] = await t.handle.db.select().from(users).where(eq(users.username, 'meilin'))
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('ignores isAdmin: true in a registration', async () => {
    const response = await post('/api/register', { username: 'sneaky', password: 'secret123', isAdmin: true })
    expect(response.statusCode).toBe(201)
    expect(response.json().isAdmin).toBe(false)
    const [row] = await t.handle.db.select().from(users).where(eq(users.username, 'sneaky'))
    expect(row?.isAdmin).toBe(false)
  })

  it.each([
    [{ username: 'ab', password: 'secret123' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'abcdef', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ username: 'abcdef', password: 'secret123', email: 'not-an-email' }, 'email', 'Invalid email format'],
    [{ password: 'secret123' }, 'username', 'Username must be at least 3 characters'],
  ])('rejects %j with the specification message', async (payload, field, message) => {
    const response = await post('/api/register', payload)
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.message).toBe(message)
    expect(body.errors).toContainEqual({ field, message })
  })

  it('refuses a taken username, whatever its case, with 409', async () => {
    const response = await post('/api/register', { username: 'MeiLin', password: 'secret123' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: 'Username already exists' })
  })

  it('refuses a taken e-mail with 409', async () => {
    const response = await post('/api/register', {
      username: 'other',
      password: 'secret123',
      email: 'mei@example.com',
    })
    expect(response.statusCode).toBe(409)
  })
})

describe('login and logout', () => {
  it('answers 401 to check-auth when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/check-auth' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Not authenticated' })
  })

  it('requires a username and a password', async () => {
    const response = await post('/api/login', { username: '', password: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ])
  })

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await post('/api/login', { username: 'meilin', password: 'wrong-password' })
    const unknown = await post('/api/login', { username: 'nobody-here', password: 'wrong-password' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('rotates the session id at login and sets a hardened cookie', async () => {
    const guest = await registerCustomer(t.app)
    const login = await post(
      '/api/login',
      { username: guest.username.toUpperCase(), password: guest.password },
      guest.cookie,
    )
    expect(login.statusCode).toBe(200)
    const cookie = login.cookies.find((c) => c.name === 'sid')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookieHeader(login)).not.toBe(guest.cookie)
    // The session the visitor had before signing in is gone.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: guest.cookie },
    })
    expect(old.statusCode).toBe(401)
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: cookieHeader(login) },
    })
    expect(fresh.json().username).toBe(guest.username)
  })

  it('ends the session at logout', async () => {
    const { cookie } = await registerCustomer(t.app)
    const logout = await post('/api/logout', undefined, cookie)
    expect(logout.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('refuses a forged session cookie', async () => {
    const [row] = await t.handle.db.select().from(sessions).limit(1)
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: `sid=${row?.sid}.forgedsignature` },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('guards', () => {
  it('answers 401 to anonymous visitors and 403 to customers on admin routes', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users' })
    expect(anonymous.statusCode).toBe(401)
    const { cookie } = await registerCustomer(t.app)
    const customer = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })
    expect(customer.statusCode).toBe(403)
    expect(customer.json()).toEqual({ message: 'Administrator access required' })
  })

  it('never promotes a customer named by ADMIN_USERNAME, and re-keys an existing administrator', async () => {
    const customer = await registerCustomer(t.app)
    await expect(upsertAdmin(t.handle.db, customer.username, 'takeover-password')).rejects.toThrow(
      AdminNameTakenError,
    )
    await expect(upsertAdmin(t.handle.db, customer.username, 'takeover-password')).rejects.toThrow(
      'ADMIN_USERNAME',
    )
    const [row] = await t.handle.db.select().from(users).where(eq(users.username, customer.username))
    expect(row?.isAdmin).toBe(false)
    expect(
      (await post('/api/login', { username: customer.username, password: customer.password })).statusCode,
    ).toBe(200)

    await upsertAdmin(t.handle.db, 'keeper', 'first-password')
    const session = cookieHeader(await post('/api/login', { username: 'keeper', password: 'first-password' }))
    // The same password again (every restart): nothing changes, nobody is signed out.
    await upsertAdmin(t.handle.db, 'keeper', 'first-password')
    const check = () => t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie: session } })
    expect((await check()).statusCode).toBe(200)
    // A new password: the old one stops working and every session ends.
    await upsertAdmin(t.handle.db, 'keeper', 'second-password')
    expect((await check()).statusCode).toBe(401)
    expect((await post('/api/login', { username: 'keeper', password: 'first-password' })).statusCode).toBe(
      401,
    )
    expect((await post('/api/login', { username: 'keeper', password: 'second-password' })).statusCode).toBe(
      200,
    )
  })

  it('lets an administrator in', async () => {
    await upsertAdmin(t.handle.db, 'owner', 'owner-password')
    const login = await post('/api/login', { username: 'owner', password: 'owner-password' })
    expect(login.json().isAdmin).toBe(true)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie: cookieHeader(login) },
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((u: { username: string }) => u.username)).toContain('owner')
    expect(list.body).not.toContain('$argon2')
  })
})

describe('request rules', () => {
  it('answers malformed JSON with 400 in the API error format', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' })
  })

  it('refuses a body an HTML form could send (415) and a foreign origin (403)', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=x',
    })
    expect(form.statusCode).toBe(415)
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ message: 'Cross-site request refused' })
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toContain('/api/nothing-here')
  })

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('rate limits', () => {
  it('answers 429 with a message after too many login attempts', async () => {
    const limited = await createTestApp({ rateLimits: true })
    try {
      // A different name each time: this is the address's limit, not an account's.
      let guess = 0
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: `nobody${guess++}`, password: 'x' },
        })
      for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401)
      const blocked = await attempt()
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/)
      // Each route counts on its own: the blocked logins leave registration alone.
      const register = await limited.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'after-the-storm', password: 'secret123' },
      })
      expect(register.statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})

describe('sessions', () => {
  it('survive a server restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jade-restart-'))
    const location =
      t.database.location.driver === 'postgres'
        ? t.database.location
        : ({ driver: 'pglite', dataDir } as const)
    const config = testConfig()
    try {
      const first = await openDatabase(location)
      const app1 = await buildApp({ config, database: first, logger: false, rateLimits: false })
      const { cookie, username } = await registerCustomer(app1)
      await app1.close()
      await first.close()

      const second = await openDatabase(location)
      const app2 = await buildApp({ config, database: second, logger: false, rateLimits: false })
      const me = await app2.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })
      expect(me.statusCode).toBe(200)
      expect(me.json().username).toBe(username)
      await app2.close()
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
