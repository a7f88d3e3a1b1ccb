import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { PASSWORD_CHECKS_LOCKED_MESSAGE, PASSWORD_CHECKS_PER_ACCOUNT } from './password-checks'
import { ACCOUNT_LOCKED_MESSAGE, LOGIN_ATTEMPTS_PER_DEVICE, LOGIN_CEILING_PER_USERNAME } from './sign-in'

// The owner is never locked out (issue 18): OWASP's device cookies, refused attempts that count
// toward nothing, and password confirmations counted like sign-ins.

let t: TestApp
beforeAll(async () => {
  // Behind HTTPS, as in production: the device cookie is Secure like the session cookie.
  t = await createTestApp({
    rateLimits: true,
    env: { PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'test' },
  })
})
afterAll(() => t.close())

const login = (username: string, password: string, address: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
  })

const deviceCookieOf = (response: Awaited<ReturnType<typeof login>>) =>
  response.cookies.find((cookie) => cookie.name === 'device')

let addresses = 0
/** A client address no other test has used (the login route allows 10 attempts per address). */
const freshAddress = () => {
  addresses += 1
  return `10.${Math.floor(addresses / 250) + 1}.${addresses % 250}.7`
}

describe('the owner is never locked out', () => {
  it('55 wrong passwords from one other address leave the owner free to sign in', async () => {
    const { username, password } = await registerCustomer(t.app)
    const attacker = freshAddress()
    const statuses: number[] = []
    for (let n = 0; n < 55; n++) statuses.push((await login(username, `guess-${n}`, attacker)).statusCode)
    // Five guesses at the account, then the account's limit for that address, then the route's.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual(Array(50).fill(429))
    // Refused attempts counted toward nothing: the owner, from home, signs in.
    const owner = await login(username, password, freshAddress())
    expect(owner.statusCode).toBe(200)
  })

  it('a browser with a device cookie signs in while guesses from many addresses fill the ceiling', async () => {
    const { username, password } = await registerCustomer(t.app)
    const first = await login(username, password, freshAddress())
    expect(first.statusCode).toBe(200)
    const device = deviceCookieOf(first)
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/api/login' })
    expect(device!.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60)
    const deviceHeader = `device=${device!.value}`

    for (let n = 0; n < LOGIN_CEILING_PER_USERNAME.max + 5; n++) {
      const status = (await login(username, `guess-${n}`, freshAddress())).statusCode
      expect(status).toBe(n < LOGIN_CEILING_PER_USERNAME.max ? 401 : 429)
    }
    // A browser unknown to the account is held by the ceiling, even with the right password...
    const stranger = await login(username, password, freshAddress())
    expect(stranger.statusCode).toBe(429)
    expect(stranger.json().message).toBe(ACCOUNT_LOCKED_MESSAGE)
    // ...and so is a forged device cookie; the owner's own browser is not, from any address.
    expect(
      (await login(username, password, freshAddress(), `device=${username}.forged0123456789abc`)).statusCode,
    ).toBe(429)
    const owner = await login(username, password, freshAddress(), deviceHeader)
    expect(owner.statusCode).toBe(200)
    expect(owner.json().username).toBe(username)

    // The device's own failures still count, on the device.
    const renewed = `device=${deviceCookieOf(owner)!.value}`
    for (let n = 0; n < LOGIN_ATTEMPTS_PER_DEVICE.max; n++)
      expect((await login(username, 'wrong', freshAddress(), renewed)).statusCode).toBe(401)
    expect((await login(username, password, freshAddress(), renewed)).statusCode).toBe(429)
  })

  it("another account's device cookie earns nothing", async () => {
    const mine = await registerCustomer(t.app)
    const theirs = await registerCustomer(t.app)
    const signedIn = await login(mine.username, mine.password, freshAddress())
    const device = `device=${deviceCookieOf(signedIn)!.value}`
    for (let n = 0; n < LOGIN_CEILING_PER_USERNAME.max; n++)
      await login(theirs.username, `guess-${n}`, freshAddress(), device)
    expect((await login(theirs.username, theirs.password, freshAddress(), device)).statusCode).toBe(429)
  })

  it('POST /api/login carries its per-address limit as a route rate limit', async () => {
    const response = await login('nobody-at-all', 'x', freshAddress())
    expect(response.statusCode).toBe(401)
    expect(response.headers['x-ratelimit-limit']).toBe(String(RATE_LIMITS.login.max))
    expect(response.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMITS.login.max - 1))
  })
})

describe('password confirmations of a signed-in user', () => {
  const put = (url: string, payload: object, cookie: string, address: string) =>
    t.app.inject({ method: 'PUT', url, payload, headers: { cookie }, remoteAddress: address })
  const post = (url: string, payload: object, cookie: string, address: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: address })

  it('are refused with 429 after 10 failures: a new e-mail, a password change', async () => {
    const { cookie, password } = await registerCustomer(t.app, { email: 'guarded@example.com' })
    const me = (await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })).json()
    const address = freshAddress()
    for (let n = 0; n < PASSWORD_CHECKS_PER_ACCOUNT.max - 1; n++) {
      const wrong = await put(
        `/api/users/${me.id}`,
        { email: 'thief@example.com', currentPassword: `guess-${n}` },
        cookie,
        address,
      )
      expect(wrong.statusCode).toBe(400)
    }
    // The password change counts on the same account (its own route limit is per address).
    const changed = await post(
      '/api/change-password',
      { currentPassword: 'guess-x', newPassword: 'new-password', confirmPassword: 'new-password' },
      cookie,
      freshAddress(),
    )
    expect(changed.statusCode).toBe(400)
    const locked = await put(
      `/api/users/${me.id}`,
      { email: 'thief@example.com', currentPassword: password },
      cookie,
      freshAddress(),
    )
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toBe(PASSWORD_CHECKS_LOCKED_MESSAGE)
    const still = (await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })).json()
    expect(still.email).toBe('guarded@example.com')
  })

  it('forget earlier slips once the right password is given', async () => {
    const { cookie, password } = await registerCustomer(t.app, { email: 'slips@example.com' })
    const me = (await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })).json()
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 4; n++)
        await put(
          `/api/users/${me.id}`,
          { email: 'x@example.com', currentPassword: 'nope' },
          cookie,
          freshAddress(),
        )
      const right = await put(
        `/api/users/${me.id}`,
        { email: `slips${round}@example.com`, currentPassword: password },
        cookie,
        freshAddress(),
      )
      expect(right.statusCode).toBe(200)
    }
  })
})
