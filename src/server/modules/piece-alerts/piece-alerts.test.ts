import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SweepRunner } from '../../jobs/runner'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { adminCookie, insertProduct } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { products } from '../catalog/schema'
import { emailOutbox } from '../mail/schema'
import { similarPieceAlerts } from './job'
import { pieceAlertSends, pieceAlerts, pieceArrivals } from './schema'
import { PIECE_ALERT_SWEEPS } from './sweeps'
import { UnsubscribeTokens } from './unsubscribe-tokens'

// "Tell me when a similar piece arrives" (issue 25), through HTTP: the request on a sold or
// reserved piece (double opt-in, the same answer for every address), the job at a fixed clock (one
// e-mail per address per piece, nobody twice, nothing for the unconfirmed), the one-click
// unsubscribe with its headers, the rate limit, the back office's counts, and the sweeps.

const PUBLIC_URL = 'https://shop.example.com'
const SECRET = 'test-secret-that-is-long-enough-for-signing-cookies'
const ASKED =
  'Thank you. Please confirm with the link we have sent to your address; then we will write when a similar piece arrives.'
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, PAYMENT_PROVIDER: 'test' } })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

const store = {
  name: 'Jade Shop',
  email: 'shop@example.com',
  phone: '713-555-0000',
  freeShippingThresholdCents: 0,
  flatShippingCents: 0,
}
const tokens = new UnsubscribeTokens(SECRET)

/** The alert job as the app runs it, on a clock the test sets. */
const jobAt = (now: Date) =>
  new SweepRunner({
    db: t.handle.db,
    sweeps: [similarPieceAlerts({ store, publicUrl: PUBLIC_URL, tokens })],
    log: { info: () => {}, warn: () => {} },
    now: () => now,
    lockKey: 4242,
  }).runOnce()
/** A minute from now: later than every piece the test has just put on sale. */
const soon = () => new Date(Date.now() + MINUTE)

const ask = (productId: number, payload: object = {}, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/notify`,
    payload,
    headers: cookie ? { cookie } : {},
  })
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/alerts/confirm', payload: { token } })

const mailsTo = (address: string, kind: string) =>
  t.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.id)

function tokenOf(text: string, page: string): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_.%-]+)`).exec(text)
  if (!match) throw new Error(`no ${page} link`)
  return decodeURIComponent(match[1]!)
}

let sequence = 0
/** A sold piece of the category: the page a shopper asks on. */
const soldPiece = (category: string) =>
  insertProduct(t.handle.db, {
    category,
    status: 'sold',
    stockQuantity: 0,
    name: `Sold ${category} ${++sequence}`,
  })

/** Asks on a sold piece and confirms by the link e-mailed, as the address's owner does. */
async function waitingFor(email: string, category: string) {
  const sold = await soldPiece(category)
  expect((await ask(sold.id, { email })).statusCode).toBe(200)
  const [mail] = (await mailsTo(email, 'piece-alert-confirmation')).slice(-1)
  expect((await confirm(tokenOf(mail!.textBody!, 'alerts/confirm'))).statusCode).toBe(200)
}

