import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRICES_CHANGED } from '../../../shared/checkout/schema'
import { insertProduct } from '../../test/factories'
import { cookieHeader, shopForFile } from '../../test/helpers'
import { products } from '../catalog/schema'
import { payments, sales } from '../ledger/schema'
import { emailOutbox } from '../mail/schema'
import type { MailMessage } from '../mail/transport'
import { MailWorker } from '../mail/worker'
import { orderItems, orders } from '../orders/schema'
import { TEST_WEBHOOK_SECRET, type TestPaymentProvider } from '../payments/test-provider'
import { signWebhookPayload } from '../payments/webhook-signature'
import { storeInfo } from '../store/store-info'
import { orderMailRenderers } from './order-mail'
import { checkoutAttempts } from './schema'

const t = shopForFile()
let provider: TestPaymentProvider
beforeAll(async () => {
  provider = t.app.paymentProvider as TestPaymentProvider
})

const form = {
  firstName: 'Mei',
  lastName: 'Lin',
  email: 'mei@example.com',
  phone: '713-555-0100',
  address: '1 Jade Way',
  city: 'Houston',
  state: 'TX',
  zipCode: '77002',
  country: 'United States',
}

type Piece = { id: number; price: number }
const line = (piece: Piece, quantity = 1) => ({ productId: piece.id, quantity, price: piece.price })

/** The body the storefront sends, with the totals it shows (free shipping from $150). */
function submission(pieces: [Piece, number][], extra: Record<string, unknown> = {}) {
  const subtotal = pieces.reduce((sum, [piece, quantity]) => sum + piece.price * quantity, 0)
  const shippingCost = subtotal >= 15_000 ? 0 : 695
  return {
    ...form,
    paymentMethod: 'zelle',
    items: pieces.map(([piece, quantity]) => line(piece, quantity)),
    subtotal,
    shippingCost,
    total: subtotal + shippingCost,
    ...extra,
  }
}

const checkout = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', payload, headers: cookie ? { cookie } : {} })

const productRow = async (id: number) =>
  (await t.handle.db.select().from(products).where(eq(products.id, id)))[0]!
