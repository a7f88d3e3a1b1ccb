import { spawn } from 'node:child_process'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import type { Database } from '../../db/client'
import { childScript } from '../../test/child-script'
import { adminCookie, insertProduct } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { decodedBody, headersOf, type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in'
import { blogPosts } from '../journal/schema'
import { createMailTransport } from '../mail/create-transport'
import { enqueueMail } from '../mail/outbox'
import { emailOutbox } from '../mail/schema'
import { MailWorker } from '../mail/worker'
import { newsletters } from '../newsletter/schema'
import { CAMPAIGN_MAIL_KIND, campaignMailContext, campaignMailRenderer } from './mail'
import { campaigns } from './schema'
import { CampaignSender } from './sender'

// Sending a campaign (issue 38) through a real SMTP server: only the confirmed, exactly once each
// across a crash and across two instances, at the pace, behind the shop's own mail, with working
// unsubscribe links, and bounces.

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'
let t: TestApp
let smtp: SmtpStandIn
let admin: string
beforeAll(async () => {
  smtp = await startSmtpStandIn()
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://shop.example.com',
      PAYMENT_PROVIDER: 'test',
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: '100000',
      STORE_ADDRESS: '1200 Jade Street, Houston, TX 77002',
    },
  })
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
beforeEach(async () => {
  // Each test its own readers, campaigns and mail.
  await t.handle.db.delete(emailOutbox)
  await t.handle.db.delete(campaigns)
  await t.handle.db.delete(newsletters)
  smtp.received.length = 0
})

const db = () => t.handle.db
const quiet = { warn() {}, info() {} }

/** Confirmed subscribers (a minute ago), answered by address. */
async function subscribers(emails: string[], confirmedAt: Date | null = new Date(Date.now() - 60_000)) {
  return db()
    .insert(newsletters)
    .values(emails.map((email) => ({ email, confirmedAt })))
    .returning()
}
const readers = (n: number, prefix = 'reader') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i + 1}@example.com`)

async function campaign(fields: object = {}): Promise<number> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    payload: { subject: 'New pieces', body: 'Hello, **readers**. [Our shop](/products)', ...fields },
    headers: { cookie: admin },
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json().id
}
const sendNow = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${id}/send`,
    payload: {},
    headers: { cookie: admin },
  })
const status = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/campaigns/${id}`, headers: { cookie: admin } })).json()

/** Queues and sends until nothing is left, as the sender and the worker do on their timers. */
async function drain(app: FastifyInstance = t.app) {
  for (;;) {
    const { queued } = await app.campaignSender.runOnce()
    const sent = await app.mailWorker.runOnce()
    if (queued === 0 && sent === 0) break
  }
  await app.campaignSender.runOnce() // marks the campaigns done
}
const receivedBy = () => smtp.received.flatMap((mail) => mail.rcptTo).sort()

describe('recipients', () => {
  it('are the subscribers confirmed when sending starts, once each; the campaign ends sent with its counts', async () => {
    await subscribers(readers(3))
    await subscribers(['waiting@example.com'], null) // never confirmed
    const id = await campaign()
    expect((await sendNow(id)).json().status).toBe('sending')
    // Confirmed after sending started: not a recipient of this one.
    await subscribers(['late@example.com'], new Date(Date.now() + 60_000))
    await drain()
    expect(receivedBy()).toEqual(readers(3))
    expect(await status(id)).toMatchObject({
      status: 'sent',
      recipients: 3,
      sent: 3,
      failed: 0,
      unsubscribed: 0,
    })
    expect((await status(id)).finishedAt).toMatch(/^\d{4}-/)
  })
})

describe('finishing', () => {
  it("reads sent as soon as its last message has gone, not at the sender's next round", async () => {
    // A shop as main starts it: the sender and the outbox worker on their timers, the sender's
    // rounds a minute apart, so only the worker's word can finish the campaign within the wait.
    const shop = await buildApp({
      config: { ...t.config, jobsEveryMs: 60_000 },
      database: t.handle,
      logger: false,
      rateLimits: false,
      jobs: true,
      mail: { startWorker: true },
    })
    await shop.ready()
    try {
      await subscribers(readers(3, 'prompt'))
      const id = await campaign()
      const sent = await shop.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${id}/send`,
        payload: {},
        headers: { cookie: admin },
      })
      expect(sent.json().status).toBe('sending')
      await expect.poll(async () => (await status(id)).status, { timeout: 10_000 }).toBe('sent')
      expect(receivedBy()).toEqual(readers(3, 'prompt'))
    } finally {
      await shop.close()
    }
  })
})