describe('POST /api/products/:id/notify', () => {
  it('answers a new, an unconfirmed and a confirmed address alike, and keeps one wish per address and category', async () => {
    const sold = await soldPiece('bangles')
    const answers = [
      await ask(sold.id, { email: '  Mei.Lin@Example.COM ' }), // new
      await ask(sold.id, { email: 'mei.lin@example.com' }), // awaiting confirmation
    ]
    const [confirmation] = await mailsTo('mei.lin@example.com', 'piece-alert-confirmation')
    expect((await confirm(tokenOf(confirmation!.textBody!, 'alerts/confirm'))).statusCode).toBe(200)
    answers.push(await ask(sold.id, { email: 'MEI.LIN@EXAMPLE.COM' })) // confirmed
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ message: ASKED, waiting: false })
    }
    const rows = await t.handle.db
      .select()
      .from(pieceAlerts)
      .where(eq(pieceAlerts.email, 'mei.lin@example.com'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ category: 'bangles', productId: sold.id })
    // Asked again within ten minutes: no second link (a stranger cannot flood an address).
    expect(await mailsTo('mei.lin@example.com', 'piece-alert-confirmation')).toHaveLength(1)
  })

  it('e-mails a confirmation link naming the piece and carrying nothing the visitor wrote', async () => {
    const sold = await soldPiece('rings')
    await ask(sold.id, { email: 'optin@example.com' })
    const [mail] = await mailsTo('optin@example.com', 'piece-alert-confirmation')
    expect(mail!.subject).toBe('Please confirm: new rings from Jade Shop')
    expect(mail!.textBody).toContain(`“${sold.name}”`)
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/alerts/confirm?token=`)
    expect(mail!.htmlBody).toContain(`${PUBLIC_URL}/alerts/confirm?token=`)
    const [row] = await t.handle.db
      .select()
      .from(pieceAlerts)
      .where(eq(pieceAlerts.email, 'optin@example.com'))
    expect(row!.confirmedAt).toBeNull()

    const bad = await confirm('guessed-token')
    expect(bad.statusCode).toBe(404)
    expect(bad.json().message).toBe(
      'This confirmation link is not valid or has expired. Please ask again from the page of the piece.',
    )
    const token = tokenOf(mail!.textBody!, 'alerts/confirm')
    const good = await confirm(token)
    expect(good.json()).toEqual({
      message: 'You are on the list: we will write when a similar piece arrives.',
    })
    expect((await confirm(token)).statusCode).toBe(200) // a second click is harmless
  })

  it('sends a fresh link once the last one is a while old, and only the fresh one confirms', async () => {
    const sold = await soldPiece('earrings')
    await ask(sold.id, { email: 'lost@example.com' })
    await t.handle.db
      .update(pieceAlerts)
      .set({ confirmationSentAt: sql`now() - interval '11 minutes'` })
      .where(eq(pieceAlerts.email, 'lost@example.com'))
    await ask(sold.id, { email: 'lost@example.com' })
    const links = (await mailsTo('lost@example.com', 'piece-alert-confirmation')).map((mail) =>
      tokenOf(mail.textBody!, 'alerts/confirm'),
    )
    expect(links).toHaveLength(2)
    expect((await confirm(links[0]!)).statusCode).toBe(404)
    expect((await confirm(links[1]!)).statusCode).toBe(200)
  })

  it('puts a signed-in shopper on the list at once with the account address, and a typed stranger through opt-in', async () => {
    const { cookie } = await registerCustomer(t.app, { email: 'Ava.Signed@Example.com' })
    const sold = await soldPiece('necklaces')
    const own = await ask(sold.id, {}, cookie)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual({
      message: 'We will write to ava.signed@example.com when a new piece arrives in necklaces.',
      waiting: true,
    })
    const [row] = await t.handle.db
      .select()
      .from(pieceAlerts)
      .where(eq(pieceAlerts.email, 'ava.signed@example.com'))
    expect(row!.confirmedAt).not.toBeNull()
    expect(row!.userId).not.toBeNull()
    expect(await mailsTo('ava.signed@example.com', 'piece-alert-confirmation')).toHaveLength(0)
    // Typing the account's own address is the same; typing another's is the visitor's path.
    expect((await ask(sold.id, { email: 'AVA.SIGNED@example.com' }, cookie)).json().waiting).toBe(true)
    const other = await ask(sold.id, { email: 'friend@example.com' }, cookie)
    expect(other.json()).toEqual({ message: ASKED, waiting: false })
    expect(await mailsTo('friend@example.com', 'piece-alert-confirmation')).toHaveLength(1)
    // An account without an address must type one.
    const { cookie: noEmail } = await registerCustomer(t.app)
    const refused = await ask(sold.id, {}, noEmail)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: 'Please enter your email address',
      errors: [{ field: 'email', message: 'Please enter your email address' }],
    })
  })

  it('takes requests only on sold and reserved pieces, and refuses bad input with the message', async () => {
    const available = await insertProduct(t.handle.db, { category: 'rings' })
    const onSale = await ask(available.id, { email: 'a@example.com' })
    expect(onSale.statusCode).toBe(409)
    expect(onSale.json().message).toBe('This piece is available: you can buy it now.')
    const draft = await insertProduct(t.handle.db, { status: 'draft' })
    expect((await ask(draft.id, { email: 'a@example.com' })).statusCode).toBe(404)
    expect((await ask(999_999, { email: 'a@example.com' })).statusCode).toBe(404)
    const reserved = await insertProduct(t.handle.db, {
      category: 'rings',
      status: 'reserved',
      stockQuantity: 0,
    })
    expect((await ask(reserved.id, { email: 'reserved.ring@example.com' })).statusCode).toBe(200)

    const sold = await soldPiece('rings')
    for (const [payload, message] of [
      [{}, 'Please enter your email address'],
      [{ email: '   ' }, 'Please enter your email address'],
      [{ email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ email: 42 }, 'Please enter a valid email address'],
      [{ email: 'a@b.co', admin: true }, 'Unknown field: admin'],
    ] as const) {
      const response = await ask(sold.id, payload)
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 })
      expect(response.json().message).toBe(message)
    }
  })
})

describe('the alert job, at a fixed clock', () => {
  it('e-mails each confirmed address once per new piece, with picture, price and link; nobody twice', async () => {
    await waitingFor('one@example.com', 'bracelets')
    await waitingFor('two@example.com', 'bracelets')
    // Asked, never confirmed: nothing.
    await ask((await soldPiece('bracelets')).id, { email: 'unconfirmed@example.com' })
    // Waiting for another category: nothing.
    await waitingFor('rings.only@example.com', 'rings')

    const before = new Date(Date.now() - MINUTE)
    const piece = await insertProduct(t.handle.db, {
      category: 'Bracelets',
      name: 'Celadon Bead Bracelet',
      price: 128_000,
      originalPrice: 150_000,
      imageUrls: ['/uploads/abc123-1280.webp'],
      imageAlts: ['Celadon beads on ivory'],
    })
    // At a clock before the piece came on sale, it is not news yet.
    await jobAt(before)
    expect(await mailsTo('one@example.com', 'piece-alert')).toHaveLength(0)

    const now = soon()
    await jobAt(now)
    for (const address of ['one@example.com', 'two@example.com']) {
      const mails = await mailsTo(address, 'piece-alert')
      expect(mails, address).toHaveLength(1)
      const [mail] = mails
      expect(mail!.subject).toBe('New in bracelets: Celadon Bead Bracelet')
      expect(mail!.textBody).toContain('$1,280.00 (was $1,500.00)')
      expect(mail!.textBody).toContain(`${PUBLIC_URL}/product/${piece.id}`)
      expect(mail!.htmlBody).toContain(`src="${PUBLIC_URL}/uploads/abc123-640.webp"`)
      expect(mail!.htmlBody).toContain('alt="Celadon beads on ivory"')
      expect(mail!.htmlBody).toContain(`href="${PUBLIC_URL}/product/${piece.id}"`)
    }
    expect(await mailsTo('unconfirmed@example.com', 'piece-alert')).toHaveLength(0)
    expect(await mailsTo('rings.only@example.com', 'piece-alert')).toHaveLength(0)

    // Again, later: nobody hears twice of one piece, even after it is sold and back on sale.
    await jobAt(new Date(now.getTime() + MINUTE))
    await t.handle.db.update(products).set({ status: 'reserved' }).where(eq(products.id, piece.id))
    await t.handle.db.update(products).set({ status: 'available' }).where(eq(products.id, piece.id))
    await jobAt(new Date(Date.now() + 2 * MINUTE))
    expect(await mailsTo('one@example.com', 'piece-alert')).toHaveLength(1)
    expect(await mailsTo('two@example.com', 'piece-alert')).toHaveLength(1)
  })

  it('names every piece of a round in one e-mail, and leaves out drafts and pieces already sold', async () => {
    await waitingFor('collector@example.com', 'earrings')
    const first = await insertProduct(t.handle.db, { category: 'earrings', name: 'Lavender Drops' })
    const second = await insertProduct(t.handle.db, { category: 'earrings', name: 'Icy Studs' })
    await insertProduct(t.handle.db, { category: 'earrings', name: 'Draft Hoops', status: 'draft' })
    const gone = await insertProduct(t.handle.db, { category: 'earrings', name: 'Quickly Sold' })
    await t.handle.db.update(products).set({ status: 'sold' }).where(eq(products.id, gone.id))
    await jobAt(soon())
    const mails = await mailsTo('collector@example.com', 'piece-alert')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('2 new pieces in earrings')
    expect(mails[0]!.textBody).toContain(first.name)
    expect(mails[0]!.textBody).toContain(second.name)
    expect(mails[0]!.textBody).not.toContain('Draft Hoops')
    expect(mails[0]!.textBody).not.toContain('Quickly Sold')

    // The owner publishes the draft: it is news then.
    await t.handle.db.update(products).set({ status: 'available' }).where(eq(products.name, 'Draft Hoops'))
    await jobAt(soon())
    const later = await mailsTo('collector@example.com', 'piece-alert')
    expect(later).toHaveLength(2)
    expect(later[1]!.subject).toBe('New in earrings: Draft Hoops')
  })

  it('runs in the app in a runner of its own, and its sweeps in the hourly round', async () => {
    await waitingFor('wired@example.com', 'bracelets')
    await insertProduct(t.handle.db, { category: 'bracelets', name: 'Apple Green Beads' })
    // PostgreSQL stamps the arrival in microseconds and the runner's clock reads milliseconds: a
    // piece stamped within the round's own millisecond is the next round's news, not this one's.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const round = await t.app.pieceAlertJobs.runOnce()
    expect(round?.['similar piece alerts']).toBeGreaterThanOrEqual(1)
    const [mail] = await mailsTo('wired@example.com', 'piece-alert')
    expect(mail!.subject).toBe('New in bracelets: Apple Green Beads')
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/shop\.example\.com\/api\/alerts\//)
    const hourly = await t.app.sweeper.runOnce()
    expect(Object.keys(hourly ?? {})).toEqual(
      expect.arrayContaining(['unconfirmed piece alerts', 'piece alerts a year old']),
    )
  })

  it('tells nobody of a piece that was on sale before they asked', async () => {
    await insertProduct(t.handle.db, { category: 'necklaces', name: 'Old Pendant' })
    await waitingFor('late@example.com', 'necklaces')
    await jobAt(soon())
    expect(await mailsTo('late@example.com', 'piece-alert')).toHaveLength(0)
  })

  it('carries a one-click unsubscribe that works without a session, in the text and in the headers', async () => {
    await waitingFor('leave@example.com', 'rings')
    await waitingFor('leave@example.com', 'bangles')
    await insertProduct(t.handle.db, { category: 'rings', name: 'Halo Ring' })
    await jobAt(soon())
    const [mail] = await mailsTo('leave@example.com', 'piece-alert')
    const listUnsubscribe = mail!.headers?.['List-Unsubscribe']
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/shop\.example\.com\/api\/alerts\/one-click-unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}>$/,
    )
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/alerts/unsubscribe?token=`)
    expect(mail!.htmlBody).toContain('Unsubscribe with one click')

    // The e-mail as sent carries both headers.
    for (let sent = 1; sent > 0; ) sent = await t.app.mailWorker.runOnce()
    const folder = path.join(t.config.dataDir, 'mail')
    const file = readdirSync(folder).find(
      (name) =>
        name.includes('piece-alert') &&
        !name.includes('confirmation') &&
        readFileSync(path.join(folder, name), 'utf8').includes('leave@example.com'),
    )
    const eml = readFileSync(path.join(folder, file!), 'utf8').replace(/\r\n[ \t]+/g, ' ')
    expect(eml).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.example\.com\/api\/alerts\/one-click-unsubscribe\?token=/m,
    )
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)

    // A scanner's GET does nothing; the mail program's POST (a form, no cookie, no Origin) does.
    const url = new URL(listUnsubscribe!.slice(1, -1))
    const get = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(get.statusCode).toBe(404)
    expect(
      await t.handle.db.select().from(pieceAlerts).where(eq(pieceAlerts.email, 'leave@example.com')),
    ).toHaveLength(2)
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const done = await oneClick()
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ message: 'You will not hear from us about new pieces any more.' })
    // Every category of the address stops, and a second POST is answered alike.
    expect(
      await t.handle.db.select().from(pieceAlerts).where(eq(pieceAlerts.email, 'leave@example.com')),
    ).toHaveLength(0)
    expect((await oneClick()).statusCode).toBe(200)
    await insertProduct(t.handle.db, { category: 'bangles', name: 'After Leaving' })
    await jobAt(soon())
    expect(await mailsTo('leave@example.com', 'piece-alert')).toHaveLength(1)

    // A forged token is refused, on both routes.
    const forged = `${url.searchParams.get('token')!.split('.')[0]}.${'A'.repeat(43)}`
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/one-click-unsubscribe?token=${forged}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(refused.statusCode).toBe(404)
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/unsubscribe',
      payload: { token: forged },
    })
    expect(page.statusCode).toBe(404)
    expect(page.json().message).toBe('This unsubscribe link is not valid.')
  })

  it('unsubscribes by the page of the link in the text (one button, JSON)', async () => {
    await waitingFor('page@example.com', 'rings')
    await insertProduct(t.handle.db, { category: 'rings', name: 'Band Ring' })
    await jobAt(soon())
    const [mail] = await mailsTo('page@example.com', 'piece-alert')
    const token = tokenOf(mail!.textBody!, 'alerts/unsubscribe')
    const done = await t.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', payload: { token } })
    expect(done.statusCode).toBe(200)
    expect(
      await t.handle.db.select().from(pieceAlerts).where(eq(pieceAlerts.email, 'page@example.com')),
    ).toHaveLength(0)
  })

  it('keeps the wish when the piece it was asked on is deleted; forgets what was sent of a deleted piece', async () => {
    const sold = await soldPiece('bangles')
    const { cookie } = await registerCustomer(t.app, { email: 'keeps@example.com' })
    await ask(sold.id, {}, cookie)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${sold.id}`,
      headers: { cookie: admin },
    })
    expect(deleted.statusCode).toBe(200)
    const [row] = await t.handle.db
      .select()
      .from(pieceAlerts)
      .where(eq(pieceAlerts.email, 'keeps@example.com'))
    expect(row).toMatchObject({ productId: null, category: 'bangles' })
    const piece = await insertProduct(t.handle.db, { category: 'bangles', name: 'Imperial Bangle' })
    await jobAt(soon())
    expect(await mailsTo('keeps@example.com', 'piece-alert')).toHaveLength(1)
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${piece.id}`,
      headers: { cookie: admin },
    })
    expect(gone.statusCode).toBe(200)
    expect(
      await t.handle.db.select().from(pieceAlertSends).where(eq(pieceAlertSends.productId, piece.id)),
    ).toHaveLength(0)
  })
})

