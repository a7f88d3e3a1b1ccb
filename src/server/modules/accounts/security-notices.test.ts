import { and, asc, eq, gt } from 'drizzle-orm'
import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { accountEvents, users } from './schema'
import { mailLinksFrom } from './security-notices'
import { upsertAdmin } from './service'

// Issue 31: every change to two-factor sign-in, the password or the e-mail address is told to the
// account's address (and the old one for a new address), naming what and when, linking only home.

const t = shopForFile({ env: { STORE_TIMEZONE: 'America/Chicago', PUBLIC_URL: 'http://shop.example' } })

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} })

let lastId = 0
/** The notices queued since the last call. */
async function newNotices() {
  const rows = await t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'security-notice'), gt(emailOutbox.id, lastId)))
    .orderBy(asc(emailOutbox.id))
  lastId = Math.max(lastId, ...rows.map((row) => row.id))
  return rows
}

/** Only the shop's home as a link, in both parts; the time on the shop's clock. */
function expectPlainNotice(row: { textBody: string | null; htmlBody: string | null }, what: RegExp) {
  expect(row.textBody).toMatch(what)
  expect(row.textBody).toMatch(/\nWhen: \w+day, \w+ \d{1,2} at \d{1,2}:\d{2} [AP]M C[SD]T\.\n/)
  expect(row.textBody!.match(/https?:\/\/\S+/g)).toEqual(['http://shop.example/'])
  expect([...row.htmlBody!.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([
    'http://shop.example/',
  ])
}

const codeNow = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

describe('security notices', () => {
  it('tell the owner of each change to two-factor sign-in', async () => {
    const { cookie, password } = await registerCustomer(t.app, { email: 'owner.2fa@example.com' })
    await newNotices()
    const { secret } = (await post('/api/account/two-factor/setup', { password }, cookie)).json()
    expect(await newNotices()).toEqual([])
    const left = 30 - ((Date.now() / 1000) % 30)
    if (left < 5) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200))
    const on = await post('/api/account/two-factor/enable', { password, code: await codeNow(secret) }, cookie)
    expect(on.statusCode).toBe(200)
    const [enabled, ...others] = await newNotices()
    expect(others).toEqual([])
    expect(enabled).toMatchObject({ toAddress: 'owner.2fa@example.com' })
    expectPlainNotice(enabled!, /Two-factor sign-in was turned on for your account\./)

    const fresh = await post('/api/account/two-factor/recovery-codes', { password }, cookie)
    expect(fresh.statusCode).toBe(200)
    expectPlainNotice((await newNotices())[0]!, /New two-factor recovery codes were made/)

    const codes: string[] = fresh.json().recoveryCodes
    const off = await post('/api/account/two-factor/disable', { password, code: codes[1] }, cookie)
    expect(off.statusCode).toBe(200)
    const [disabled] = await newNotices()
    expect(disabled?.toAddress).toBe('owner.2fa@example.com')
    expectPlainNotice(disabled!, /Two-factor sign-in was turned off for your account/)
  })

  it('tell the owner of a new password, changed or reset', async () => {
    const { cookie, password } = await registerCustomer(t.app, { email: 'owner.pw@example.com' })
    await newNotices()
    const changed = await post(
      '/api/change-password',
      { currentPassword: password, newPassword: 'a new secret', confirmPassword: 'a new secret' },
      cookie,
    )
    expect(changed.statusCode).toBe(200)
    const [notice] = await newNotices()
    expect(notice?.toAddress).toBe('owner.pw@example.com')
    expectPlainNotice(notice!, /The password of your account was changed/)

    await post('/api/request-password-reset', { email: 'owner.pw@example.com' })
    const [reset] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'password-reset'), eq(emailOutbox.toAddress, 'owner.pw@example.com')))
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(reset!.textBody!)![1]!)
    const done = await post('/api/reset-password', { token, password: 'another', confirmPassword: 'another' })
    expect(done.statusCode).toBe(200)
    const [resetNotice] = await newNotices()
    expect(resetNotice?.toAddress).toBe('owner.pw@example.com')
    expectPlainNotice(resetNotice!, /The password of your account was reset/)
  })

  it('tell both the old and the new address of a new e-mail address', async () => {
    const { cookie, password } = await registerCustomer(t.app, { email: 'old.address@example.com' })
    const me = (await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })).json()
    await newNotices()
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      headers: { cookie },
      payload: { email: 'new.address@example.com', currentPassword: password },
    })
    expect(changed.statusCode).toBe(200)
    const notices = await newNotices()
    expect(notices.map((row) => row.toAddress).sort()).toEqual([
      'new.address@example.com',
      'old.address@example.com',
    ])
    for (const notice of notices) expectPlainNotice(notice, /The e-mail address of your account was changed/)
    // Other profile fields are no security change.
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      headers: { cookie },
      payload: { city: 'Austin' },
    })
    expect(await newNotices()).toEqual([])
  })

  it('tell an administrator whose password ADMIN_PASSWORD or admin:create changed', async () => {
    const links = mailLinksFrom(t.config)
    const admin = await upsertAdmin(t.handle.db, 'keeper.of.keys', 'first-password', links)
    await t.handle.db.update(users).set({ email: 'keeper@example.com' }).where(eq(users.id, admin.id))
    await newNotices()
    await upsertAdmin(t.handle.db, 'keeper.of.keys', 'first-password', links)
    expect(await newNotices()).toEqual([])
    await upsertAdmin(t.handle.db, 'Keeper.Of.Keys', 'second-password', links)
    const [notice] = await newNotices()
    expect(notice?.toAddress).toBe('keeper@example.com')
    expectPlainNotice(notice!, /The password of your account was changed/)
    const trail = await t.handle.db.select().from(accountEvents).where(eq(accountEvents.userId, admin.id))
    expect(trail.map((event) => [event.kind, event.actor])).toEqual([['password-changed', 'server']])
  })
})
