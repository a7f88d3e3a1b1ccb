import { createHash, randomBytes } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EMAIL_CHANGE_NEEDS_PASSWORD,
  RESET_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '../../../shared/accounts/schema'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { cookieHeader, createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { users } from './schema'
import { ACCOUNT_LOCKED_MESSAGE, LOGIN_ATTEMPTS_PER_USERNAME, LOGIN_CEILING_PER_USERNAME } from './sign-in'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })
const me = async (cookie: string) => (await inject('GET', '/api/check-auth', undefined, cookie)).json()
const login = (username: string, password: string) => inject('POST', '/api/login', { username, password })

describe('profile', () => {
  it('lets a customer change their own profile, never their role', async () => {
    const { cookie, password } = await registerCustomer(t.app)
    const { id } = await me(cookie)
    const response = await inject(
      'PUT',
      `/api/users/${id}`,
      {
        firstName: 'Mei',
        city: 'Houston',
        zipCode: '77002',
        email: 'Mei.L@Example.com',
        currentPassword: password,
        isAdmin: true,
      },
      cookie,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      firstName: 'Mei',
      city: 'Houston',
      email: 'mei.l@example.com',
      isAdmin: false,
    })
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, id))
    expect(row?.isAdmin).toBe(false)
  })

  it("refuses another user's profile (403), anonymous visitors (401) and bad input (400)", async () => {
    const alice = await registerCustomer(t.app)
    const bob = await registerCustomer(t.app)
    const bobId = (await me(bob.cookie)).id
    expect((await inject('PUT', `/api/users/${bobId}`, { city: 'Austin' }, alice.cookie)).statusCode).toBe(
      403,
    )
    expect((await inject('PUT', `/api/users/${bobId}`, { city: 'Austin' })).statusCode).toBe(401)
    const bad = await inject('PUT', `/api/users/${bobId}`, { email: 'not-an-email' }, bob.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toContainEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    })
  })

  it('keeps usernames unique', async () => {
    const taken = await registerCustomer(t.app)
    const other = await registerCustomer(t.app)
    const otherId = (await me(other.cookie)).id
    const response = await inject(
      'PUT',
      `/api/users/${otherId}`,
      { username: taken.username.toUpperCase() },
      other.cookie,
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: 'Username already exists' })
  })

  it('lets an administrator change any profile', async () => {
    const admin = await adminCookie(t.app, t.handle.db)
    const customer = await registerCustomer(t.app)
    const id = (await me(customer.cookie)).id
    expect((await inject('PUT', `/api/users/${id}`, { phone: '713-555-0199' }, admin)).json().phone).toBe(
      '713-555-0199',
    )
  })
})

describe('changing the e-mail address', () => {
  it('needs the current password, so a borrowed session cannot redirect password resets', async () => {
    const { cookie, password } = await registerCustomer(t.app, { email: 'first@example.com' })
    const { id } = await me(cookie)
    const missing = await inject('PUT', `/api/users/${id}`, { email: 'thief@example.com' }, cookie)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toContainEqual({
      field: 'currentPassword',
      message: EMAIL_CHANGE_NEEDS_PASSWORD,
    })
    const wrong = await inject(
      'PUT',
      `/api/users/${id}`,
      { email: 'thief@example.com', currentPassword: 'guess' },
      cookie,
    )
    expect(wrong.statusCode).toBe(400)
    expect((await me(cookie)).email).toBe('first@example.com')
    // Other fields, and the same address sent back as the form does, need nothing more.
    const same = await inject(
      'PUT',
      `/api/users/${id}`,
      { email: 'First@Example.com', city: 'Austin' },
      cookie,
    )
    expect(same.statusCode).toBe(200)
    const changed = await inject(
      'PUT',
      `/api/users/${id}`,
      { email: 'second@example.com', currentPassword: password },
      cookie,
    )
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ email: 'second@example.com' })
  })
})

