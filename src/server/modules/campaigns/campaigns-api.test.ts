import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns/rules'
import { adminCookie, insertProduct, staffCookie } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { users } from '../accounts/schema'
import { emailOutbox } from '../mail/schema'
import { newsletters } from '../newsletter/schema'
import { campaigns } from './schema'
import { CampaignSender } from './sender'

// The campaigns' API (issue 38): drafts, the test message, scheduling and cancelling. What
// sending does is campaigns-sending.test.ts's.

const t = shopForFile({ env: { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'test' } })
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
  await t.handle.db.update(users).set({ email: 'owner@example.com' }).where(eq(users.username, 'owner'))
})

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, payload, headers: { cookie } })

const draft = { subject: 'New in: lavender bangles', body: 'Three **new** bangles, just in.' }

describe('drafts', () => {
  it('creates, lists, shows, changes and deletes a draft', async () => {
    const piece = await insertProduct(t.handle.db, { name: 'Lavender bangle' })
    const created = await call('POST', '/api/admin/campaigns', {
      ...draft,
      previewText: 'Three new pieces',
      productIds: [piece.id],
    })
    expect(created.statusCode, created.body).toBe(201)
    const campaign = created.json()
    expect(campaign).toMatchObject({
      subject: draft.subject,
      previewText: 'Three new pieces',
      productIds: [piece.id],
      journalPostId: null,
      status: 'draft',
      recipients: 0,
      sent: 0,
      failed: 0,
      unsubscribed: 0,
    })
    const list = (await call('GET', '/api/admin/campaigns?tab=drafts')).json()
    expect(list.total).toBeGreaterThanOrEqual(1)
    expect(list.items[0]).toMatchObject({ id: campaign.id, status: 'draft' })
    expect(list.counts).toMatchObject({ drafts: list.total, scheduled: 0, sent: 0 })
    expect((await call('GET', '/api/admin/campaigns?tab=sent')).json()).toMatchObject({ items: [], total: 0 })
    expect((await call('GET', '/api/admin/campaigns?tab=nope')).statusCode).toBe(400)

    const changed = await call('PUT', `/api/admin/campaigns/${campaign.id}`, { ...draft, subject: 'Just in' })
    expect(changed.json()).toMatchObject({ subject: 'Just in', productIds: [], previewText: null })
    expect((await call('GET', `/api/admin/campaigns/${campaign.id}`)).json()).toMatchObject({
      subject: 'Just in',
      status: 'draft',
    })
    const removed = await call('DELETE', `/api/admin/campaigns/${campaign.id}`)
    expect(removed.json()).toEqual({ message: CAMPAIGN_MESSAGES.deleted })
    expect((await call('GET', `/api/admin/campaigns/${campaign.id}`)).statusCode).toBe(404)
  })

  it('refuses what cannot be sent with the message and the field, never a 500', async () => {
    const cases: [object, number, string][] = [
      [{ body: 'x' }, 400, CAMPAIGN_MESSAGES.subjectRequired],
      [{ subject: 'x', body: '  ' }, 400, CAMPAIGN_MESSAGES.bodyRequired],
      [{ ...draft, productIds: [1, 2, 3, 4, 5, 6, 7] }, 400, CAMPAIGN_MESSAGES.tooManyProducts],
      [{ ...draft, productIds: [999_999] }, 400, CAMPAIGN_MESSAGES.unknownProduct],
      [{ ...draft, journalPostId: 999_999 }, 400, CAMPAIGN_MESSAGES.unknownPost],
      [{ ...draft, tracking: true }, 400, 'Unknown field: tracking'],
    ]
    for (const [payload, status, message] of cases) {
      const answer = await call('POST', '/api/admin/campaigns', payload)
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status })
      expect(answer.json().message).toBe(message)
    }
  })

  it('is for members whose role sends the newsletter: 401 to visitors, 403 to customers and packers', async () => {
    const customer = await registerCustomer(t.app)
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    const manager = await staffCookie(t.app, t.handle.db, 'manager')
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/campaigns', undefined, customer.cookie)).statusCode).toBe(403)
    const refused = await call('GET', '/api/admin/campaigns', undefined, packer.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Your role does not include newsletter campaigns')
    expect((await call('GET', '/api/admin/campaigns', undefined, manager.cookie)).statusCode).toBe(200)
  })
})

