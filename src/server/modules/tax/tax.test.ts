import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRICES_CHANGED } from '../../../shared/checkout/schema'
import {
  adminCookie,
  cardOrderBody,
  checkoutForm,
  insertProduct,
  placeZelleOrder,
  postCheckout,
} from '../../test/factories'
import { cookieHeader, shopForFile } from '../../test/helpers'
import {
  applyRateTable,
  HOUSTON_SETTINGS,
  putTaxSettings,
  TEXAS_TABLE as TEXAS_FILE,
  uploadRateTable,
} from '../../test/tax-kit'
import { payments } from '../ledger/schema'
import { orders } from '../orders/schema'
import type { TestPaymentProvider } from '../payments/test-provider'

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const HEADER = TEXAS_FILE.toString().split('\n')[0]!

const putSettings = (settings: unknown) => putTaxSettings(t.app, owner, settings)

const uploadTable = (file: Buffer | string, fields: Record<string, string>) =>
  uploadRateTable(t.app, owner, file, fields)

const applyTable = (id: number) => applyRateTable(t.app, owner, id)

const calculate = (payload: object) => t.app.inject({ method: 'POST', url: '/api/calculate-tax', payload })

describe('tax settings', () => {
  it('are off by default, and a quote says so', async () => {
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/tax',
      headers: { cookie: owner },
    })
    expect(settings.json()).toMatchObject({ enabled: false, registrations: [] })
    const quote = await calculate({
      items: [{ productId: 1, quantity: 1, price: 10_000 }],
      shippingCost: 695,
      address: { state: 'TX', zipCode: '77002' },
    })
    expect(quote.json()).toEqual({ tax: 0, lines: [], note: 'Sales tax is not collected' })
  })

  it('refuse a rate given in percent, a state listed twice, and origin sourcing away from the origin', async () => {
    const response = await putSettings({
      ...HOUSTON_SETTINGS,
      registrations: [
        { ...HOUSTON_SETTINGS.registrations[0], stateRate: 6.25 },
        { ...HOUSTON_SETTINGS.registrations[0] },
        { state: 'CO', permitNumber: 'x', sourcing: 'origin', shippingTaxable: false, stateRate: 0.029 },
      ],
    })
    expect(response.statusCode).toBe(400)
    const messages = (response.json().errors as { message: string }[]).map((error) => error.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('rates are decimals'),
        'Texas is listed twice',
        "Origin sourcing needs the shop's origin in Colorado",
      ]),
    )
  })

  it('keep the owner’s registrations, rates as decimals', async () => {
    const response = await putSettings({
      ...HOUSTON_SETTINGS,
      registrations: [{ ...HOUSTON_SETTINGS.registrations[0], state: 'Texas' }],
    })
    expect(response.statusCode).toBe(200)
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/tax',
      headers: { cookie: owner },
    })
    expect(read.json()).toEqual(HOUSTON_SETTINGS)
  })
})