describe('change password', () => {
  it('needs the current password and matching confirmation', async () => {
    const { cookie } = await registerCustomer(t.app)
    const wrong = await inject(
      'POST',
      '/api/change-password',
      { currentPassword: 'not-it', newPassword: 'brand-new-secret', confirmPassword: 'brand-new-secret' },
      cookie,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Current password is incorrect')
    const mismatch = await inject(
      'POST',
      '/api/change-password',
      { currentPassword: 'x', newPassword: 'brand-new-secret', confirmPassword: 'different' },
      cookie,
    )
    expect(mismatch.json().errors).toContainEqual({
      field: 'confirmPassword',
      message: "Passwords don't match",
    })
    const short = await inject(
      'POST',
      '/api/change-password',
      { currentPassword: 'x', newPassword: '12', confirmPassword: '12' },
      cookie,
    )
    expect(short.json().errors).toContainEqual({
      field: 'newPassword',
      message: 'New password must be at least 6 characters',
    })
  })

  it('changes it and signs out every other session, keeping this one', async () => {
    const customer = await registerCustomer(t.app)
    const otherDevice = cookieHeader(await login(customer.username, customer.password))
    const response = await inject(
      'POST',
      '/api/change-password',
      {
        currentPassword: customer.password,
        newPassword: 'brand-new-secret',
        confirmPassword: 'brand-new-secret',
      },
      customer.cookie,
    )
    expect(response.statusCode).toBe(200)
    expect((await inject('GET', '/api/check-auth', undefined, customer.cookie)).statusCode).toBe(200)
    expect((await inject('GET', '/api/check-auth', undefined, otherDevice)).statusCode).toBe(401)
    expect((await login(customer.username, customer.password)).statusCode).toBe(401)
    expect((await login(customer.username, 'brand-new-secret')).statusCode).toBe(200)
  })

  it('makes a reset link sent before the change useless', async () => {
    const customer = await registerCustomer(t.app, { email: 'before.change@example.com' })
    await inject('POST', '/api/request-password-reset', { email: 'before.change@example.com' })
    const [before] = await t.handle.db.select().from(users).where(eq(users.username, customer.username))
    expect(before?.resetToken).toBeTruthy()
    const changed = await inject(
      'POST',
      '/api/change-password',
      {
        currentPassword: customer.password,
        newPassword: 'changed-secret',
        confirmPassword: 'changed-secret',
      },
      customer.cookie,
    )
    expect(changed.statusCode).toBe(200)
    const [after] = await t.handle.db.select().from(users).where(eq(users.username, customer.username))
    expect(after).toMatchObject({ resetToken: null, resetTokenExpiry: null })
  })
})

describe('password reset', () => {
  const latestResetMail = async (to: string) =>
    (
      await t.handle.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, to))
        .orderBy(desc(emailOutbox.id))
        .limit(1)
    )[0]
  const tokenFrom = (text: string | null) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text ?? '')?.[1]

  it('answers the same whether or not the address has an account', async () => {
    const unknown = await inject('POST', '/api/request-password-reset', { email: 'nobody@example.com' })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
    expect(await latestResetMail('nobody@example.com')).toBeUndefined()
  })

  it('mails a single-use link that signs every session out, stores only a hash, and expires', async () => {
    const customer = await registerCustomer(t.app, { email: 'reset.me@example.com' })
    const requested = await inject('POST', '/api/request-password-reset', { email: 'Reset.Me@example.com' })
    expect(requested.json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
    const mail = await latestResetMail('reset.me@example.com')
    expect(mail?.kind).toBe('password-reset')
    const token = decodeURIComponent(tokenFrom(mail!.textBody)!)
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'reset.me@example.com'))
    expect(row?.resetToken).toBeTruthy()
    expect(row?.resetToken).not.toContain(token)

    const mismatch = await inject('POST', '/api/reset-password', {
      token,
      password: 'fresh-secret',
      confirmPassword: 'other',
    })
    expect(mismatch.json().errors).toContainEqual({
      field: 'confirmPassword',
      message: "Passwords don't match",
    })
    const done = await inject('POST', '/api/reset-password', {
      token,
      password: 'fresh-secret',
      confirmPassword: 'fresh-secret',
    })
    expect(done.statusCode).toBe(200)
    expect((await inject('GET', '/api/check-auth', undefined, customer.cookie)).statusCode).toBe(401)
    expect((await login(customer.username, 'fresh-secret')).statusCode).toBe(200)
    const reused = await inject('POST', '/api/reset-password', {
      token,
      password: 'again-secret',
      confirmPassword: 'again-secret',
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().message).toBe(RESET_INVALID_MESSAGE)

    await inject('POST', '/api/request-password-reset', { email: 'reset.me@example.com' })
    const expiring = decodeURIComponent(tokenFrom((await latestResetMail('reset.me@example.com'))!.textBody)!)
    await t.handle.db
      .update(users)
      .set({ resetTokenExpiry: sql`now() - interval '1 minute'` })
      .where(eq(users.email, 'reset.me@example.com'))
    const expired = await inject('POST', '/api/reset-password', {
      token: expiring,
      password: 'late-secret',
      confirmPassword: 'late-secret',
    })
    expect(expired.json().message).toBe(RESET_INVALID_MESSAGE)
    expect(
      (await inject('POST', '/api/reset-password', { token: '', password: 'x', confirmPassword: 'x' })).json()
        .errors,
    ).toContainEqual({
      field: 'token',
      message: 'Reset token is required',
    })
  })
})

