import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, newsletters } from '../../db/schema'
import { adminCookie } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'test' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

const subscribe = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })
const list = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/newsletter/subscriptions${query}`, headers: { cookie: admin } })

function tokenOf(text: string): string {
  const match = /unsubscribe\?token=([A-Za-z0-9_%-]+)/.exec(text)
  if (!match) throw new Error('no unsubscribe link')
  return decodeURIComponent(match[1]!)
}

describe('POST /api/newsletter', () => {
  it('stores a new address trimmed and in lower case, once, and welcomes it once', async () => {
    const first = await subscribe('  Mei.Lin@Example.COM ')
    expect(first.statusCode).toBe(201)
    expect(first.json().message).toBe('Thank you for subscribing to our newsletter!')
    for (const variant of ['mei.lin@example.com', 'MEI.LIN@EXAMPLE.COM', ' mei.lin@example.com']) {
      const again = await subscribe(variant)
      expect(again.statusCode).toBe(200)
      expect(again.json().message).toBe('Thank you for subscribing to our newsletter!')
    }
    const rows = await t.handle.db.select().from(newsletters)
    expect(rows.map((row) => row.email)).toEqual(['mei.lin@example.com'])
    const mails = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'newsletter-welcome'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/shop\.example\.com\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+>$/,
    )
    expect(mails[0]!.textBody).toContain('https://shop.example.com/newsletter/unsubscribe?token=')
    await t.app.mailWorker.runOnce()
    const folder = path.join(t.config.dataDir, 'mail')
    const eml = readFileSync(path.join(folder, readdirSync(folder)[0]!), 'utf8').replace(/\r\n[ \t]+/g, ' ')
    expect(eml).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\.com\/newsletter\/unsubscribe\?token=/m)
  })

  it('refuses an empty or malformed address with the message, never a 500', async () => {
    for (const [email, message] of [
      ['', 'Please enter your email address'],
      ['   ', 'Please enter your email address'],
      [undefined, 'Please enter your email address'],
      ['not-an-address', 'Please enter a valid email address'],
      [42, 'Please enter your email address'],
    ] as const) {
      const response = await subscribe(email)
      expect({ email, status: response.statusCode }).toEqual({ email, status: 400 })
      expect(response.json().message).toBe(message)
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'a@b.co', admin: true },
    })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().message).toBe('Unknown field: admin')
  })
})

describe('unsubscribing', () => {
  it('takes the address off the list with the link of its welcome e-mail; the link works once', async () => {
    await subscribe('leave@example.com')
    const [mail] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'leave@example.com'))
    const token = tokenOf(mail!.textBody!)
    const post = (value: string) =>
      t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: value } })
    const done = await post(token)
    expect(done.statusCode).toBe(200)
    expect((await list('?search=leave')).json().total).toBe(0)
    const again = await post(token)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe('This unsubscribe link is not valid or has already been used.')
    expect((await post('guess')).statusCode).toBe(404)
    // Subscribing again is a fresh subscription.
    expect((await subscribe('leave@example.com')).statusCode).toBe(201)
  })
})

describe('the subscribers list', () => {
  it('is paged and searched in SQL, newest first', async () => {
    await subscribe('ana@example.org')
    const all = (await list()).json()
    expect(all.items[0].email).toBe('ana@example.org')
    expect(all.items[0].createdAt).toMatch(/^\d{4}-/)
    expect((await list('?search=EXAMPLE.ORG')).json()).toMatchObject({ total: 1 })
    const page = (await list('?pageSize=1&page=2')).json()
    expect(page.items).toHaveLength(1)
    expect(page.total).toBe(all.total)
  })

  it('gives every address of the filter and a CSV export with correct quoting', async () => {
    // An address the form would refuse, as older data might hold: the library quotes it.
    await t.handle.db.insert(newsletters).values({ email: '"quoted,name"@example.com' })
    expect((await subscribe('-minus@example.com')).statusCode).toBe(201)
    const emails = await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/subscriptions/emails',
      headers: { cookie: admin },
    })
    expect(emails.json().emails).toContain('ana@example.org')
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/subscriptions.csv?search=quoted',
      headers: { cookie: admin },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = csv.body.trim().split('\n')
    expect(lines[0]).toBe('Email Address,Date Subscribed')
    expect(lines[1]).toMatch(/^"""quoted,name""@example.com",\d{4}-/)
    expect(lines).toHaveLength(2)
    const formula = await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/subscriptions.csv?search=minus',
      headers: { cookie: admin },
    })
    // A cell a spreadsheet would run as a formula is neutralised.
    expect(formula.body.split('\n')[1]).toMatch(/^'-minus@example.com,/)
  })

  it('feeds the dashboard card and is for administrators only', async () => {
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers/summary',
      headers: { cookie: admin },
    })
    expect(summary.json().subscribers).toBe((await list()).json().total)
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/subscriptions' })).statusCode).toBe(401)
  })
})
