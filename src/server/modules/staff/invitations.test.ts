import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITATION_INVALID_MESSAGE } from '../../../shared/staff/contract'
import { TWO_FACTOR_SETUP_MESSAGE } from '../../../shared/staff/permissions'
import { adminCookie, staffCookie } from '../../test/factories'
import { cookieHeader, createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { staffInvitations } from './schema'

// Joining the team (issue 35): an invitation by e-mail, a signed single-use link for 72 hours,
// and the account it makes has the invitation's address and role.

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await createTestApp()
  owner = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

const invite = (email: string, role: string, cookie = owner) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/staff/invitations',
    headers: { cookie },
    payload: { email, role },
  })

/** The token of the latest invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'staff-invitation'), eq(emailOutbox.toAddress, email)))
    .orderBy(desc(emailOutbox.id))
    .limit(1)
  const url = /https?:\/\/\S+\/staff\/invitation\?token=(\S+)/.exec(mail!.textBody ?? '')
  return decodeURIComponent(url![1]!)
}

const accept = (token: string, username: string, password = 'a long staff password') =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/invitations/accept',
    payload: { token, username, password },
  })
const preview = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/staff/invitations/preview', payload: { token } })

describe('an invitation', () => {
  it('mails a link that makes a packer, signs them in, and works once', async () => {
    const sent = await invite('Pat.Packer@Example.com', 'packer')
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toEqual({ message: 'Invitation sent' })
    const token = await mailedToken('pat.packer@example.com')
    expect((await preview(token)).json()).toEqual({
      email: 'pat.packer@example.com',
      role: 'packer',
      roleLabel: 'Packer',
      twoFactorRequired: false,
    })
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff/invitations',
      headers: { cookie: owner },
    })
    expect(pending.json().items).toEqual([
      expect.objectContaining({ email: 'pat.packer@example.com', role: 'packer', invitedBy: 'owner' }),
    ])

    const short = await accept(token, 'pat', 'short')
    expect(short.statusCode).toBe(400)
    const joined = await accept(token, 'pat')
    expect(joined.statusCode, joined.body).toBe(201)
    expect(joined.json()).toMatchObject({ username: 'pat', email: 'pat.packer@example.com', isAdmin: true })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: cookieHeader(joined) },
    })
    expect(me.json()).toMatchObject({ username: 'pat', role: 'packer' })

    const again = await accept(token, 'pat-again')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(INVITATION_INVALID_MESSAGE)
    expect((await preview(token)).statusCode).toBe(400)
  })

  it('answers the same for an address that already has an account, which cannot accept it', async () => {
    await registerCustomer(t.app, { email: 'known@example.com' })
    const known = await invite('known@example.com', 'editor')
    const unknown = await invite('unknown@example.com', 'editor')
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body])
    const refused = await accept(await mailedToken('known@example.com'), 'known-editor')
    expect(refused.statusCode).toBe(409)
  })

  it('stops working when resent, withdrawn or past its 72 hours', async () => {
    await invite('resent@example.com', 'editor')
    const first = await mailedToken('resent@example.com')
    const [row] = await t.handle.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'resent@example.com'))
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/invitations/${row!.id}/resend`,
      headers: { cookie: owner },
    })
    expect(resent.statusCode).toBe(200)
    const second = await mailedToken('resent@example.com')
    expect(second).not.toBe(first)
    expect((await preview(first)).statusCode).toBe(400)
    expect((await preview(second)).statusCode).toBe(200)

    await t.handle.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, row!.id))
    expect((await accept(second, 'late-comer')).statusCode).toBe(400)

    await invite('withdrawn@example.com', 'packer')
    const token = await mailedToken('withdrawn@example.com')
    const [open] = await t.handle.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'withdrawn@example.com'))
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/staff/invitations/${open!.id}`,
      headers: { cookie: owner },
    })
    expect(withdrawn.statusCode).toBe(200)
    expect((await accept(token, 'never-joined')).statusCode).toBe(400)
    expect((await preview(`${token.slice(0, -2)}xx`)).statusCode).toBe(400)
  })

  it('cannot offer a role the inviter does not hold', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: { cookie: owner },
      payload: { name: 'Recruiter', permissions: ['staff:manage', 'orders:view'] },
    })
    const recruiter = await staffCookie(t.app, t.handle.db, created.json().name)
    const refused = await invite('boss@example.com', 'owner', recruiter.cookie)
    expect(refused.statusCode).toBe(403)
    expect((await invite('nobody@example.com', 'no-such-role')).statusCode).toBe(400)
  })
})

describe("an invitation's sender", () => {
  it('must still be able to send it when it is accepted', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: { cookie: owner },
      payload: {
        name: 'Short-lived recruiter',
        permissions: ['staff:manage', 'orders:view', 'orders:fulfil'],
      },
    })
    const recruiter = await staffCookie(t.app, t.handle.db, created.json().name)
    expect((await invite('friend@example.com', 'packer', recruiter.cookie)).statusCode).toBe(201)
    const token = await mailedToken('friend@example.com')
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${recruiter.id}`,
      headers: { cookie: owner },
      payload: { active: false },
    })
    expect((await accept(token, 'friend')).statusCode).toBe(400)
  })
})

describe('a role that needs two-factor sign-in', () => {
  it('leaves a Bookkeeper without it nothing but their own profile, until it is on', async () => {
    await invite('books@example.com', 'bookkeeper')
    const token = await mailedToken('books@example.com')
    expect((await preview(token)).json()).toMatchObject({ twoFactorRequired: true })
    const joined = await accept(token, 'books')
    const cookie = cookieHeader(joined)
    const ledger = await t.app.inject({ method: 'GET', url: '/api/sales', headers: { cookie } })
    expect(ledger.statusCode).toBe(403)
    expect(ledger.json().message).toBe(TWO_FACTOR_SETUP_MESSAGE)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode,
    ).toBe(200)
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { cookie },
      payload: { password: 'a long staff password' },
    })
    expect(setup.statusCode).toBe(200)
  })
})

describe('invitations per client address', () => {
  it('are at most 30 an hour', async () => {
    const limited = await createTestApp({ rateLimits: true })
    try {
      const cookie = await adminCookie(limited.app, limited.handle.db)
      const statuses: number[] = []
      for (let n = 0; n < 31; n++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/admin/staff/invitations',
          headers: { cookie },
          payload: { email: `helper${n}@example.com`, role: 'packer' },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true)
      expect(statuses[30]).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
