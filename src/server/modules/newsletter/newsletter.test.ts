import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { newsletters } from './schema'

const t = shopForFile({ env: { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'test' } })
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const subscribe = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })
const list = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/newsletter/subscriptions${query}`, headers: { cookie: admin } })

function tokenOf(text: string, page = 'unsubscribe'): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text)
  if (!match) throw new Error(`no ${page} link`)
  return decodeURIComponent(match[1]!)
}

const mailsTo = (address: string, kind: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } })

/** Subscribes and confirms with the link e-mailed, as the address's owner does. */
async function subscribeConfirmed(email: string) {
  await subscribe(email)
  const [mail] = await mailsTo(email, 'newsletter-confirmation')
  expect((await confirm(tokenOf(mail!.textBody!, 'confirm'))).statusCode).toBe(200)
}

const THANKS =
  'Thank you for subscribing to our newsletter! Please confirm your address with the link we have sent to it.'

describe('POST /api/newsletter', () => {
  it('answers a new, an unconfirmed and a confirmed address alike', async () => {
    const answers = [
      await subscribe('  Mei.Lin@Example.COM '), // new
      await subscribe('mei.lin@example.com'), // awaiting confirmation
    ]
    const [confirmation] = await mailsTo('mei.lin@example.com', 'newsletter-confirmation')
    await confirm(tokenOf(confirmation!.textBody!, 'confirm'))
    answers.push(await subscribe('MEI.LIN@EXAMPLE.COM')) // confirmed
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ message: THANKS })
    }
    const rows = await t.handle.db.select().from(newsletters)
    expect(rows.map((row) => row.email)).toEqual(['mei.lin@example.com'])
  })

  it('e-mails a confirmation link, carrying nothing the visitor wrote, and subscribes nobody until it is opened', async () => {
    expect((await subscribe('optin@example.com')).statusCode).toBe(200)
    expect((await list('?search=optin')).json()).toMatchObject({
      total: 1,
      subscribers: 0,
      items: [{ email: 'optin@example.com', confirmed: false }],
    })
    expect(await mailsTo('optin@example.com', 'newsletter-welcome')).toHaveLength(0)
    // Asking again at once sends no second link (a stranger cannot flood an address).
    await subscribe('optin@example.com')
    const confirmations = await mailsTo('optin@example.com', 'newsletter-confirmation')
    expect(confirmations).toHaveLength(1)
    const [mail] = confirmations
    expect(mail!.subject).toBe('Please confirm your subscription to the Jade Shop newsletter')
    expect(mail!.textBody).toContain('https://shop.example.com/newsletter/confirm?token=')
    expect(mail!.htmlBody).toContain('https://shop.example.com/newsletter/confirm?token=')

    const token = tokenOf(mail!.textBody!, 'confirm')
    expect((await confirm('guessed-token')).statusCode).toBe(404)
    expect((await confirm('guessed-token')).json().message).toBe(
      'This confirmation link is not valid or has expired. Please subscribe again from any page of the shop.',
    )
    const confirmed = await confirm(token)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().message).toBe('Your subscription is confirmed. Welcome to our newsletter!')
    expect((await confirm(token)).statusCode).toBe(200) // a second click is harmless
    expect((await list('?search=optin')).json()).toMatchObject({
      subscribers: 1,
      items: [{ email: 'optin@example.com', confirmed: true }],
    })
    // Welcomed once, with the unsubscribe link in both parts and in List-Unsubscribe.
    const welcomes = await mailsTo('optin@example.com', 'newsletter-welcome')
    expect(welcomes).toHaveLength(1)
    expect(welcomes[0]!.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/shop\.example\.com\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+>$/,
    )
    await t.app.mailWorker.runOnce()
    const folder = path.join(t.config.dataDir, 'mail')
    const welcomeFile = readdirSync(folder).find((name) => name.includes('newsletter-welcome'))
    const eml = readFileSync(path.join(folder, welcomeFile!), 'utf8').replace(/\r\n[ \t]+/g, ' ')
    expect(eml).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\.com\/newsletter\/unsubscribe\?token=/m)
  })

  it('sends a fresh link to an address still unconfirmed once the last one is a while old', async () => {
    await subscribe('lost@example.com')
    await t.handle.db
      .update(newsletters)
      .set({ confirmationSentAt: sql`now() - interval '11 minutes'` })
      .where(eq(newsletters.email, 'lost@example.com'))
    await subscribe('lost@example.com')
    const links = (await mailsTo('lost@example.com', 'newsletter-confirmation')).map((mail) =>
      tokenOf(mail.textBody!, 'confirm'),
    )
    expect(links).toHaveLength(2)
    expect((await confirm(links[0]!)).statusCode).toBe(404) // replaced by the fresh one
    expect((await confirm(links[1]!)).statusCode).toBe(200)
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
    await subscribeConfirmed('leave@example.com')
    const [mail] = await mailsTo('leave@example.com', 'newsletter-welcome')
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
    // Subscribing again is a fresh subscription, to be confirmed again.
    expect((await subscribe('leave@example.com')).statusCode).toBe(200)
    expect(await mailsTo('leave@example.com', 'newsletter-confirmation')).toHaveLength(2)
  })
})

describe('the subscribers list', () => {
  it('is paged and searched in SQL, newest first', async () => {
    await subscribeConfirmed('ana@example.org')
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
    await t.handle.db
      .insert(newsletters)
      .values({ email: '"quoted,name"@example.com', confirmedAt: new Date() })
    await subscribeConfirmed('-minus@example.com')
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

  it('lists addresses awaiting confirmation, but copies, exports and counts only the confirmed', async () => {
    await subscribe('waiting@example.net')
    await subscribeConfirmed('joined@example.net')
    const page = (await list('?search=example.net')).json()
    expect(page.items).toEqual([
      expect.objectContaining({ email: 'joined@example.net', confirmed: true }),
      expect.objectContaining({ email: 'waiting@example.net', confirmed: false }),
    ])
    expect(page).toMatchObject({ total: 2, subscribers: 1 })
    const emails = await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/subscriptions/emails?search=example.net',
      headers: { cookie: admin },
    })
    expect(emails.json().emails).toEqual(['joined@example.net'])
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/subscriptions.csv?search=example.net',
      headers: { cookie: admin },
    })
    expect(csv.body).toContain('joined@example.net')
    expect(csv.body).not.toContain('waiting@example.net')
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers/summary',
      headers: { cookie: admin },
    })
    expect(summary.json().subscribers).toBe((await list()).json().subscribers)
    expect(summary.json().subscribers).toBeLessThan((await list()).json().total)
  })

  it('feeds the dashboard card and is for administrators only', async () => {
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers/summary',
      headers: { cookie: admin },
    })
    expect(summary.json().subscribers).toBe((await list()).json().subscribers)
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/subscriptions' })).statusCode).toBe(401)
  })
})

describe('the welcome code (issue 25)', () => {
  const createCode = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/discounts', payload, headers: { cookie: admin } })

  it('offers the code the owner marked in the welcome e-mail, one welcome code at a time', async () => {
    const first = await createCode({ code: 'HELLO5', kind: 'percent', value: 5, welcome: true })
    expect(first.json()).toMatchObject({ welcome: true })
    const second = await createCode({
      code: 'WELCOME25',
      kind: 'fixed',
      value: 2_500,
      minSubtotal: 20_000,
      welcome: true,
    })
    expect(second.statusCode).toBe(201)
    const codes = await t.app.inject({ url: '/api/admin/discounts', headers: { cookie: admin } })
    const welcomes = codes.json().items.filter((item: { welcome: boolean }) => item.welcome)
    expect(welcomes.map((item: { code: string }) => item.code)).toEqual(['WELCOME25'])

    await subscribeConfirmed('welcome.code@example.com')
    const [welcome] = await mailsTo('welcome.code@example.com', 'newsletter-welcome')
    expect(welcome!.textBody).toContain(
      'As a welcome, use the code WELCOME25 for $25.00 off an order of $200.00 or more.',
    )
    expect(welcome!.htmlBody).toContain('WELCOME25')
  })

  it('offers no code once the welcome code cannot be used', async () => {
    const codes = await t.app.inject({
      url: '/api/admin/discounts?search=WELCOME25',
      headers: { cookie: admin },
    })
    const { id } = codes.json().items[0]
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/discounts/${id}`,
      payload: { code: 'WELCOME25', kind: 'fixed', value: 2_500, welcome: true, active: false },
      headers: { cookie: admin },
    })
    expect(off.statusCode).toBe(200)
    await subscribeConfirmed('no.code@example.com')
    const [welcome] = await mailsTo('no.code@example.com', 'newsletter-welcome')
    expect(welcome!.textBody).not.toContain('WELCOME25')
  })
})
