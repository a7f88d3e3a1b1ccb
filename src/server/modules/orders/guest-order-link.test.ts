import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema'
import { RATE_LIMITS } from '../../lib/rate-limits'
import { checkoutForm, insertProduct } from '../../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../../test/helpers'
import { orderMailRenderers } from '../checkout/order-mail'
import type { MailMessage } from '../mail/transport'
import { MailWorker } from '../mail/worker'
import { storeInfo } from '../store/store-info'

// A guest has no account: the confirmation e-mail's link carries a key that shows that one order.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A guest's Zelle order, and the link its confirmation e-mail carries. */
async function guestOrder(): Promise<{ id: number; link: URL }> {
  const piece = await insertProduct(t.handle.db, { name: 'Moss Cabochon Ring', price: 42_000 })
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      ...checkoutForm,
      paymentMethod: 'zelle',
      items: [{ productId: piece.id, quantity: 1, price: piece.price }],
      subtotal: piece.price,
      shippingCost: 0,
      total: piece.price,
    },
  })
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
    (mail) => mail.kind === 'order-confirmation' && mail.subject.includes(`#${id}`),
  )!
  const href = new RegExp(`https://shop\\.example/order/${id}\\?key=[A-Za-z0-9_-]+`).exec(confirmation.text)
  expect(href, 'the confirmation links to the order with its key').not.toBeNull()
  expect(confirmation.html).toContain(href![0])
  // The owner's notice links to the back office, never to the shopper's key.
  const notice = sent.find((mail) => mail.kind === 'new-order-notice' && mail.subject.includes(`#${id}`))!
  expect(notice.text).not.toContain('key=')
  return { id, link: new URL(href![0]) }
}

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
})