describe('the back office', () => {
  it('counts the confirmed addresses waiting, per category and in all, for administrators only', async () => {
    const counts = await t.app.inject({ url: '/api/admin/piece-alerts/waiting', headers: { cookie: admin } })
    expect(counts.statusCode).toBe(200)
    const body = counts.json() as { categories: { category: string; waiting: number }[]; people: number }
    const expected = await t.handle.db
      .select({ category: pieceAlerts.category, n: sql<number>`count(*)::int` })
      .from(pieceAlerts)
      .where(sql`${pieceAlerts.confirmedAt} is not null`)
      .groupBy(pieceAlerts.category)
    for (const category of ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings']) {
      const n = expected.find((row) => row.category === category)?.n ?? 0
      expect(body.categories.find((row) => row.category === category)?.waiting, category).toBe(n)
    }
    const [people] = await t.handle.db
      .select({ n: sql<number>`count(distinct ${pieceAlerts.email})::int` })
      .from(pieceAlerts)
      .where(sql`${pieceAlerts.confirmedAt} is not null`)
    expect(body.people).toBe(people!.n)

    // One more confirmed, one more unconfirmed: only the confirmed counts.
    const before = body.categories.find((row) => row.category === 'necklaces')!.waiting
    await waitingFor('counted@example.com', 'necklaces')
    await ask((await soldPiece('necklaces')).id, { email: 'not.counted@example.com' })
    const after = (
      await t.app.inject({ url: '/api/admin/piece-alerts/waiting', headers: { cookie: admin } })
    ).json()
    expect(after.categories.find((row: { category: string }) => row.category === 'necklaces').waiting).toBe(
      before + 1,
    )

    expect((await t.app.inject({ url: '/api/admin/piece-alerts/waiting' })).statusCode).toBe(401)
    const { cookie } = await registerCustomer(t.app)
    expect(
      (await t.app.inject({ url: '/api/admin/piece-alerts/waiting', headers: { cookie } })).statusCode,
    ).toBe(403)
  })
})