describe('each message', () => {
  it('carries one-click unsubscribe headers, a visible link, the postal address, a text part, the blocks; no tracking', async () => {
    await subscribers(['mei@example.com'])
    const onSale = await insertProduct(db(), {
      name: 'Lavender bangle',
      price: 42_000,
      imageUrls: ['https://cdn.example.com/a.jpg'],
    })
    const sold = await insertProduct(db(), { name: 'Icy cabochon' })
    const [story] = await db()
      .insert(blogPosts)
      .values({
        title: 'A visit to the cutter',
        slug: 'cutter',
        content: 'x',
        category: 'Stories',
        excerpt: 'How a bangle is cut.',
        published: true,
        publishedAt: new Date(),
      })
      .returning()
    const id = await campaign({
      productIds: [onSale.id, sold.id],
      journalPostId: story!.id,
      previewText: 'Two new pieces',
    })
    await sendNow(id)
    await db().execute(sql`update products set status = 'sold', stock_quantity = 0 where id = ${sold.id}`)
    await drain()
    const [mail] = smtp.received
    const headers = headersOf(mail!.raw)
    expect(headers.get('subject')).toBe('New pieces')
    expect(headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/shop\.example\.com\/api\/newsletter\/one-click-unsubscribe\?token=[\w.-]+>$/,
    )
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/)
    const body = decodedBody(mail!.raw)
    expect(body).toMatch(/Content-Type: text\/plain/)
    expect(body).toContain('1200 Jade Street, Houston, TX 77002')
    expect(body).toContain('https://shop.example.com/newsletter/unsubscribe?token=')
    expect(body).toContain('<strong>readers</strong>')
    expect(body).toContain('href="https://shop.example.com/products"')
    expect(body).toContain('Lavender bangle')
    expect(body).toContain('$420.00')
    expect(body).toMatch(/Icy cabochon[\s\S]*Sold/)
    expect(body).toContain('A visit to the cutter')
    expect(body).toContain('https://shop.example.com/journal/cutter')
    // No tracking: every link and picture goes where the owner or the shop points it.
    const hosts = new Set([...body.matchAll(/(?:href|src)="https?:\/\/([^/"]+)/g)].map((m) => m[1]))
    expect([...hosts].sort()).toEqual(['cdn.example.com', 'shop.example.com'])
  })
})

