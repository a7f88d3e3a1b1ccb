import { describe, expect, it } from 'vitest'
import { checkoutFormSchema } from '../../../shared/checkout/schema'
import type { StoreInfo } from '../../../shared/ssr'
import { checkoutForm, insertProduct, placeZelleOrder } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { type OrderMailData, orderConfirmationMail } from '../mail/templates/order-mails'
import { orderStatusMail } from '../mail/templates/order-status-mails'

// Issue 31: a stranger's words must not reach the shop's mail through a name or an address line.

const t = shopForFile()

const LURE = 'URGENT: your bank account is locked. Verify at https://evil.example/login'

type FieldError = { field: string; message: string }
const errorsOf = (body: string) => (JSON.parse(body) as { errors?: FieldError[] }).errors ?? []

describe('names and address lines at checkout', () => {
  const refused: [string, string][] = [
    ['firstName', LURE],
    ['firstName', 'visit www.evil.example'],
    ['lastName', 'write to help@evil.example'],
    ['lastName', '<b>Chen</b>'],
    ['address', 'evil.example/login'],
    ['city', 'http://evil.example'],
    ['specialInstructions', 'Call us at <a href="x">here</a>'],
  ]
  it.each(refused)('refuses %s = %j with a 400 naming the field', async (field, value) => {
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const response = await placeZelleOrder(t.app, [piece], { fields: { [field]: value } })
    expect(response.statusCode).toBe(400)
    const error = errorsOf(response.body).find((entry) => entry.field === field)
    expect(error?.message).toMatch(/cannot contain a web address, an e-mail address or < >/)
  })

  it('keeps real names and addresses, and names at most 50 characters', () => {
    const ok = checkoutFormSchema.safeParse({
      ...checkoutForm,
      firstName: "Ngọc-Anh O'Brien",
      address: 'Apt. 4/5, 12 St. John St.',
      city: 'St. Louis',
      specialInstructions: 'Leave with the neighbour at no. 7, please.',
    })
    expect(ok.success).toBe(true)
    const long = checkoutFormSchema.safeParse({ ...checkoutForm, lastName: 'x'.repeat(51) })
    expect(long.error?.issues[0]).toMatchObject({
      path: ['lastName'],
      message: 'Last name must be at most 50 characters',
    })
  })
})

describe('names and address lines of an account', () => {
  it('refuses a link in a name at registration and in the saved profile', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'plainname1', password: 'correct horse', firstName: LURE },
    })
    expect(registered.statusCode).toBe(400)
    expect(errorsOf(registered.body).map((error) => error.field)).toContain('firstName')

    const { cookie } = await registerCustomer(t.app)
    const me = await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie } })
    const id = me.json<{ id: number }>().id
    for (const [field, value] of [
      ['lastName', 'see evil.example/x'],
      ['address', 'mail me: a@b.example'],
      ['city', '<script>'],
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}`,
        headers: { cookie },
        payload: { [field!]: value },
      })
      expect(response.statusCode, field).toBe(400)
      expect(errorsOf(response.body)[0]?.field).toBe(field)
    }
  })
})

describe("an older order's name in the shop's mail", () => {
  const store: StoreInfo = {
    name: 'Jade Shop',
    email: 'hello@jadeshop.example',
    phone: '(713) 555-0123',
    freeShippingThresholdCents: 15_000,
    flatShippingCents: 695,
  }
  const order: OrderMailData = {
    id: 1001,
    customerName: `${LURE} Chen`,
    customerEmail: 'victim@example.com',
    customerPhone: '555-0100',
    paymentMethod: 'zelle',
    paymentStatus: 'unpaid',
    items: [{ name: 'Bangle', quantity: 1, price: 20_000 }],
    subtotal: 20_000,
    discountCode: null,
    discount: 0,
    shippingCost: 0,
    taxLines: [],
    total: 20_000,
    shipping: { address: 'www.evil.example', city: 'Houston', state: 'TX', zip: '77002', country: 'US' },
    specialInstructions: null,
    appointmentRequest: false,
    insuranceInterest: false,
    reservedUntil: null,
  }

  it('greets without it and leaves a linked address line out', () => {
    const mail = orderConfirmationMail(order, store, 'https://shop.example.com')
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain('Hello,')
      expect(body).not.toContain('evil.example')
    }
  })

  it('never lets a mail program read a dotted name as a link', () => {
    const mail = orderConfirmationMail(
      { ...order, customerName: 'Mei jade.example', shipping: { ...order.shipping, address: '4 Jade.Lane' } },
      store,
      'https://shop.example.com',
    )
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain('Hi Mei jade.\u2060example,')
      expect(body).not.toMatch(/jade\.example|Jade\.Lane/)
    }
  })

  it('is not repeated by the status e-mails either', () => {
    for (const kind of ['order-cancelled', 'reservation-reminder'] as const) {
      const mail = orderStatusMail(kind, order, store, 'https://shop.example.com', {
        reservedUntil: 'Thursday, November 26 at 3:00 PM CST',
      })
      for (const body of [mail.text, mail.html!]) {
        expect(body).toContain('Hello,')
        expect(body).not.toContain('evil.example')
      }
    }
  })
})
