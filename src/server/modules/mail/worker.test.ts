import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/helpers'
import { decodedBody, headersOf, startSmtpStandIn } from '../../test/smtp-stand-in'
import { createMailTransport } from './create-transport'
import { fileName } from './file-transport'
import { enqueueMail, type OutgoingMail } from './outbox'
import { emailOutbox } from './schema'
import { passwordResetMail } from './templates/account-mails'
import type { MailMessage, MailTransport } from './transport'
import { MAX_ATTEMPTS, MailWorker, outboxMessageId } from './worker'

const FROM = 'Jade Shop <hello@jadeshop.example>'
const quiet = { info: () => {}, warn: () => {} }

let database: TestDatabase
let handle: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
  handle = await database.open()
})
afterAll(async () => {
  await handle.close()
  await database.drop()
})
beforeEach(async () => {
  await handle.db.delete(emailOutbox)
})

function mail(n: number, fields: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    kind: 'test',
    to: `shopper${n}@example.com`,
    subject: `Test message ${n}`,
    text: `Hello number ${n}`,
    html: `<p>Hello number ${n}</p>`,
    ...fields,
  }
}

async function enqueue(...mails: OutgoingMail[]): Promise<void> {
  // As the app does it: inside the transaction of the business change.
  await handle.db.transaction(async (tx) => {
    for (const m of mails) await enqueueMail(tx, m)
  })
}

const outbox = () => handle.db.select().from(emailOutbox).orderBy(emailOutbox.id)

/** Records what it was asked to send, after a short random pause so concurrent runs interleave. */
function recordingTransport() {
  const sent: MailMessage[] = []
  const transport: MailTransport = {
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
      sent.push(message)
    },
  }
  return { transport, sent }
}

function failingTransport(error = 'connect ECONNREFUSED 127.0.0.1:25'): MailTransport {
  return {
    async send() {
      throw new Error(error)
    },
  }
}