describe('rate tables', () => {
  it('refuse a file with the wrong header or bad rows, naming each line', async () => {
    const wrongHeader = await uploadTable('Zip,Rate\n77002,0.0825\n', {
      state: 'TX',
      effectiveFrom: '2026-01-01',
    })
    expect(wrongHeader.statusCode).toBe(400)
    expect(wrongHeader.json().message).toContain('a problem')
    const badRows = await uploadTable(
      `${HEADER}\nTX,77002,HOUSTON,0.082500,0.062500,0.000000,0.010000,0.010000,1\nTX,7700A,X,0.0625,0.0625,0,0,0,1\nCA,94103,SF,0.08625,0.06,0.0025,0,0.02375,1\nTX,77005,WU,0.09,0.0625,0,0.01,0.01,1\n`,
      { state: 'TX', effectiveFrom: '2026-01-01' },
    )
    expect(badRows.statusCode).toBe(400)
    expect(badRows.json().errors).toEqual([
      { field: 'line 3, ZipCode', message: 'A ZIP code is five digits' },
      { field: 'line 4, State', message: 'Every row must be for TX' },
      {
        field: 'line 5, EstimatedCombinedRate',
        message: 'The combined rate is not the sum of the state, county, city and special rates',
      },
    ])
    const missing = await uploadTable(TEXAS_FILE, { state: 'TX' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([
      { field: 'effectiveFrom', message: 'Enter the date the rates take effect (YYYY-MM-DD)' },
    ])
  })

  it('preview against the table in force, apply, and list with the one in force marked', async () => {
    const first = await uploadTable(TEXAS_FILE, { state: 'TX', effectiveFrom: '2026-01-01' })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      state: 'TX',
      effectiveFrom: '2026-01-01',
      rows: 12,
      added: 12,
      changed: 0,
      removed: 0,
    })
    const apply = await applyTable(first.json().id)
    expect(apply.statusCode).toBe(200)
    expect(apply.json()).toMatchObject({ status: 'applied', inForce: true })
    const again = await applyTable(first.json().id)
    expect(again.statusCode).toBe(409)

    // A new version: Alpine's city rate drops, Terlingua is gone, a new ZIP arrives.
    const revised = TEXAS_FILE.toString()
      .replace(
        'TX,79830,ALPINE,0.082500,0.062500,0.005000,0.015000,0.000000,1',
        'TX,79830,ALPINE,0.077500,0.062500,0.005000,0.010000,0.000000,1',
      )
      .replace(/TX,79852.*\n/, 'TX,78666,SAN MARCOS,0.082500,0.062500,0.005000,0.015000,0.000000,1\n')
    const second = await uploadTable(revised, { state: 'tx', effectiveFrom: '2099-01-01' })
    expect(second.json()).toMatchObject({
      version: first.json().version + 1,
      rows: 12,
      added: 1,
      changed: 1,
      removed: 1,
    })
    expect(second.json().sample).toEqual([
      { zipCode: '78666', regionName: 'SAN MARCOS', before: null, after: 0.0825 },
      { zipCode: '79830', regionName: 'ALPINE', before: 0.0825, after: 0.0775 },
      { zipCode: '79852', regionName: 'TERLINGUA', before: 0.0675, after: null },
    ])
    await applyTable(second.json().id)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tax/tables',
      headers: { cookie: owner },
    })
    const byId = new Map(
      (list.json().items as { id: number; inForce: boolean }[]).map((table) => [table.id, table]),
    )
    // The 2099 table waits for its day; orders today still use the first.
    expect(byId.get(first.json().id)?.inForce).toBe(true)
    expect(byId.get(second.json().id)?.inForce).toBe(false)
  })
})