describe('unsubscribing', () => {
  it('one click (RFC 8058) or the visible link takes the reader off the list, counts it, and stops the next campaign', async () => {
    await subscribers(['stay@example.com', 'click@example.com', 'link@example.com'])
    const first = await campaign()
    await sendNow(first)
    await drain()
    const tokenTo = (address: string, pattern: RegExp) => {
      const mail = smtp.received.find((m) => m.rcptTo.includes(address))!
      return decodeURIComponent(pattern.exec(decodedBody(mail.raw))![1]!)
    }
    const oneClick = tokenTo('click@example.com', /one-click-unsubscribe\?token=([\w.%-]+)/)
    const visible = tokenTo('link@example.com', /newsletter\/unsubscribe\?token=([\w.%-]+)/)
    // What a mail program sends for its Unsubscribe button.
    const clicked = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/one-click-unsubscribe?token=${encodeURIComponent(oneClick)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(clicked.statusCode, clicked.body).toBe(200)
    // The unsubscribe page's button.
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token: visible },
    })
    expect(page.statusCode).toBe(200)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/newsletter/unsubscribe',
          payload: { token: visible },
        })
      ).statusCode,
    ).toBe(404)
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/one-click-unsubscribe?token=${oneClick.replace(/^\d+/, '1')}x`,
    })
    expect(forged.statusCode).toBe(404)
    expect(await status(first)).toMatchObject({ unsubscribed: 2, sent: 3 })

    smtp.received.length = 0
    const second = await campaign()
    await sendNow(second)
    await drain()
    expect(receivedBy()).toEqual(['stay@example.com'])
  })

  it('skips a reader who unsubscribed after being queued', async () => {
    const [gone] = await subscribers(['gone@example.com', 'kept@example.com'])
    const id = await campaign()
    await sendNow(id)
    await t.app.campaignSender.runOnce()
    await db().delete(newsletters).where(eq(newsletters.id, gone!.id))
    await drain()
    expect(receivedBy()).toEqual(['kept@example.com'])
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'gone@example.com'))
    expect(row!.status).toBe('skipped')
    expect(await status(id)).toMatchObject({ status: 'sent', recipients: 2, sent: 1, failed: 0 })
  })
})

/** A worker of its own on the app's database, with a fixed clock and a pace. */
function pacedWorker(now: () => Date, ratePerMinute: number) {
  return new MailWorker({
    db: db(),
    transport: createMailTransport(t.config),
    from: t.config.mailFrom,
    log: quiet,
    renderers: {
      [CAMPAIGN_MAIL_KIND]: campaignMailRenderer(db(), campaignMailContext(t.app.links, t.config)),
    },
    ratePerMinute,
    now,
  })
}
const shopMail = (to: string) =>
  enqueueMail(db(), { kind: 'order-confirmation', to, subject: 'Your order #1001', text: 'Thank you' })
const outboxOf = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))

describe('pace and priority', () => {
  it('holds MAIL_RATE_PER_MINUTE by the clock, while the shop mail goes out at once', async () => {
    await subscribers(readers(12))
    const id = await campaign()
    await sendNow(id)
    await t.app.campaignSender.runOnce()
    let clock = new Date('2030-01-01T12:00:00Z')
    const worker = pacedWorker(() => clock, 5)
    await shopMail('shopper1@example.com')
    // The receipt, then four campaign messages: five in the minute.
    expect(await worker.runOnce()).toBe(5)
    expect((await outboxOf('shopper1@example.com'))[0]!.status).toBe('sent')
    expect(await worker.runOnce()).toBe(0)
    // The minute is spent, but a shopper's mail is never held back by a campaign.
    await shopMail('shopper2@example.com')
    expect(await worker.runOnce()).toBe(1)
    expect((await outboxOf('shopper2@example.com'))[0]!.status).toBe('sent')
    clock = new Date(clock.getTime() + 61_000)
    expect(await worker.runOnce()).toBe(5)
    expect(await worker.runOnce()).toBe(0)
    clock = new Date(clock.getTime() + 61_000)
    expect(await worker.runOnce()).toBe(3)
    expect(smtp.received).toHaveLength(14)
  })

  it('sends the shop mail ahead of a campaign queued before it', async () => {
    await subscribers(readers(30))
    const id = await campaign()
    await sendNow(id)
    await t.app.campaignSender.runOnce()
    await shopMail('shopper3@example.com')
    // One batch (25): the receipt is in it, the campaign's last six wait.
    expect(await t.app.mailWorker.runOnce()).toBe(25)
    expect((await outboxOf('shopper3@example.com'))[0]!.status).toBe('sent')
    expect(await status(id)).toMatchObject({ status: 'sending', sent: 24 })
  })
})

describe('bounces', () => {
  it('retries a refusal for now with backoff; a permanent one fails at once with the reason and marks the address; two skip it', async () => {
    smtp.refuse('gone@example.com', 550, 'Mailbox does not exist')
    smtp.refuse('busy@example.com', 451, 'Greylisted, try again later')
    await subscribers(['gone@example.com', 'busy@example.com', 'fine@example.com'])
    for (const round of [1, 2]) {
      const id = await campaign({ subject: `Round ${round}` })
      await sendNow(id)
      await drain()
      const [bounced] = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.campaignId, id), eq(emailOutbox.toAddress, 'gone@example.com')))
      expect(bounced).toMatchObject({ status: 'failed', attempts: 1 })
      expect(bounced!.lastError).toContain('Mailbox does not exist')
      const [busy] = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.campaignId, id), eq(emailOutbox.toAddress, 'busy@example.com')))
      expect(busy).toMatchObject({ status: 'pending', attempts: 1 })
      expect(busy!.lastError).toContain('Greylisted')
      expect(busy!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
      const [address] = await db().select().from(newsletters).where(eq(newsletters.email, 'gone@example.com'))
      expect(address!.bounceCount).toBe(round)
      expect(await status(id)).toMatchObject({ status: 'sending', recipients: 3, sent: 1, failed: 1 })
    }
    const third = await campaign({ subject: 'Round 3' })
    await sendNow(third)
    await drain()
    expect((await status(third)).recipients).toBe(2)
    // The subscriber list marks the address.
    const list = await t.app.inject({
      url: '/api/newsletter/subscriptions?search=example.com',
      headers: { cookie: admin },
    })
    const bouncing = list.json().items.filter((item: { bouncing: boolean }) => item.bouncing)
    expect(bouncing.map((item: { email: string }) => item.email)).toEqual(['gone@example.com'])
  })
})

describe('exactly once', () => {
  it('a stop after a committed batch (the crash point), then a restart: nobody twice, nobody skipped', async () => {
    await subscribers(readers(7))
    const id = await campaign()
    await sendNow(id)
    const dies = new CampaignSender({
      db: db(),
      log: quiet,
      batch: 3,
      afterBatch: () => {
        throw new Error('killed at campaign-after-batch')
      },
    })
    await expect(dies.runOnce()).rejects.toThrow('campaign-after-batch')
    expect((await status(id)).recipients).toBe(3)
    // Even a batch queued again adds nobody twice (the unique key on campaign and address).
    await db().update(campaigns).set({ lastSubscriberId: 0 }).where(eq(campaigns.id, id))
    await new CampaignSender({ db: db(), log: quiet, batch: 3 }).runOnce()
    await drain()
    expect(receivedBy()).toEqual(readers(7).sort())
    expect(await status(id)).toMatchObject({ status: 'sent', recipients: 7, sent: 7 })
  })

  describe.skipIf(!onPostgres)(
    'on PostgreSQL (a kill -9 needs a second process on the database; PGlite has one)',
    () => {
      it('a SIGKILL at campaign-after-batch, then a restart: each reader gets one message', async () => {
        await subscribers(readers(8, 'killed'))
        const id = await campaign()
        await sendNow(id)
        const location = t.database.location as { url: string }
        const child = spawn(
          process.execPath,
          ['--enable-source-maps', await childScript('src/server/test/crash-child.ts'), 'campaign'],
          {
            env: {
              ...process.env,
              CHILD_DATABASE_URL: location.url,
              JADE_CRASH_AT: 'campaign-after-batch',
              BATCH: '3',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
        let output = ''
        child.stdout.on('data', (chunk: Buffer) => (output += chunk))
        child.stderr.on('data', (chunk: Buffer) => (output += chunk))
        const signal = await new Promise((resolve) => child.on('exit', (_code, s) => resolve(s)))
        expect(signal, output).toBe('SIGKILL')
        expect((await status(id)).recipients).toBe(3)
        await drain()
        expect(receivedBy()).toEqual(readers(8, 'killed').sort())
        expect(await status(id)).toMatchObject({ status: 'sent', recipients: 8, sent: 8 })
      }, 60_000)

      it('two instances sending one campaign give one message each', async () => {
        await subscribers(readers(60, 'pair'))
        const id = await campaign()
        await sendNow(id)
        const second = await t.database.open()
        const other = await buildApp({ config: t.config, database: second, logger: false, rateLimits: false })
        await other.ready()
        try {
          const senders = [t.handle.db, second.db].map(
            (database: Database) => new CampaignSender({ db: database, log: quiet, batch: 7 }),
          )
          const work = async (app: FastifyInstance, sender: CampaignSender) => {
            for (let idle = 0; idle < 3; ) {
              const { queued } = await sender.runOnce()
              const sent = await app.mailWorker.runOnce()
              idle = queued === 0 && sent === 0 ? idle + 1 : 0
            }
          }
          await Promise.all([work(t.app, senders[0]!), work(other, senders[1]!)])
          await drain()
          expect(receivedBy()).toEqual(readers(60, 'pair').sort())
          expect(await status(id)).toMatchObject({ status: 'sent', recipients: 60, sent: 60 })
        } finally {
          await other.close()
          await second.close()
        }
      }, 60_000)
    },
  )
})