describe('the mail worker', () => {
  it('sends due mail through a real SMTP server and marks it sent', async () => {
    const smtp = await startSmtpStandIn()
    const config = testConfig({ SMTP_URL: smtp.url })
    try {
      await enqueue(mail(1), mail(2), mail(3))
      const worker = new MailWorker({
        db: handle.db,
        transport: createMailTransport(config),
        from: FROM,
        log: quiet,
      })
      expect(await worker.runOnce()).toBe(3)

      const rows = await outbox()
      expect(smtp.received).toHaveLength(3)
      const byTo = new Map(smtp.received.map((message) => [message.rcptTo.join(','), headersOf(message.raw)]))
      for (const [index, row] of rows.entries()) {
        const headers = byTo.get(`shopper${index + 1}@example.com`)
        expect(headers?.get('to')).toBe(`shopper${index + 1}@example.com`)
        expect(headers?.get('subject')).toBe(`Test message ${index + 1}`)
        expect(headers?.get('from')).toBe(FROM)
        expect(headers?.get('message-id')).toBe(outboxMessageId(row.id))
        expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
        expect(row.sentAt).toBeInstanceOf(Date)
      }

      // Nothing is due any more: a second run sends nothing.
      expect(await worker.runOnce()).toBe(0)
      expect(smtp.received).toHaveLength(3)
    } finally {
      await smtp.close()
      await rm(config.dataDir, { recursive: true, force: true })
    }
  })

  it('keeps a message that could not be sent, to retry it later with a growing delay', async () => {
    await enqueue(mail(1))
    const worker = new MailWorker({ db: handle.db, transport: failingTransport(), from: FROM, log: quiet })
    const before = Date.now()
    expect(await worker.runOnce()).toBe(0)

    const [row] = await outbox()
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    })
    const delay = row!.nextAttemptAt.getTime() - before
    expect(delay).toBeGreaterThan(25_000)
    expect(delay).toBeLessThan(40_000)

    // Not due yet: the next run leaves it alone.
    expect(await worker.runOnce()).toBe(0)
    expect((await outbox())[0]!.attempts).toBe(1)

    // Made due again, the second failure waits about twice as long.
    await handle.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` })
    const second = Date.now()
    await worker.runOnce()
    const [again] = await outbox()
    expect(again!.attempts).toBe(2)
    expect(again!.nextAttemptAt.getTime() - second).toBeGreaterThan(55_000)
    expect(again!.nextAttemptAt.getTime() - second).toBeLessThan(70_000)
  })

  it(`gives up after ${MAX_ATTEMPTS} attempts and marks the message failed`, async () => {
    await enqueue(mail(1))
    const worker = new MailWorker({
      db: handle.db,
      transport: failingTransport('550 mailbox unavailable'),
      from: FROM,
      log: quiet,
    })
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await handle.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` })
      await worker.runOnce()
      const [row] = await outbox()
      expect(row!.attempts).toBe(attempt)
      expect(row!.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed')
    }
    const [row] = await outbox()
    expect(row).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable', sentAt: null })
    // A failed message is never picked up again.
    await handle.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` })
    const { transport, sent } = recordingTransport()
    await new MailWorker({ db: handle.db, transport, from: FROM, log: quiet }).runOnce()
    expect(sent).toHaveLength(0)
  })

  it('sends every message exactly once when several workers run at the same time', async () => {
    const count = 30
    await enqueue(...Array.from({ length: count }, (_, index) => mail(index + 1)))
    const { transport, sent } = recordingTransport()
    const workers = Array.from(
      { length: 3 },
      () => new MailWorker({ db: handle.db, transport, from: FROM, log: quiet, batchSize: 4 }),
    )
    // Each worker runs until it finds nothing due; all three run in parallel.
    const drain = async (worker: MailWorker) => {
      let total = 0
      for (let sentNow = await worker.runOnce(); sentNow > 0; sentNow = await worker.runOnce())
        total += sentNow
      return total
    }
    const totals = await Promise.all(workers.map(drain))

    expect(totals.reduce((a, b) => a + b, 0)).toBe(count)
    expect(sent).toHaveLength(count)
    expect(new Set(sent.map((message) => message.messageId)).size).toBe(count)
    const rows = await outbox()
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })

  it('lets parallel runs of two workers share a batch without sending anything twice', async () => {
    await enqueue(...Array.from({ length: 10 }, (_, index) => mail(index + 1)))
    const { transport, sent } = recordingTransport()
    const a = new MailWorker({ db: handle.db, transport, from: FROM, log: quiet })
    const b = new MailWorker({ db: handle.db, transport, from: FROM, log: quiet })
    const [fromA, fromB] = await Promise.all([a.runOnce(), b.runOnce()])
    expect(fromA + fromB).toBe(10)
    expect(new Set(sent.map((message) => message.messageId)).size).toBe(10)
    expect(sent).toHaveLength(10)
  })

  // PGlite has a single connection, so a second transaction cannot hold a lock meanwhile.
  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'passes over a row another instance is claiming instead of waiting for it',
    async () => {
      await enqueue(mail(1), mail(2))
      const [first] = await outbox()
      const { transport, sent } = recordingTransport()
      const worker = new MailWorker({ db: handle.db, transport, from: FROM, log: quiet })
      let release = () => {}
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const holder = handle.db.transaction(async (tx) => {
        await tx.select().from(emailOutbox).where(eq(emailOutbox.id, first!.id)).for('update')
        locked()
        await new Promise<void>((resolve) => {
          release = resolve
        })
      })
      await isLocked
      try {
        expect(await worker.runOnce()).toBe(1)
        expect(sent.map((message) => message.to)).toEqual(['shopper2@example.com'])
      } finally {
        release()
        await holder
      }
      expect(await worker.runOnce()).toBe(1)
      expect(sent.map((message) => message.to)).toEqual(['shopper2@example.com', 'shopper1@example.com'])
    },
  )

  it('polls when started, sends at once when kicked, and stops after the run in progress', async () => {
    const { transport, sent } = recordingTransport()
    const worker = new MailWorker({ db: handle.db, transport, from: FROM, log: quiet, pollMs: 60_000 })
    worker.start()
    try {
      await new Promise((resolve) => setTimeout(resolve, 50))
      await enqueue(mail(1))
      // The next poll is a minute away: only the kick can send it in time.
      worker.kick()
      await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 })
      await vi.waitFor(async () => expect((await outbox())[0]!.status).toBe('sent'), { timeout: 5000 })
    } finally {
      await worker.stop()
    }

    // stop() waits for a send in flight.
    let release = () => {}
    let called = () => {}
    const calledOnce = new Promise<void>((resolve) => {
      called = resolve
    })
    const slow: MailTransport = {
      send: () =>
        new Promise<void>((resolve) => {
          release = resolve
          called()
        }),
    }
    await enqueue(mail(2))
    const second = new MailWorker({ db: handle.db, transport: slow, from: FROM, log: quiet })
    second.start()
    await calledOnce
    let stopped = false
    const stopping = second.stop().then(() => {
      stopped = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(stopped).toBe(false)
    release()
    await stopping
    const [row] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Test message 2'))
    expect(row!.status).toBe('sent')
  })
})

describe('the mail worker in a rush', () => {
  it('yields to shoppers while the shop is busy: one batch per pause, the rest when it is quiet', async () => {
    const { transport, sent } = recordingTransport()
    let busy = true
    const worker = new MailWorker({
      db: handle.db,
      transport,
      from: FROM,
      log: quiet,
      pollMs: 60_000,
      batchSize: 2,
      pacedMs: 600,
      busy: () => busy,
    })
    await enqueue(mail(1), mail(2), mail(3), mail(4), mail(5), mail(6))
    worker.start() // the first run is immediate
    try {
      await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 5000 })
      worker.kick() // a new order while busy: still after the pause, not at once
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(sent).toHaveLength(2)
      await vi.waitFor(() => expect(sent).toHaveLength(4), { timeout: 5000 })
      busy = false
      await vi.waitFor(() => expect(sent).toHaveLength(6), { timeout: 5000 })
    } finally {
      await worker.stop()
    }
  })
})

describe('the file transport', () => {
  it('writes each message as a readable .eml file under DATA_DIR/mail', async () => {
    const config = testConfig()
    try {
      const store = { ...config.store, freeShippingThresholdCents: 15_000, flatShippingCents: 695 }
      await enqueue(
        passwordResetMail(
          'shopper@example.com',
          'https://shop.example.com/account/reset-password?token=abc123',
          store,
        ),
      )
      const worker = new MailWorker({
        db: handle.db,
        transport: createMailTransport(config),
        from: FROM,
        log: quiet,
      })
      expect(await worker.runOnce()).toBe(1)

      const directory = path.join(config.dataDir, 'mail')
      const files = await readdir(directory)
      expect(files).toHaveLength(1) // no temporary file left behind
      const [row] = await outbox()
      expect(files[0]).toMatch(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-password-reset-${row!.id}\\.eml$`),
      )
      const raw = await readFile(path.join(directory, files[0]!), 'utf8')
      const headers = headersOf(raw)
      expect(headers.get('subject')).toBe('Reset your Jade Shop password')
      expect(headers.get('to')).toBe('shopper@example.com')
      expect(headers.get('message-id')).toBe(outboxMessageId(row!.id))
      expect(raw).toContain('\r\n') // RFC 5322 line ends
      expect(decodedBody(raw)).toContain('https://shop.example.com/account/reset-password?token=abc123')
      expect(row!.status).toBe('sent')
    } finally {
      await rm(config.dataDir, { recursive: true, force: true })
    }
  })

  it('keeps file names inside the folder whatever the kind and Message-ID say', () => {
    const name = fileName(
      {
        from: FROM,
        to: 'a@example.com',
        subject: 's',
        text: 't',
        kind: '../../etc/passwd',
        messageId: '<../x/y@h>',
      },
      new Date('2025-01-02T03:04:05.678Z'),
    )
    expect(name).toBe('2025-01-02T03-04-05.678Z-etc-passwd-x-y.eml')
  })
})
