import { readFileSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { storeInfo } from '../store/store-info'
import { accountEvents, recoveryCodes, users } from './schema'
import { resetTwoFactor } from './two-factor'

// Issue 31: an owner who lost phone and recovery codes is let back in from the server, never over
// HTTP; the account's audit trail says so and its address is told.

const t = shopForFile()

const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } })

describe('npm run admin:reset-two-factor', () => {
  it('is a script of the package', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(pkg.scripts['admin:reset-two-factor']).toBe('tsx scripts/reset-two-factor.ts')
  })

  it('turns two-factor sign-in off for that one account, in its audit trail, and tells its owner', async () => {
    const owner = await registerCustomer(t.app, { email: 'locked.out@example.com' })
    const other = await registerCustomer(t.app)
    for (const account of [owner, other]) {
      const { secret } = (
        await post('/api/account/two-factor/setup', { password: account.password }, account.cookie)
      ).json()
      const code = await generate({ secret })
      const on = await post(
        '/api/account/two-factor/enable',
        { password: account.password, code },
        account.cookie,
      )
      expect(on.statusCode).toBe(200)
    }
    const links = { publicUrl: 'http://shop.example', store: storeInfo(t.config) }
    // Any spelling of the name is that account.
    expect(await resetTwoFactor(t.handle.db, owner.username.toUpperCase(), links)).toBe(true)
    expect(await resetTwoFactor(t.handle.db, 'nobody-at-all', links)).toBe(false)

    const [row] = await t.handle.db.select().from(users).where(eq(users.username, owner.username))
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null })
    expect(await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id))).toEqual(
      [],
    )
    const trail = await t.handle.db.select().from(accountEvents).where(eq(accountEvents.userId, row!.id))
    expect(trail.map((event) => [event.kind, event.actor])).toEqual([
      ['two-factor-on', 'owner'],
      ['two-factor-reset', 'admin:reset-two-factor'],
    ])
    const [notice] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, 'security-notice'),
          eq(emailOutbox.subject, `${t.config.store.name}: two-factor sign-in was turned off`),
        ),
      )
    expect(notice?.toAddress).toBe('locked.out@example.com')
    expect(notice?.textBody).toMatch(/turned off for your account by the shop/)

    const [untouched] = await t.handle.db.select().from(users).where(eq(users.username, other.username))
    expect(untouched!.twoFactorEnabled).toBe(true)
    // Signing in takes the password alone again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: owner.username, password: owner.password },
    })
    expect(login.statusCode).toBe(200)
  })
})