describe('the test message', () => {
  it("goes to the signed-in member's own address, marked as a test, and unsubscribes nobody", async () => {
    const { id } = (await call('POST', '/api/admin/campaigns', draft)).json()
    const answer = await call('POST', `/api/admin/campaigns/${id}/test`)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().message).toBe(CAMPAIGN_MESSAGES.testSent('owner@example.com'))
    const [mail] = await t.handle.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'campaign-test'))
    expect(mail).toMatchObject({
      toAddress: 'owner@example.com',
      subject: `[Test] ${draft.subject}`,
      priority: 0,
    })
    expect(mail!.textBody).toContain('Three new bangles, just in.')
    expect(mail!.htmlBody).toContain('<strong>new</strong>')
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    // The editor's preview is the same message.
    const preview = (await call('GET', `/api/admin/campaigns/${id}/preview`)).json()
    expect(preview.subject).toBe(draft.subject)
    expect(preview.html).toContain('<strong>new</strong>')
    expect(preview.text).toContain('Unsubscribe: https://shop.example.com/newsletter/unsubscribe?token=')
    // …and as a page of its own, which only the shop's own pages may frame and where nothing runs.
    const page = await call('GET', `/api/admin/campaigns/${id}/preview.html`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'self'")
    expect(policy).not.toContain('script-src')
    expect(page.body).toContain('<strong>new</strong>')
    expect(page.body).toContain('<base target="_blank">')
    expect((await call('GET', `/api/admin/campaigns/${id}/preview.html`, undefined, '')).statusCode).toBe(401)
    // The campaign is still a draft; nobody was queued.
    expect((await call('GET', `/api/admin/campaigns/${id}`)).json()).toMatchObject({
      status: 'draft',
      recipients: 0,
    })
  })
})

describe('sending, scheduling and cancelling', () => {
  const sender = (now: Date) => new CampaignSender({ db: t.handle.db, log: { warn() {} }, now: () => now })

  it('schedules at a future ISO time, refuses a past or malformed one, and cancels until it starts', async () => {
    await t.handle.db
      .insert(newsletters)
      .values({ email: 'reader@example.com', confirmedAt: new Date(Date.now() - 60_000) })
    const { id } = (await call('POST', '/api/admin/campaigns', draft)).json()
    const send = (at?: string) => call('POST', `/api/admin/campaigns/${id}/send`, at ? { at } : {})

    const past = await send(new Date(Date.now() - 60_000).toISOString())
    expect(past.statusCode).toBe(400)
    expect(past.json()).toMatchObject({ message: CAMPAIGN_MESSAGES.atPast, errors: [{ field: 'at' }] })
    expect((await send('next tuesday')).json().message).toBe(CAMPAIGN_MESSAGES.atInvalid)

    const at = new Date(Date.now() + 3_600_000)
    const scheduled = await send(at.toISOString().replace('Z', '+00:00'))
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', sendAt: at.toISOString() })
    // A scheduled campaign is no longer a draft.
    for (const answer of [
      await call('PUT', `/api/admin/campaigns/${id}`, draft),
      await call('DELETE', `/api/admin/campaigns/${id}`),
    ]) {
      expect(answer.statusCode).toBe(409)
      expect(answer.json().message).toBe(CAMPAIGN_MESSAGES.notDraft)
    }
    expect((await send()).statusCode).toBe(409)

    // Not due yet: the sender leaves it alone.
    await sender(new Date()).runOnce()
    expect((await call('GET', `/api/admin/campaigns/${id}`)).json().status).toBe('scheduled')

    const cancelled = await call('POST', `/api/admin/campaigns/${id}/cancel`)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' })
    const again = await call('POST', `/api/admin/campaigns/${id}/cancel`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(CAMPAIGN_MESSAGES.notScheduled)
    // Cancelled, it never starts, even once its time has come.
    await sender(new Date(at.getTime() + 60_000)).runOnce()
    expect((await call('GET', `/api/admin/campaigns/${id}`)).json()).toMatchObject({
      status: 'cancelled',
      recipients: 0,
    })
  })

  it('starts a scheduled campaign once its time has come, and then it cannot be cancelled', async () => {
    const { id } = (await call('POST', '/api/admin/campaigns', draft)).json()
    const at = new Date(Date.now() + 3_600_000)
    await call('POST', `/api/admin/campaigns/${id}/send`, { at: at.toISOString() })
    await sender(new Date(at.getTime() + 1000)).runOnce()
    const started = (await call('GET', `/api/admin/campaigns/${id}`)).json()
    expect(started).toMatchObject({ status: 'sending', recipients: 1 })
    expect((await call('POST', `/api/admin/campaigns/${id}/cancel`)).statusCode).toBe(409)
    const [row] = await t.handle.db.select().from(campaigns).where(eq(campaigns.id, id))
    expect(row!.startedAt!.getTime()).toBe(at.getTime() + 1000)
  })

  it('sends now: the campaign is sending at once, and a second send is a 409', async () => {
    const { id } = (await call('POST', '/api/admin/campaigns', draft)).json()
    const sent = await call('POST', `/api/admin/campaigns/${id}/send`, {})
    expect(sent.json()).toMatchObject({ status: 'sending' })
    const twice = await call('POST', `/api/admin/campaigns/${id}/send`, {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(CAMPAIGN_MESSAGES.notSendable)
    expect((await call('POST', '/api/admin/campaigns/999999/send', {})).statusCode).toBe(404)
  })
})
