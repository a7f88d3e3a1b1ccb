import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, insertProduct } from '../../test/factories'
import { cookieHeader, registerCustomer, shopForFile } from '../../test/helpers'
import { discountCodes } from './schema'

const t = shopForFile()
let admin: string
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
})

const HOUR = 3_600_000
let counter = 0
const uniqueCode = (prefix = 'JADE') => `${prefix}${++counter}`

const post = (payload: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/discounts', payload, headers: { cookie } })

async function createCode(fields: Record<string, unknown> = {}) {
  const response = await post({ code: uniqueCode(), kind: 'percent', value: 10, ...fields })
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json() as { id: number; code: string }
}

describe('admin discount codes', () => {
  it('answers 401 to visitors and 403 to customers on every route', async () => {
    const customer = (await registerCustomer(t.app)).cookie
    const calls = [
      { method: 'GET', url: '/api/admin/discounts' },
      { method: 'POST', url: '/api/admin/discounts', payload: { code: 'NOPE1', kind: 'percent', value: 5 } },
      { method: 'PUT', url: '/api/admin/discounts/1', payload: { code: 'NOPE1', kind: 'percent', value: 5 } },
      { method: 'DELETE', url: '/api/admin/discounts/1' },
    ] as const
    for (const call of calls) {
      expect((await t.app.inject({ ...call })).statusCode).toBe(401)
      expect((await t.app.inject({ ...call, headers: { cookie: customer } })).statusCode).toBe(403)
    }
  })

  it('creates, lists, edits and deletes a code; uses stay read-only', async () => {
    const created = await post({
      code: 'Spring-24',
      kind: 'fixed',
      value: 2_500,
      minSubtotal: 10_000,
      maxUses: 3,
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      note: 'Spring fair',
      uses: 99,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      code: 'Spring-24',
      kind: 'fixed',
      value: 2_500,
      minSubtotal: 10_000,
      maxUses: 3,
      uses: 0,
      active: true,
      note: 'Spring fair',
      status: 'active',
    })
    const { id } = created.json()
    const list = await t.app.inject({ url: '/api/admin/discounts?search=spring', headers: { cookie: admin } })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ total: 1, items: [{ id, code: 'Spring-24', uses: 0 }] })

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/discounts/${id}`,
      headers: { cookie: admin },
      payload: { code: 'SPRING-24', kind: 'percent', value: 15, uses: 7, active: false },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      code: 'SPRING-24',
      kind: 'percent',
      value: 15,
      uses: 0,
      status: 'inactive',
    })

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/discounts/${id}`,
      headers: { cookie: admin },
    })
    expect(removed.statusCode).toBe(200)
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/discounts/${id}`,
      headers: { cookie: admin },
    })
    expect(again.statusCode).toBe(404)
  })

  it('refuses a second spelling of a code, ignoring case', async () => {
    const first = await createCode({ code: 'WELCOME' })
    const second = await post({ code: 'welcome', kind: 'percent', value: 5 })
    expect(second.statusCode).toBe(409)
    expect(second.json().errors).toEqual([
      { field: 'code', message: 'A discount code with this name already exists' },
    ])
    expect(first.code).toBe('WELCOME')
  })

  it.each([
    [{ code: 'ab' }, 'code', 'Code must be 3 to 32 letters, digits, - or _'],
    [{ code: 'a'.repeat(33) }, 'code', 'Code must be 3 to 32 letters, digits, - or _'],
    [{ code: 'TEN OFF' }, 'code', 'Code must be 3 to 32 letters, digits, - or _'],
    [{ kind: 'bogo' }, 'kind', 'Kind must be percent or fixed'],
    [{ kind: 'percent', value: 0 }, 'value', 'A percentage is from 1 to 100'],
    [{ kind: 'percent', value: 101 }, 'value', 'A percentage is from 1 to 100'],
    [{ kind: 'fixed', value: 0 }, 'value', 'A fixed amount must be more than $0.00'],
    [{ value: 2.5 }, 'value', 'Value must be a whole number'],
    [{ minSubtotal: -1 }, 'minSubtotal', 'Minimum subtotal cannot be negative'],
    [{ maxUses: 0 }, 'maxUses', 'Maximum uses must be at least 1'],
    [{ startsAt: 'tomorrow' }, 'startsAt', 'Start must be a date and time'],
    [
      { startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
      'endsAt',
      'End must be after the start',
    ],
  ])('refuses %j with a field message', async (change, field, message) => {
    const response = await post({ code: uniqueCode(), kind: 'percent', value: 10, ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toContainEqual({ field, message })
  })

  it('shows each status: active, scheduled, expired, used up', async () => {
    const scheduled = await createCode({ startsAt: new Date(Date.now() + HOUR).toISOString() })
    const expired = await createCode({ endsAt: new Date(Date.now() - HOUR).toISOString() })
    const usedUp = await createCode({ maxUses: 2 })
    await t.handle.db.update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.id, usedUp.id))
    const list = await t.app.inject({ url: '/api/admin/discounts?pageSize=200', headers: { cookie: admin } })
    const status = (id: number) => list.json().items.find((item: { id: number }) => item.id === id).status
    expect(status(scheduled.id)).toBe('scheduled')
    expect(status(expired.id)).toBe('expired')
    expect(status(usedUp.id)).toBe('used-up')
  })
})

describe('a code in the cart', () => {
  async function cartWith(price: number) {
    const piece = await insertProduct(t.handle.db, { price })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: piece.id },
    })
    return cookieHeader(response)
  }
  const apply = (cookie: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/cart/discount', payload: { code }, headers: { cookie } })

  it('applies a percentage rounded to the cent, shows it on GET /api/cart and removes it', async () => {
    const { code } = await createCode({ kind: 'percent', value: 15 })
    const cookie = await cartWith(33_333)
    const applied = await apply(cookie, code.toLowerCase())
    expect(applied.statusCode).toBe(200)
    // 15% of $333.33 = $49.9995, rounded to the cent.
    expect(applied.json()).toMatchObject({ subtotal: 33_333, discount: 5_000, discountCode: code })
    const cart = await t.app.inject({ url: '/api/cart', headers: { cookie } })
    expect(cart.json()).toMatchObject({ discount: 5_000, discountCode: code })
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/cart/discount', headers: { cookie } })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().discountCode).toBeUndefined()
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json().discount).toBeUndefined()
  })

  it('takes a fixed amount, never more than the subtotal', async () => {
    const { code } = await createCode({ kind: 'fixed', value: 50_000 })
    const cookie = await cartWith(12_000)
    expect((await apply(cookie, code)).json()).toMatchObject({ discount: 12_000, discountCode: code })
  })

  it('refuses each reason with a 400 and its message', async () => {
    const cookie = await cartWith(9_000)
    const inactive = await createCode({ active: false })
    const notStarted = await createCode({ startsAt: new Date(Date.now() + HOUR).toISOString() })
    const expired = await createCode({ endsAt: new Date(Date.now() - HOUR).toISOString() })
    const usedUp = await createCode({ maxUses: 1 })
    await t.handle.db.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, usedUp.id))
    const minimum = await createCode({ minSubtotal: 15_000 })
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', 'This discount code does not exist'],
      [inactive.code, 'This discount code is no longer active'],
      [notStarted.code, 'This discount code is not valid yet'],
      [expired.code, 'This discount code has expired'],
      [usedUp.code, 'This discount code has been used up'],
      [minimum.code, 'Spend $150.00 to use this code'],
    ]
    for (const [code, message] of cases) {
      const response = await apply(cookie, code)
      expect(response.statusCode, code).toBe(400)
      expect(response.json()).toEqual({ message, errors: [{ field: 'code', message }] })
    }
    const cart = await t.app.inject({ url: '/api/cart', headers: { cookie } })
    expect(cart.json().discountCode).toBeUndefined()
  })

  it('refuses a code for an empty cart', async () => {
    const { code } = await createCode()
    const response = await t.app.inject({ method: 'POST', url: '/api/cart/discount', payload: { code } })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Your cart is empty')
  })

  it('follows the cart into the new session when the shopper signs up', async () => {
    const { code } = await createCode({ kind: 'percent', value: 5 })
    const guest = await cartWith(20_000)
    expect((await apply(guest, code)).statusCode).toBe(200)
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: `coded${Date.now() % 100_000}`, password: 'correct horse battery' },
      headers: { cookie: guest },
    })
    expect(registered.statusCode).toBe(201)
    const cart = await t.app.inject({ url: '/api/cart', headers: { cookie: cookieHeader(registered) } })
    expect(cart.json()).toMatchObject({ discountCode: code, discount: 1_000 })
  })
})
