import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { orderMailRenderers } from '../checkout/order-mail'
import { emailOutbox } from '../mail/schema'
import type { MailMessage } from '../mail/transport'
import { MailWorker } from '../mail/worker'
import { storeInfo } from '../store/store-info'
import { ORDER_LINK_LIFETIME_MS, OrderLinkTokens } from './order-link-token'
import { orders } from './schema'

// A guest has no account: the confirmation e-mail's link carries a key that shows that one order.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A guest's Zelle order, and the link its confirmation e-mail carries. */
async function guestOrder(): Promise<{ id: number; link: URL }> {
  const piece = await insertProduct(t.handle.db, { name: 'Moss Cabochon Ring', price: 42_000 })
  const placed = await placeZelleOrder(t.app, [piece])
  expect(placed.statusCode).toBe(200)
  const { id } = placed.json() as { id: number }
  const sent: MailMessage[] = []
  const worker = new MailWorker({
    db: t.handle.db,
    transport: { send: async (message) => void sent.push(message) },
    from: 'Jade Shop <hello@jadeshop.example>',
    renderers: orderMailRenderers(t.handle.db, {
      store: storeInfo(t.config),
      publicUrl: 'https://shop.example',
    }),
  })
  while ((await worker.runOnce()) > 0) {}
  const confirmation = sent.find(
    (mail) => mail.kind === 'order-confirmation' && mail.subject?.includes(`#${id}`),
  )!
  const href = new RegExp(`https://shop\\.example/order/${id}\\?key=[A-Za-z0-9_-]+`).exec(confirmation.text)
  expect(href, 'the confirmation links to the order with its key').not.toBeNull()
  expect(confirmation.html).toContain(href![0])
  const invoice = new RegExp(
    `https://shop\\.example/api/orders/${id}/invoice\\.pdf\\?key=[A-Za-z0-9_-]+`,
  ).exec(confirmation.text)
  expect(invoice, 'the confirmation links to the invoice with the same key').not.toBeNull()
  expect(new URL(invoice![0]).searchParams.get('key')).toBe(new URL(href![0]).searchParams.get('key'))
  expect(confirmation.html).toContain(invoice![0])
  // The owner's notice links to the back office, never to the shopper's key.
  const notice = sent.find((mail) => mail.kind === 'new-order-notice' && mail.subject.includes(`#${id}`))!
  expect(notice.text).not.toContain('key=')
  return { id, link: new URL(href![0]) }
}

const invoiceOf = (id: number | string, key?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders/${id}/invoice.pdf${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`,
    headers: cookie ? { cookie } : {},
  })

const lookUp = (id: number | string, key?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/order-status/${id}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`,
    headers: cookie ? { cookie } : {},
  })

describe('the guest order link', () => {
  it('shows the order to whoever holds the e-mailed key, read-only and uncached', async () => {
    const { id, link } = await guestOrder()
    const response = await lookUp(id, link.searchParams.get('key')!)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.json()).toMatchObject({
      id,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'zelle',
      total: 42_000,
      customerName: 'Ava Chen',
      items: [expect.objectContaining({ productName: 'Moss Cabochon Ring', quantity: 1 })],
    })
    expect(response.body).not.toContain('ava@example.com')
  })

  it('gives the shopper who placed the order a key for the confirmation page, that opens only it', async () => {
    const piece = await insertProduct(t.handle.db, { name: 'Celadon Drop Earrings', price: 31_000 })
    const placed = await placeZelleOrder(t.app, [piece])
    const { id, statusKey } = placed.json() as { id: number; statusKey: string }
    expect(statusKey).toMatch(/\./)
    const response = await lookUp(id, statusKey)
    expect(response.statusCode).toBe(200)
    // What the confirmation page shows after a reload: the amount to send and the hold's end.
    expect(response.json()).toMatchObject({ id, total: 31_000, paymentMethod: 'zelle' })
    expect(response.json().reservedUntil).toEqual(expect.any(String))
    expect((await lookUp(id + 1, statusKey)).statusCode).toBe(404)
  })

  it('stores only a hash of the key', async () => {
    const { id, link } = await guestOrder()
    const key = link.searchParams.get('key')!
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, id))
    expect(row!.accessKeyHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(key)
  })

  it('answers a wrong key, no key, another order’s key and a missing order alike', async () => {
    const first = await guestOrder()
    const second = await guestOrder()
    const firstKey = first.link.searchParams.get('key')!
    const answers = await Promise.all([
      lookUp(first.id, `${firstKey.slice(0, -1)}${firstKey.endsWith('A') ? 'B' : 'A'}`),
      lookUp(first.id),
      lookUp(first.id, ''),
      lookUp(second.id, firstKey),
      lookUp(999_999, firstKey),
      lookUp('not-a-number', firstKey),
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({ message: 'Order not found' })
    }
  })

  it('does not open an order placed before keys existed', async () => {
    const { id } = await guestOrder()
    await t.handle.db.update(orders).set({ accessKeyHash: null }).where(eq(orders.id, id))
    expect((await lookUp(id, '')).statusCode).toBe(404)
    expect((await lookUp(id, 'null')).statusCode).toBe(404)
  })

  it('still shows a signed-in shopper only their own orders without a key', async () => {
    const { id } = await guestOrder()
    const { cookie } = await registerCustomer(t.app)
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie } })
    expect(mine.statusCode).toBe(404)
  })
})

