import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { emailOutbox } from '../mail/schema'
import { inquiries } from './schema'

const t = shopForFile({ env: { STORE_EMAIL: 'shop@jadeshop.example' } })
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const valid = {
  name: 'Mei Lin',
  email: 'mei@example.com',
  subject: 'Imperial Green Bangle (WJ-BAGR-1234)',
  message: 'Is this bangle still available in a 56 mm size?',
}

const send = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/inquiries', payload })

const inbox = (query = '', cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/inquiries${query}`, headers: { cookie } })

describe('POST /api/inquiries', () => {
  it('stores the message unread and queues the notice (Reply-To the sender) and the acknowledgement', async () => {
    const response = await send(valid)
    expect(response.statusCode).toBe(201)
    expect(response.json().message).toBe("Thank you for your inquiry. We'll get back to you soon.")
    const [row] = await t.handle.db.select().from(inquiries).where(eq(inquiries.email, 'mei@example.com'))
    expect(row).toMatchObject({ ...valid, read: false })
    const mails = await t.handle.db.select().from(emailOutbox)
    const notice = mails.find((mail) => mail.kind === 'inquiry-notice')
    const ack = mails.find((mail) => mail.kind === 'inquiry-acknowledgement')
    expect(notice).toMatchObject({ toAddress: 'shop@jadeshop.example', replyTo: 'mei@example.com' })
    expect(notice?.textBody).toContain(valid.message)
    expect(notice?.htmlBody).toContain('56 mm')
    expect(ack).toMatchObject({ toAddress: 'mei@example.com' })
    // The acknowledgement goes to an address a stranger typed: it carries no word they wrote.
    for (const words of [valid.name, valid.subject, valid.message, '56 mm'])
      for (const body of [ack?.subject, ack?.textBody, ack?.htmlBody]) expect(body).not.toContain(words)
    expect(ack?.textBody).toContain('Thank you for writing to')

    // Sent (as .eml files without SMTP), the notice carries the Reply-To header.
    await t.app.mailWorker.runOnce()
    const folder = path.join(t.config.dataDir, 'mail')
    const noticeFile = readdirSync(folder).find((name) => name.includes('inquiry-notice'))
    const eml = readFileSync(path.join(folder, noticeFile!), 'utf8')
    expect(eml).toMatch(/^Reply-To: mei@example.com\r$/m)
    expect(eml).toMatch(/^To: shop@jadeshop.example\r$/m)
  })

  it('answers each rule with the specification message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: 'M' }, 'name', 'Name must be at least 2 characters'],
      [{ ...valid, email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, subject: 'x' }, 'subject', 'Subject must be at least 2 characters'],
      [{ ...valid, message: 'too short' }, 'message', 'Message must be at least 10 characters'],
      [{ ...valid, subject: 's'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
      [{ ...valid, message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5,000 characters'],
      [{ ...valid, phone: '555' }, '', 'Unknown field: phone'],
    ]
    for (const [payload, field, message] of cases) {
      const response = await send(payload)
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 })
      expect(response.json().errors).toContainEqual({ field, message })
    }
  })

  it('drops a message whose honeypot is filled, with the same answer a person gets', async () => {
    const before = (await t.handle.db.select().from(inquiries)).length
    const response = await send({ ...valid, email: 'bot@spam.example', website: 'http://spam.example' })
    expect(response.statusCode).toBe(201)
    expect((await t.handle.db.select().from(inquiries)).length).toBe(before)
    const mails = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'bot@spam.example'))
    expect(mails).toEqual([])
  })

  it("keeps a script as text, in the inbox and the shop's notice; the thank-you carries none of it", async () => {
    const script = '<script>alert("x")</script> is my question'
    expect(
      (await send({ ...valid, email: 'xss@example.com', subject: script, message: script })).statusCode,
    ).toBe(201)
    const found = (await inbox('?search=xss')).json()
    expect(found.items[0].subject).toBe(script)
    expect(found.items[0]).not.toHaveProperty('searchText')
    const [notice] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'xss@example.com'))
    expect(notice!.htmlBody).not.toContain('<script>')
    expect(notice!.htmlBody).toContain('&lt;script&gt;')
    const [thanks] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'xss@example.com'))
    expect(thanks!.htmlBody).not.toMatch(/script/)
  })
})

describe('the inbox', () => {
  it('lists newest first with tab counts, searches name, e-mail and subject, and pages in SQL', async () => {
    await send({ ...valid, name: 'Ana Ruiz', email: 'ana@example.org', subject: 'Ring sizing question' })
    const all = (await inbox()).json()
    expect(all.items[0].name).toBe('Ana Ruiz')
    expect(all.counts.all).toBe(all.total)
    expect(all.counts.unread).toBe(all.total)
    expect((await inbox('?search=ANA')).json().items.map((i: { name: string }) => i.name)).toEqual([
      'Ana Ruiz',
    ])
    expect((await inbox('?search=example.org')).json().total).toBe(1)
    expect((await inbox('?search=sizing')).json().total).toBe(1)
    expect((await inbox('?search=100%25')).json().total).toBe(0)
    const paged = (await inbox('?pageSize=1&page=2')).json()
    expect(paged.items).toHaveLength(1)
    expect(paged.total).toBe(all.total)
  })

  it('marks one read, moves it between the tabs, and deletes it', async () => {
    const [first] = (await inbox()).json().items
    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/inquiries/${first.id}/read`,
      headers: { cookie: admin },
    })
    expect(read.statusCode).toBe(200)
    expect(read.json().read).toBe(true)
    const readTab = (await inbox('?status=read')).json()
    expect(readTab.items.map((i: { id: number }) => i.id)).toEqual([first.id])
    expect((await inbox('?status=unread')).json().items.map((i: { id: number }) => i.id)).not.toContain(
      first.id,
    )
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/inquiries/${first.id}`,
      headers: { cookie: admin },
    })
    expect(deleted.statusCode).toBe(200)
    expect((await inbox('?status=read')).json().total).toBe(0)
    for (const method of ['PATCH', 'DELETE'] as const) {
      const url = method === 'PATCH' ? `/api/inquiries/${first.id}/read` : `/api/inquiries/${first.id}`
      const again = await t.app.inject({ method, url, headers: { cookie: admin } })
      expect(again.statusCode).toBe(404)
    }
  })

  it('feeds the dashboard card', async () => {
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/admin/inquiries/summary',
      headers: { cookie: admin },
    })
    const all = (await inbox()).json()
    expect(summary.json()).toEqual({ inquiries: all.counts.all, unread: all.counts.unread })
  })

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inquiries' })).statusCode).toBe(401)
  })
})
