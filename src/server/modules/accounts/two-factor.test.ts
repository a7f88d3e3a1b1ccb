import { and, eq, like, sql } from 'drizzle-orm'
import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { TWO_FACTOR_REQUIRED_MESSAGE } from '../../../shared/accounts/two-factor'
import { rateLimits } from '../../limits/schema'
import { cookieHeader, shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { accountEvents, recoveryCodes, users } from './schema'
import { SecretBox } from './secret-box'
import { ACCOUNT_LOCKED_MESSAGE, LOGIN_ATTEMPTS_PER_USERNAME } from './sign-in'
import { TWO_FACTOR_CODES_PER_ACCOUNT, TWO_FACTOR_WAIT_MESSAGE } from './two-factor-limits'

// Two-factor sign-in (issue 18): TOTP as RFC 6238 has it, with the limits of sign-in on.

const t = shopForFile({ rateLimits: true })

let addresses = 0
const freshAddress = () => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`

const post = (url: string, payload: object, cookie?: string, address = freshAddress()) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: address })
const login = (username: string, password: string, code?: string, address?: string) =>
  post(
    '/api/login',
    code === undefined ? { username, password } : { username, password, code },
    undefined,
    address,
  )

let accounts = 0
/** A fresh customer, registered from an address of its own (registration is rate limited). */
async function newAccount(fields: object = {}) {
  const username = `twofactor${++accounts}_${Date.now() % 100_000}`
  const password = 'correct horse battery'
  const response = await post('/api/register', { username, password, ...fields })
  expect(response.statusCode).toBe(201)
  return { cookie: cookieHeader(response), username, password }
}

/** The app's code `steps` periods from now, as an authenticator app would show it. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

/** Waits out the end of a 30-second step, so a test's codes all belong to the steps it means. */
async function startOfStep() {
  const left = 30 - ((Date.now() / 1000) % 30)
  if (left < 10) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200))
}

type Enabled = Awaited<ReturnType<typeof withTwoFactor>>

async function withTwoFactor() {
  const account = await newAccount()
  const setup = await post('/api/account/two-factor/setup', { password: account.password }, account.cookie)
  expect(setup.statusCode).toBe(200)
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string }
  await startOfStep()
  // The step before this one: an app whose clock runs a little behind.
  const enabled = await post(
    '/api/account/two-factor/enable',
    { password: account.password, code: await codeAt(secret, -1) },
    account.cookie,
  )
  expect(enabled.statusCode).toBe(200)
  return { ...account, secret, otpauthUrl, recoveryCodes: enabled.json().recoveryCodes as string[] }
}

describe('setting up two-factor sign-in', () => {
  it('needs a signed-in user', async () => {
    expect((await post('/api/account/two-factor/setup', {})).statusCode).toBe(401)
    expect((await post('/api/account/two-factor/enable', { code: '123456' })).statusCode).toBe(401)
    expect(
      (await post('/api/account/two-factor/disable', { password: 'x', code: '123456' })).statusCode,
    ).toBe(401)
  })

  it('answers a base32 secret and its otpauth URL, keeps the secret encrypted, and turns on with a code', async () => {
    const { cookie, username, password } = await newAccount()
    const setup = await post('/api/account/two-factor/setup', { password }, cookie)
    const { secret, otpauthUrl } = setup.json()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(otpauthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(decodeURIComponent(url.pathname)).toContain(username)
    expect(url.searchParams.get('secret')).toBe(secret)

    const [row] = await t.handle.db.select().from(users).where(eq(users.username, username))
    expect(row!.twoFactorSecret).not.toContain(secret)
    expect(new SecretBox(t.config.sessionSecret, 'two-factor secrets').open(row!.twoFactorSecret!)).toBe(
      secret,
    )
    expect(
      new SecretBox('another-secret-that-is-long-enough-to-sign', 'two-factor secrets').open(
        row!.twoFactorSecret!,
      ),
    ).toBeUndefined()
    expect(row!.twoFactorEnabled).toBe(false)

    // Not on until a code confirms it: signing in still takes the password alone.
    const wrong = await post('/api/account/two-factor/enable', { password, code: '000000' }, cookie)
    expect(wrong.statusCode).toBe(400)
    await startOfStep()
    const enabled = await post(
      '/api/account/two-factor/enable',
      { password, code: await codeAt(secret) },
      cookie,
    )
    expect(enabled.statusCode).toBe(200)
    const codes: string[] = enabled.json().recoveryCodes
    expect(codes.length).toBeGreaterThanOrEqual(8)
    expect(new Set(codes).size).toBe(codes.length)
    const stored = await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id))
    expect(stored).toHaveLength(codes.length)
    for (const code of codes) expect(stored.map((entry) => entry.codeHash)).not.toContain(code)

    const me = await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })
    expect(me.json().twoFactorEnabled).toBe(true)
    // A second setup would replace the secret under the owner's feet.
    expect((await post('/api/account/two-factor/setup', { password }, cookie)).statusCode).toBe(409)
  })
})

describe('a session without the password (issue 31)', () => {
  it('can neither set up nor turn on two-factor sign-in', async () => {
    const { cookie, username, password } = await newAccount()
    expect((await post('/api/account/two-factor/setup', {}, cookie)).statusCode).toBe(400)
    const guessed = await post('/api/account/two-factor/setup', { password: 'a guess' }, cookie)
    expect(guessed.statusCode).toBe(400)
    expect(guessed.json().errors).toEqual([{ field: 'password', message: 'Current password is incorrect' }])
    const [before] = await t.handle.db.select().from(users).where(eq(users.username, username))
    expect(before!.twoFactorSecret).toBeNull()

    const { secret } = (await post('/api/account/two-factor/setup', { password }, cookie)).json()
    await startOfStep()
    const code = await codeAt(secret)
    expect((await post('/api/account/two-factor/enable', { code }, cookie)).statusCode).toBe(400)
    const wrong = await post('/api/account/two-factor/enable', { password: 'a guess', code }, cookie)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0].field).toBe('password')
    // The code was not spent by the refused attempt.
    expect((await post('/api/account/two-factor/enable', { password, code }, cookie)).statusCode).toBe(200)
  })

  it('counts wrong passwords at setup like every confirmation', async () => {
    const { cookie, password } = await newAccount()
    for (let n = 0; n < 10; n++)
      expect(
        (await post('/api/account/two-factor/setup', { password: `guess-${n}` }, cookie)).statusCode,
      ).toBe(400)
    expect((await post('/api/account/two-factor/setup', { password }, cookie)).statusCode).toBe(429)
  })

  it('makes new recovery codes only with the password, and the old ones stop working', async () => {
    const { cookie, username, password, recoveryCodes: old } = await withTwoFactor()
    expect((await post('/api/account/two-factor/recovery-codes', {}, cookie)).statusCode).toBe(400)
    expect(
      (await post('/api/account/two-factor/recovery-codes', { password: 'a guess' }, cookie)).statusCode,
    ).toBe(400)
    const fresh = await post('/api/account/two-factor/recovery-codes', { password }, cookie)
    expect(fresh.statusCode).toBe(200)
    const codes: string[] = fresh.json().recoveryCodes
    expect(codes).toHaveLength(old.length)
    expect((await login(username, password, old[0])).statusCode).toBe(401)
    expect((await login(username, password, codes[0])).statusCode).toBe(200)
  })
})

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code, takes the current one once, and counts a wrong one as a failure', async () => {
    const { username, password, secret } = await withTwoFactor()
    const asked = await login(username, password)
    expect(asked.statusCode).toBe(401)
    expect(asked.json()).toEqual({ message: TWO_FACTOR_REQUIRED_MESSAGE, twoFactorRequired: true })
    expect(asked.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined()
    // A wrong password is still just a wrong password.
    expect((await login(username, 'wrong', await codeAt(secret))).json().twoFactorRequired).toBeUndefined()

    const code = await codeAt(secret)
    const signedIn = await login(username, password, code)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({ username, twoFactorEnabled: true })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: cookieHeader(signedIn) },
    })
    expect(me.statusCode).toBe(200)
    // Seen once, a code is spent (RFC 6238 §5.2).
    expect((await login(username, password, code)).statusCode).toBe(401)

    // Wrong codes from one address count like wrong passwords (a fresh account: the spent code
    // above was a wrong code too, and the account's own code limit would come first).
    const other = await withTwoFactor()
    const address = freshAddress()
    for (let n = 0; n < LOGIN_ATTEMPTS_PER_USERNAME.max; n++) {
      const wrong = await login(other.username, other.password, '000000', address)
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().twoFactorRequired).toBe(true)
    }
    const locked = await login(other.username, other.password, await codeAt(other.secret, 1), address)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE)
  })

  it('takes each recovery code once, in any case and grouping', async () => {
    const { username, password, recoveryCodes: codes } = await withTwoFactor()
    const typed = codes[0]!.toUpperCase().replaceAll('-', ' ')
    expect((await login(username, password, typed)).statusCode).toBe(200)
    expect((await login(username, password, codes[0])).statusCode).toBe(401)
    expect((await login(username, password, codes[1])).statusCode).toBe(200)
  })
})

describe('wrong codes of one account (issue 31)', () => {
  it('are counted on their own: after 5 the code step waits 15 minutes and the owner is told', async () => {
    const account = await newAccount({ email: 'codes.owner@example.com' })
    const { secret } = (
      await post('/api/account/two-factor/setup', { password: account.password }, account.cookie)
    ).json()
    await startOfStep()
    const enabled = await post(
      '/api/account/two-factor/enable',
      { password: account.password, code: await codeAt(secret) },
      account.cookie,
    )
    const recovery: string[] = enabled.json().recoveryCodes
    const { username, password } = account
    const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
    const id = row!.id
    const notices = () =>
      t.handle.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, 'codes.owner@example.com'),
            like(emailOutbox.subject, '%wrong two-factor codes'),
          ),
        )

    // A right code takes back its own attempt: it never brings the wait closer.
    expect((await login(username, password, '000000')).statusCode).toBe(401)
    expect((await login(username, password, await codeAt(secret, 1))).statusCode).toBe(200)
    // Each from another address, so no address-based limit is what stops them.
    for (let n = 1; n < TWO_FACTOR_CODES_PER_ACCOUNT.max - 1; n++)
      expect((await login(username, password, `00000${n}`)).statusCode).toBe(401)
    expect(await notices()).toEqual([])
    const fifth = await login(username, password, '999999')
    expect(fifth.statusCode).toBe(401)
    const [notice, ...more] = await notices()
    expect(more).toEqual([])
    expect(notice?.textBody).toContain('5 wrong two-factor codes')
    expect(
      await t.handle.db
        .select()
        .from(accountEvents)
        .where(and(eq(accountEvents.userId, id), eq(accountEvents.kind, 'two-factor-wait'))),
    ).toHaveLength(1)

    // Even the right code waits now, from any address, and a password alone proves nothing.
    const waiting = await login(username, password, await codeAt(secret, -1))
    expect(waiting.statusCode).toBe(429)
    expect(waiting.json().message).toBe(TWO_FACTOR_WAIT_MESSAGE)
    expect((await login(username, password, '123456')).statusCode).toBe(429)
    expect(await notices()).toHaveLength(1)

    // 15 minutes later (the windows moved back), the right code signs in.
    await t.handle.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(like(rateLimits.key, `two-factor-%:${id}`))
    await t.handle.db
      .update(users)
      .set({ twoFactorWaitUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, id))
    expect((await login(username, password, recovery[0])).statusCode).toBe(200)
  })

  it('lets no more than 5 of many simultaneous wrong codes be tried, and tells the owner once', async () => {
    const account = await withTwoFactor()
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => login(account.username, account.password, `1234${10 + n}`)),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)])
    const [{ id }] = (await t.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, account.username))) as [{ id: number }]
    const waits = await t.handle.db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, id), eq(accountEvents.kind, 'two-factor-wait')))
    expect(waits).toHaveLength(1)
  })
})

describe('codes used at the same moment', () => {
  it('let exactly one of several simultaneous sign-ins through with one code', async () => {
    // A fresh account for each kind of code: four wrong codes in one round are counted (issue 31).
    for (const pick of [(a: Enabled) => a.recoveryCodes[0]!, (a: Enabled) => codeAt(a.secret)]) {
      const account = await withTwoFactor()
      const code = await pick(account)
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => login(account.username, account.password, code)),
      )
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401, 401])
    }
  })
})

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code or a recovery code, then sign-in takes the password alone', async () => {
    const { cookie, username, password, recoveryCodes: codes } = await withTwoFactor()
    expect(
      (await post('/api/account/two-factor/disable', { password: 'wrong', code: codes[0] }, cookie))
        .statusCode,
    ).toBe(400)
    expect(
      (await post('/api/account/two-factor/disable', { password, code: '000000' }, cookie)).statusCode,
    ).toBe(400)
    const off = await post('/api/account/two-factor/disable', { password, code: codes[0] }, cookie)
    expect(off.statusCode).toBe(200)
    const [row] = await t.handle.db.select().from(users).where(eq(users.username, username))
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null })
    expect(await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id))).toEqual(
      [],
    )
    expect((await login(username, password)).statusCode).toBe(200)
  })

  it('counts its failures like every password confirmation', async () => {
    const { cookie, password, recoveryCodes: codes } = await withTwoFactor()
    for (let n = 0; n < 10; n++)
      expect(
        (await post('/api/account/two-factor/disable', { password: `guess-${n}`, code: '000000' }, cookie))
          .statusCode,
      ).toBe(400)
    expect(
      (await post('/api/account/two-factor/disable', { password, code: codes[0] }, cookie)).statusCode,
    ).toBe(429)
  })
})