describe('the guest’s invoice', () => {
  it('downloads with the e-mailed key, as a PDF that is not cached', async () => {
    const { id, link } = await guestOrder()
    const response = await invoiceOf(id, link.searchParams.get('key')!)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('answers a wrong key, an empty key, another order’s key and a missing order with the same 404', async () => {
    const first = await guestOrder()
    const second = await guestOrder()
    const firstKey = first.link.searchParams.get('key')!
    const { cookie } = await registerCustomer(t.app)
    const answers = await Promise.all([
      invoiceOf(first.id, `${firstKey.slice(0, -1)}${firstKey.endsWith('A') ? 'B' : 'A'}`),
      invoiceOf(first.id, ''),
      invoiceOf(second.id, firstKey),
      invoiceOf(999_999, firstKey),
      invoiceOf('not-a-number', firstKey),
      // A signed-in shopper's session does not stand in for the key of a guest's order.
      invoiceOf(second.id, firstKey, cookie),
      invoiceOf(second.id, undefined, cookie),
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({ message: 'Order not found' })
    }
    // Without a key at all it is still the signed-in shopper's download.
    expect((await invoiceOf(first.id)).statusCode).toBe(401)
  })
})

describe('the links of later e-mails', () => {
  const adminPatch = async (url: string, payload: object) => {
    const admin = await adminCookie(t.app, t.handle.db)
    const response = await t.app.inject({ method: 'PATCH', url, payload, headers: { cookie: admin } })
    expect(response.statusCode).toBe(200)
  }
  const mailsOf = async (id: number, kind: string) =>
    (await t.handle.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).filter((mail) =>
      mail.subject?.includes(`#${id}`),
    )

  it('take a guest back to the order and its invoice with a signed key', async () => {
    const { id } = await guestOrder()
    await adminPatch(`/api/orders/${id}/payment`, { paymentStatus: 'paid' })
    const [confirmed] = await mailsOf(id, 'order-confirmed')
    const href = new RegExp(`https?://[^/\\s]+/order/${id}\\?key=[0-9]+\\.[A-Za-z0-9_-]+`).exec(
      confirmed!.textBody!,
    )
    expect(href, 'the e-mail links to the order with a key').not.toBeNull()
    expect(confirmed!.htmlBody).toContain(href![0])
    const key = new URL(href![0]).searchParams.get('key')!
    expect((await lookUp(id, key)).json()).toMatchObject({ id, paymentStatus: 'paid' })
    expect((await invoiceOf(id, key)).statusCode).toBe(200)
    // Nothing of it is stored with the order.
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, id))
    expect(JSON.stringify(row)).not.toContain(key.split('.')[1])
  })

  it('open only their own order, only until they expire, only under the shop’s secret', async () => {
    const first = await guestOrder()
    const second = await guestOrder()
    const tokens = t.app.links.orderLinks
    const now = Date.now()
    const [expires, mac] = tokens.sign(first.id).split('.') as [string, string]
    const refused = [
      tokens.sign(second.id),
      tokens.sign(first.id, now - ORDER_LINK_LIFETIME_MS - 1000),
      // A later expiry with the same signature.
      `${Number(expires) + 86_400}.${mac}`,
      new OrderLinkTokens('another-secret-of-at-least-32-characters').sign(first.id),
      `${expires}.`,
    ]
    for (const key of refused) {
      expect((await lookUp(first.id, key)).statusCode).toBe(404)
      expect((await invoiceOf(first.id, key)).statusCode).toBe(404)
    }
    expect((await lookUp(first.id, tokens.sign(first.id))).statusCode).toBe(200)
  })
})

describe('the guest order link under rate limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: true })
  })
  afterAll(() => limited.close())

  it('answers 429 once an address has tried its allowance of keys', async () => {
    const send = (address: string) =>
      limited.app.inject({ method: 'GET', url: '/api/order-status/1001?key=guess', remoteAddress: address })
    for (let n = 0; n < RATE_LIMITS.orderAccess.max; n++)
      expect((await send('203.0.113.9')).statusCode).toBe(404)
    const blocked = await send('203.0.113.9')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many requests/)
    expect((await send('203.0.113.10')).statusCode).toBe(404)
  })

  it('counts a guest’s invoice downloads the same way, but not a signed-in shopper’s', async () => {
    const send = (address: string, key?: string) =>
      limited.app.inject({
        method: 'GET',
        url: `/api/orders/1001/invoice.pdf${key === undefined ? '' : `?key=${key}`}`,
        remoteAddress: address,
      })
    for (let n = 0; n < RATE_LIMITS.orderAccess.max + 5; n++)
      expect((await send('203.0.113.20')).statusCode).toBe(401)
    for (let n = 0; n < RATE_LIMITS.orderAccess.max; n++)
      expect((await send('203.0.113.20', 'guess')).statusCode).toBe(404)
    const blocked = await send('203.0.113.20', 'guess')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many requests/)
    expect((await send('203.0.113.21', 'guess')).statusCode).toBe(404)
  })
})