describe('order history', () => {
  it('shows a shopper their own orders and nobody else any of them', async () => {
    const buyer = await registerCustomer(t.app)
    const stranger = await registerCustomer(t.app)
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const placed = await placeZelleOrder(t.app, [piece], { cookie: buyer.cookie })
    const orderId = placed.json().id
    expect((await inject('GET', '/api/orders')).statusCode).toBe(401)
    const mine = (await inject('GET', '/api/orders', undefined, buyer.cookie)).json()
    expect(mine).toEqual([
      expect.objectContaining({ id: orderId, status: 'pending', total: 20_000, itemCount: 1 }),
    ])
    expect((await inject('GET', '/api/orders', undefined, stranger.cookie)).json()).toEqual([])

    const detail = await inject('GET', `/api/orders/${orderId}`, undefined, buyer.cookie)
    expect(detail.json()).toMatchObject({
      id: orderId,
      paymentMethod: 'zelle',
      paymentStatus: 'unpaid',
      shipping: { city: 'Houston', zip: '77002', country: 'US' },
      items: [{ productId: piece.id, quantity: 1, price: 20_000 }],
    })
    for (const guess of [orderId, orderId + 1, 1, 'abc']) {
      expect((await inject('GET', `/api/orders/${guess}`, undefined, stranger.cookie)).statusCode).toBe(404)
    }
  })
})

describe('sign-in limits per account', () => {
  const attempt = (app: TestApp['app'], username: string, password: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: address })

  it('locks out the guessing address, never the owner signing in from elsewhere', async () => {
    const limited = await createTestApp({ rateLimits: true })
    try {
      const { username, password } = await registerCustomer(limited.app)
      // Successful sign-ins do not count towards a lockout.
      for (let n = 0; n < LOGIN_ATTEMPTS_PER_USERNAME.max + 2; n++) {
        expect((await attempt(limited.app, username, password, '10.0.0.2')).statusCode).toBe(200)
      }
      // Under the per-address limit (10 per 5 minutes) but over the per-account one.
      for (let n = 0; n < LOGIN_ATTEMPTS_PER_USERNAME.max; n++) {
        expect((await attempt(limited.app, username, 'wrong', '10.0.0.1')).statusCode).toBe(401)
      }
      const blocked = await attempt(limited.app, username, password, '10.0.0.1')
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE)
      expect((await attempt(limited.app, username, password, '10.0.9.9')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('stops a guesser with many addresses at a ceiling that a password reset lifts', async () => {
    const limited = await createTestApp({ rateLimits: true })
    try {
      const { username } = await registerCustomer(limited.app, { email: 'ceiling@example.com' })
      for (let n = 0; n < LOGIN_CEILING_PER_USERNAME.max; n++) {
        const address = `10.1.${Math.floor(n / 5)}.${n % 5}`
        expect((await attempt(limited.app, username, 'wrong', address)).statusCode).toBe(401)
      }
      expect((await attempt(limited.app, username, 'wrong', '10.2.0.1')).statusCode).toBe(429)

      const token = randomBytes(32).toString('base64url')
      await limited.handle.db
        .update(users)
        .set({
          resetToken: createHash('sha256').update(token).digest('hex'),
          resetTokenExpiry: new Date(Date.now() + 60_000),
        })
        .where(eq(users.username, username))
      const reset = await limited.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: 'after-reset', confirmPassword: 'after-reset' },
        remoteAddress: '10.3.0.1',
      })
      expect(reset.statusCode).toBe(200)
      expect((await attempt(limited.app, username, 'after-reset', '10.2.0.1')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