const orderCount = async () =>
  (await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n

describe('Zelle checkout', () => {
  it('creates a pending order, reserves the last piece, empties the cart and queues both e-mails', async () => {
    const piece = await insertProduct(t.handle.db, { price: 42_000 })
    const cart = await t.app.inject({ method: 'POST', url: '/api/cart', payload: { productId: piece.id } })
    const cookie = cookieHeader(cart)
    const response = await checkout(
      submission([[piece, 1]], { specialInstructions: 'Gift wrap, please' }),
      cookie,
    )
    expect(response.statusCode).toBe(200)
    const { id, order } = response.json()
    expect(order.id).toBe(id)
    expect(id).toBeGreaterThanOrEqual(1001)

    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'zelle',
      subtotal: 42_000,
      shippingCost: 0,
      total: 42_000,
      shippingCountry: 'US',
      customerEmail: 'mei@example.com',
      specialInstructions: 'Gift wrap, please',
    })
    const items = await t.handle.db.select().from(orderItems).where(eq(orderItems.orderId, id))
    expect(items).toEqual([expect.objectContaining({ productId: piece.id, quantity: 1, price: 42_000 })])
    expect(await productRow(piece.id)).toMatchObject({ stockQuantity: 0, status: 'reserved' })
    const cartAfter = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })
    expect(cartAfter.json().items).toEqual([])
    const mail = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.payload}->>'orderId' = ${String(id)}`)
    expect(mail.map((m) => m.toAddress).sort()).toEqual([t.config.store.email, 'mei@example.com'].sort())
  })

  it('has the worker write both e-mails from the order when it sends them', async () => {
    const piece = await insertProduct(t.handle.db, { name: 'Lavender Bangle', price: 42_000 })
    const response = await checkout(submission([[piece, 1]], { specialInstructions: 'Gift wrap & a "card"' }))
    const { id } = response.json()
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
    const about = sent.filter((message) => message.subject.includes(`#${id}`))
    expect(about.map((message) => [message.kind, message.to]).sort()).toEqual(
      [
        ['new-order-notice', t.config.store.email],
        ['order-confirmation', 'mei@example.com'],
      ].sort(),
    )
    const confirmation = about.find((message) => message.kind === 'order-confirmation')!
    expect(confirmation.subject).toBe(`Order #${id} received: complete your Zelle payment`)
    expect(confirmation.text).toContain('Lavender Bangle')
    expect(confirmation.text).toContain('$420.00')
    expect(confirmation.text).toContain('United States')
    const notice = about.find((message) => message.kind === 'new-order-notice')!
    expect(notice.html).toContain('Gift wrap &amp; a &quot;card&quot;')
    const [row] = await t.handle.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.payload}->>'orderId' = ${String(id)} and kind = 'order-confirmation'`)
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: ' ' }, 'lastName', 'Last name is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ address: '' }, 'address', 'Address is required'],
    [{ city: '' }, 'city', 'City is required'],
    [{ state: '' }, 'state', 'State is required'],
    [{ zipCode: '' }, 'zipCode', 'ZIP code is required'],
    [{ country: '' }, 'country', 'Country is required'],
    [{ paymentMethod: 'paypal' }, 'paymentMethod', 'Please select a payment method'],
    [{ items: [] }, 'items', 'Your cart is empty'],
  ])('refuses %j with the specification message', async (change, field, message) => {
    const piece = await insertProduct(t.handle.db)
    const response = await checkout(submission([[piece, 1]], change))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toContainEqual({ field, message })
  })

  it('refuses changed prices with 409 and writes nothing', async () => {
    const piece = await insertProduct(t.handle.db, { price: 30_000 })
    const before = await orderCount()
    const stale = submission([[{ id: piece.id, price: 25_000 }, 1]])
    const response = await checkout(stale)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: PRICES_CHANGED })
    const wrongTotal = await checkout({ ...submission([[piece, 1]]), total: 1 })
    expect(wrongTotal.json().message).toBe(PRICES_CHANGED)
    expect(await orderCount()).toBe(before)
    expect(await productRow(piece.id)).toMatchObject({ stockQuantity: 1, status: 'available' })
  })

  it('refuses a piece that was sold', async () => {
    const piece = await insertProduct(t.handle.db, { status: 'sold', stockQuantity: 0 })
    const response = await checkout(submission([[piece, 1]]))
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(`"${piece.name}" has been sold`)
  })

  it('creates one order for a double-submitted checkout with the same key', async () => {
    const piece = await insertProduct(t.handle.db, { stockQuantity: 5 })
    const body = submission([[piece, 1]], { idempotencyKey: 'double-click-0001' })
    const [first, second] = await Promise.all([checkout(body), checkout(body)])
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
    expect((await productRow(piece.id)).stockQuantity).toBe(4)
  })

  it('leaves nothing behind when a step fails after the stock was taken', async () => {
    const piece = await insertProduct(t.handle.db)
    const before = await orderCount()
    // The e-mail is the last step: make the outbox refuse it.
    await t.handle.db.execute(
      sql`alter table email_outbox add constraint refuse_mail check (kind <> 'order-confirmation') not valid`,
    )
    try {
      const response = await checkout(submission([[piece, 1]]))
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
    } finally {
      await t.handle.db.execute(sql`alter table email_outbox drop constraint refuse_mail`)
    }
    expect(await orderCount()).toBe(before)
    expect(await productRow(piece.id)).toMatchObject({ stockQuantity: 1, status: 'available' })
  })
})

describe('card checkout with the test provider', () => {
  async function payFor(piece: Piece, card = '4242 4242 4242 4242') {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        amount: submission([[piece, 1]]).total,
        currency: 'usd',
        form,
        items: [line(piece)],
        metadata: {},
      },
    })
    expect(intent.statusCode).toBe(200)
    const { paymentIntentId, clientSecret, provider: name } = intent.json()
    expect(name).toBe('test')
    expect(clientSecret).toContain(paymentIntentId)
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/test-payments/${paymentIntentId}/confirm`,
      payload: { cardNumber: card },
    })
    return { paymentIntentId: paymentIntentId as string, confirm, cookie: cookieHeader(intent) }
  }
  const cardSubmission = (piece: Piece, paymentIntentId: string) =>
    submission([[piece, 1]], { paymentMethod: 'stripe', paymentIntentId, paymentStatus: 'paid' })

  it('computes the amount itself and refuses a different one', async () => {
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 100, currency: 'usd', items: [line(piece)], metadata: {} },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(PRICES_CHANGED)
    // A refused request starts no guest session.
    expect(response.cookies).toEqual([])
  })

  it('turns a succeeded payment into a paid order, once, and sells the piece', async () => {
    const piece = await insertProduct(t.handle.db, { price: 80_000, cost: 30_000 })
    const { paymentIntentId, confirm, cookie } = await payFor(piece)
    expect(confirm.json().status).toBe('succeeded')
    const first = await checkout(cardSubmission(piece, paymentIntentId), cookie)
    expect(first.statusCode).toBe(200)
    const id = first.json().id
    const again = await checkout(cardSubmission(piece, paymentIntentId), cookie)
    expect(again.json().id).toBe(id)

    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, id))
    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', paymentId: paymentIntentId })
    expect(await productRow(piece.id)).toMatchObject({ status: 'sold', stockQuantity: 0, soldPrice: 80_000 })
    const paid = await t.handle.db.select().from(payments).where(eq(payments.orderId, id))
    expect(paid).toEqual([expect.objectContaining({ amount: 80_000, method: 'stripe' })])
    const ledger = await t.handle.db.select().from(sales).where(eq(sales.orderId, id))
    expect(ledger).toEqual([
      expect.objectContaining({ salePrice: 80_000, cost: 30_000, profit: 50_000, source: 'order' }),
    ])
  })

  it('declines the decline card and never calls an unpaid intent paid', async () => {
    const piece = await insertProduct(t.handle.db)
    const { paymentIntentId, confirm, cookie } = await payFor(piece, '4000 0000 0000 0002')
    expect(confirm.statusCode).toBe(402)
    expect(confirm.json().message).toBe('Your card was declined.')
    const response = await checkout(cardSubmission(piece, paymentIntentId), cookie)
    expect(response.statusCode).toBe(402)
    expect(await productRow(piece.id)).toMatchObject({ status: 'available', stockQuantity: 1 })
  })

  it('refunds a paid piece that was sold meanwhile and says so', async () => {
    const piece = await insertProduct(t.handle.db)
    const { paymentIntentId, cookie } = await payFor(piece)
    await t.handle.db
      .update(products)
      .set({ status: 'sold', stockQuantity: 0 })
      .where(eq(products.id, piece.id))
    const response = await checkout(cardSubmission(piece, paymentIntentId), cookie)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(`"${piece.name}" has been sold. Your payment has been refunded.`)
    expect(await provider.isRefunded(paymentIntentId)).toBe(true)
    const [attempt] = await t.handle.db
      .select()
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.paymentIntentId, paymentIntentId))
    expect(attempt?.status).toBe('refunded')
  })

  it('completes a payment only for the session that started it', async () => {
    const piece = await insertProduct(t.handle.db)
    const { paymentIntentId, cookie } = await payFor(piece)
    // Someone who learnt the intent id posts it from another browser, or with no session at all.
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: piece.id },
    })
    for (const otherCookie of [cookieHeader(stranger), undefined]) {
      const response = await checkout(cardSubmission(piece, paymentIntentId), otherCookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Payment not found' })
    }
    expect(await t.handle.db.select().from(orders).where(eq(orders.paymentId, paymentIntentId))).toHaveLength(
      0,
    )
    expect(await productRow(piece.id)).toMatchObject({ status: 'available', stockQuantity: 1 })
    // The shopper's own session still completes it.
    expect((await checkout(cardSubmission(piece, paymentIntentId), cookie)).statusCode).toBe(200)
  })

  describe('the webhook', () => {
    const deliver = (event: object, signature?: string) => {
      const body = JSON.stringify(event)
      return t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature ?? signWebhookPayload(body, TEST_WEBHOOK_SECRET),
        },
      })
    }
    const succeeded = (intentId: string, amount: number) => ({
      id: `evt_${intentId}`,
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount,
          currency: 'usd',
          metadata: {},
        },
      },
    })

    it('creates the order when the browser never comes back, and a replay creates no second one', async () => {
      const piece = await insertProduct(t.handle.db)
      const { paymentIntentId, cookie } = await payFor(piece)
      const first = await deliver(succeeded(paymentIntentId, submission([[piece, 1]]).total))
      expect(first.statusCode).toBe(200)
      const replay = await deliver(succeeded(paymentIntentId, submission([[piece, 1]]).total))
      expect(replay.statusCode).toBe(200)
      const rows = await t.handle.db.select().from(orders).where(eq(orders.paymentId, paymentIntentId))
      expect(rows).toHaveLength(1)
      // The browser arriving late gets that same order.
      expect((await checkout(cardSubmission(piece, paymentIntentId), cookie)).json().id).toBe(rows[0]!.id)
    })

    it('racing the browser for one intent still makes one order', async () => {
      const piece = await insertProduct(t.handle.db)
      const { paymentIntentId, cookie } = await payFor(piece)
      const [hook, browser] = await Promise.all([
        deliver(succeeded(paymentIntentId, submission([[piece, 1]]).total)),
        checkout(cardSubmission(piece, paymentIntentId), cookie),
      ])
      expect(hook.statusCode).toBe(200)
      expect(browser.statusCode).toBe(200)
      const rows = await t.handle.db.select().from(orders).where(eq(orders.paymentId, paymentIntentId))
      expect(rows).toHaveLength(1)
    })

    it('refuses a bad signature with 400 and writes nothing', async () => {
      const piece = await insertProduct(t.handle.db)
      const { paymentIntentId } = await payFor(piece)
      const response = await deliver(
        succeeded(paymentIntentId, submission([[piece, 1]]).total),
        't=1,v1=deadbeef',
      )
      expect(response.statusCode).toBe(400)
      expect(
        await t.handle.db.select().from(orders).where(eq(orders.paymentId, paymentIntentId)),
      ).toHaveLength(0)
    })
  })
})

describe('the last piece under concurrency', () => {
  it.each([
    [1, 200],
    [3, 200],
  ])(
    'with stock %i, %i simultaneous checkouts give exactly that many orders and clean 409s',
    async (stock, buyers) => {
      const piece = await insertProduct(t.handle.db, { stockQuantity: stock, price: 99_000 })
      const responses = await Promise.all(
        Array.from({ length: buyers }, (_, n) =>
          checkout(submission([[piece, 1]], { email: `buyer${n}@example.com` })),
        ),
      )
      const statuses = responses.map((response) => response.statusCode)
      expect(statuses.filter((status) => status === 200)).toHaveLength(stock)
      expect(statuses.filter((status) => status === 409)).toHaveLength(buyers - stock)
      const after = await productRow(piece.id)
      expect(after.stockQuantity).toBe(0)
      expect(after.status).toBe('reserved')
      const sold = await t.handle.db.select().from(orderItems).where(eq(orderItems.productId, piece.id))
      expect(sold).toHaveLength(stock)
    },
  )
})