describe('the checkout summary and the order', () => {
  it('charges 8.25 % from a Houston origin on a Texas order, shipping included', async () => {
    const quote = await calculate({
      items: [{ productId: 1, quantity: 2, price: 5_000 }],
      shippingCost: 695,
      address: { state: 'TX', zipCode: '79852' },
    })
    expect(quote.statusCode).toBe(200)
    // $100.00 + $6.95 shipping: 6.25 % = 668.4375 → 668; 1 % + 1 % = 106.95 → 107 each.
    expect(quote.json()).toEqual({
      tax: 668 + 107 + 107,
      lines: [
        { jurisdiction: 'Texas', type: 'state', rate: 0.0625, taxable: 10_695, tax: 668 },
        { jurisdiction: 'Houston city', type: 'city', rate: 0.01, taxable: 10_695, tax: 107 },
        { jurisdiction: 'Houston special district', type: 'special', rate: 0.01, taxable: 10_695, tax: 107 },
      ],
    })
  })

  it('gives none out of state and says why', async () => {
    const quote = await calculate({
      items: [{ productId: 1, quantity: 1, price: 50_000 }],
      shippingCost: 0,
      address: { state: 'California', zipCode: '94103-1234' },
    })
    expect(quote.json()).toEqual({
      tax: 0,
      lines: [],
      note: 'No sales tax: the shop does not collect tax in California',
    })
  })

  it('places a Zelle order whose total carries the tax, keeps its lines, and refuses a wrong tax', async () => {
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const tax = 1_250 + 200 + 200
    const untaxed = await placeZelleOrder(t.app, [piece], { total: 20_000 })
    expect(untaxed.statusCode).toBe(409)
    expect(untaxed.json().message).toBe(PRICES_CHANGED)
    const wrongTax = await placeZelleOrder(t.app, [piece], { tax: 1_000, total: 21_000 })
    expect(wrongTax.statusCode).toBe(409)

    const placed = await placeZelleOrder(t.app, [piece], { tax, total: 20_000 + tax })
    expect(placed.statusCode).toBe(200)
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, placed.json().id))
    expect(row).toMatchObject({ total: 21_650, tax: 1_650, taxNote: null, taxFallback: false })
    expect(row!.taxLines.map((line) => line.jurisdiction)).toEqual([
      'Texas',
      'Houston city',
      'Houston special district',
    ])

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie: owner } })
    const listed = (list.json().items as { id: number }[]).find((order) => order.id === row!.id)
    expect(listed).toMatchObject({ tax: 1_650, taxNote: null, taxLines: row!.taxLines, total: 21_650 })
  })

  it('takes a card payment for the taxed total, and the order keeps the tax it was paid with', async () => {
    const piece = await insertProduct(t.handle.db, { price: 30_000 })
    const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
    const tax = 1_875 + 300 + 300
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 30_000, form: checkoutForm, items },
    })
    expect(wrong.statusCode).toBe(409)
    const noAddress = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 30_000 + tax, items },
    })
    expect(noAddress.statusCode).toBe(400)
    expect(noAddress.json().message).toBe('Enter your shipping address so sales tax can be calculated')

    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 30_000 + tax, tax, form: checkoutForm, items },
    })
    expect(intent.statusCode).toBe(200)
    const { paymentIntentId } = intent.json()
    await (t.app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
    // The owner turns tax off before the shopper comes back: the order is what was paid.
    await putSettings({ ...HOUSTON_SETTINGS, enabled: false })
    const placed = await postCheckout(t.app, cardOrderBody([piece], paymentIntentId, { tax }), {
      cookie: cookieHeader(intent),
    })
    await putSettings(HOUSTON_SETTINGS)
    expect(placed.statusCode).toBe(200)
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, placed.json().id))
    expect(row).toMatchObject({ total: 32_475, tax: 2_475, paymentStatus: 'paid' })
    const [payment] = await t.handle.db.select().from(payments).where(eq(payments.orderId, row!.id))
    expect(payment!.amount).toBe(32_475)
  })

  it('reads the country one way, refuses a state it cannot read, and taxes no parcel leaving the country', async () => {
    const piece = await insertProduct(t.handle.db, { price: 20_000 })
    const order = (fields: Record<string, unknown>, total: number) =>
      placeZelleOrder(t.app, [piece], { total, fields })
    const unreadable = await order({ state: 'Tex.' }, 21_650)
    expect(unreadable.statusCode).toBe(400)
    expect(unreadable.json().errors).toEqual([
      { field: 'state', message: 'Choose a US state so sales tax can be calculated' },
    ])
    const abroad = await t.app.inject({
      method: 'POST',
      url: '/api/calculate-tax',
      payload: {
        items: [{ productId: 1, quantity: 1, price: 20_000 }],
        shippingCost: 0,
        address: { state: 'TX', zipCode: '77002', country: 'Canada' },
      },
    })
    expect(abroad.json()).toEqual({
      tax: 0,
      lines: [],
      note: 'No sales tax on orders shipped outside the United States',
    })
    const placed = await order({ country: 'U.S.A.' }, 21_650)
    expect(placed.statusCode).toBe(200)
  })

  it('keeps the tax-free rule while tax is off: total = subtotal + shipping', async () => {
    await putSettings({ ...HOUSTON_SETTINGS, enabled: false })
    const piece = await insertProduct(t.handle.db, { price: 10_000 })
    const placed = await placeZelleOrder(t.app, [piece], { shippingCost: 695 })
    await putSettings(HOUSTON_SETTINGS)
    expect(placed.statusCode).toBe(200)
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, placed.json().id))
    expect(row).toMatchObject({ tax: 0, total: 10_695, taxNote: 'Sales tax is not collected' })
  })
})