describe('the sweeps', () => {
  const sweepAt = (now: Date) =>
    new SweepRunner({
      db: t.handle.db,
      sweeps: PIECE_ALERT_SWEEPS,
      log: { info: () => {}, warn: () => {} },
      now: () => now,
      lockKey: 4243,
    }).runOnce()

  it('forget an unconfirmed address after a week and a waiting one a year after it last asked', async () => {
    await ask((await soldPiece('rings')).id, { email: 'never.confirmed@example.com' })
    await waitingFor('patient@example.com', 'rings')
    const { cookie } = await registerCustomer(t.app, { email: 'renewed@example.com' })
    await ask((await soldPiece('rings')).id, {}, cookie)
    const emails = async () =>
      (await t.handle.db.select({ email: pieceAlerts.email }).from(pieceAlerts)).map((row) => row.email)

    await sweepAt(new Date(Date.now() + 6 * DAY))
    expect(await emails()).toContain('never.confirmed@example.com')
    await sweepAt(new Date(Date.now() + 8 * DAY))
    expect(await emails()).not.toContain('never.confirmed@example.com')
    expect(await emails()).toContain('patient@example.com')

    // Asking again (signed in here) starts the year again.
    await t.handle.db
      .update(pieceAlerts)
      .set({ requestedAt: sql`now() - interval '200 days'` })
      .where(eq(pieceAlerts.email, 'renewed@example.com'))
    await ask((await soldPiece('rings')).id, {}, cookie)
    await sweepAt(new Date(Date.now() + 366 * DAY))
    expect(await emails()).not.toContain('patient@example.com')
    expect(await emails()).not.toContain('renewed@example.com') // a year on from now, too
    // …and what was sent, and when pieces came on sale, a year on.
    expect(await t.handle.db.select().from(pieceAlertSends)).toHaveLength(0)
    expect(await t.handle.db.select().from(pieceArrivals)).toHaveLength(0)
  })

  it('renews the year for an address that asks again', async () => {
    const twice = await registerCustomer(t.app, { email: 'twice@example.com' })
    const once = await registerCustomer(t.app, { email: 'once@example.com' })
    for (const { cookie } of [twice, once]) await ask((await soldPiece('bangles')).id, {}, cookie)
    await t.handle.db
      .update(pieceAlerts)
      .set({ requestedAt: sql`now() - interval '300 days'` })
      .where(sql`${pieceAlerts.email} in ('twice@example.com', 'once@example.com')`)
    await ask((await soldPiece('bangles')).id, {}, twice.cookie)
    await sweepAt(new Date(Date.now() + 100 * DAY))
    const left = (await t.handle.db.select({ email: pieceAlerts.email }).from(pieceAlerts)).map(
      (row) => row.email,
    )
    expect(left).toContain('twice@example.com')
    expect(left).not.toContain('once@example.com')
  })
})

describe('the rate limit', () => {
  it('answers 429 past the form limit, as the newsletter does', async () => {
    const limited = await createTestApp({ rateLimits: true, env: { PUBLIC_URL, PAYMENT_PROVIDER: 'test' } })
    try {
      const [sold] = await limited.handle.db
        .insert(products)
        .values({
          name: 'Sold Bangle',
          description: 'x',
          shortDescription: 'x',
          price: 10_000,
          category: 'bangles',
          color: 'green',
          status: 'sold',
          stockQuantity: 0,
        })
        .returning()
      const statuses: number[] = []
      for (let n = 0; n <= RATE_LIMITS.form.max; n++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: `/api/products/${sold!.id}/notify`,
          payload: { email: `limit${n}@example.com` },
        })
        statuses.push(response.statusCode)
        if (response.statusCode === 429) expect(response.json().message).toMatch(/too many/i)
      }
      expect(statuses.slice(0, RATE_LIMITS.form.max).every((status) => status === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
