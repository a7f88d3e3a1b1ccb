import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type StripeStandIn,
  signStripeWebhook,
  startStripeStandIn,
  stripeIntentEvent,
} from './stripe-stand-in'

// The stand-in's wire format, pinned with plain HTTP so it stays faithful to Stripe's API
// independently of how the SDK or our adapter use it.

let standIn: StripeStandIn
beforeAll(async () => {
  standIn = await startStripeStandIn()
})
afterAll(() => standIn.close())

function post(path: string, form: string, headers: Record<string, string> = {}) {
  return fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${standIn.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: form,
  })
}
const get = (path: string, key = standIn.secretKey) =>
  fetch(`${standIn.url}${path}`, { headers: { authorization: `Bearer ${key}` } })

const intentForm =
  'amount=12500&currency=usd&metadata%5Battempt%5D=7&automatic_payment_methods%5Benabled%5D=true'

describe('Stripe stand-in', () => {
  it('creates a payment intent shaped like Stripe from a form-encoded body', async () => {
    const response = await post('/v1/payment_intents', intentForm)
    expect(response.status).toBe(200)
    expect(response.headers.get('request-id')).toMatch(/^req_/)
    const intent = await response.json()
    expect(intent).toMatchObject({
      object: 'payment_intent',
      id: expect.stringMatching(/^pi_/),
      amount: 12_500,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { attempt: '7' },
      automatic_payment_methods: { enabled: true },
      livemode: false,
      created: expect.any(Number),
    })
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`))
    expect(standIn.intents.get(intent.id)).toEqual(intent)
  })

  it('replays the saved result for a repeated Idempotency-Key and refuses it with other parameters', async () => {
    const first = await (await post('/v1/payment_intents', intentForm, { 'idempotency-key': 'k-1' })).json()
    const again = await post('/v1/payment_intents', intentForm, { 'idempotency-key': 'k-1' })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(first)
    const other = await post('/v1/payment_intents', 'amount=999&currency=usd', { 'idempotency-key': 'k-1' })
    expect(other.status).toBe(400)
    expect((await other.json()).error.type).toBe('idempotency_error')
    expect(standIn.requests.filter((request) => request.idempotencyKey === 'k-1')).toHaveLength(3)
  })

  it('retrieves an intent, and 404s an unknown one in Stripe error shape', async () => {
    const created = await (await post('/v1/payment_intents', intentForm)).json()
    standIn.succeed(created.id)
    expect(await (await get(`/v1/payment_intents/${created.id}`)).json()).toMatchObject({
      status: 'succeeded',
      amount_received: 12_500,
      latest_charge: expect.stringMatching(/^ch_/),
    })
    const missing = await get('/v1/payment_intents/pi_missing')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: "No such payment_intent: 'pi_missing'",
      },
    })
  })

  it('validates amount and currency as Stripe does', async () => {
    const cases: [string, string][] = [
      ['currency=usd', 'parameter_missing'],
      ['amount=12.5&currency=usd', 'parameter_invalid_integer'],
      ['amount=10&currency=usd', 'amount_too_small'],
      ['amount=100', 'parameter_missing'],
    ]
    for (const [form, code] of cases) {
      const response = await post('/v1/payment_intents', form)
      expect(response.status).toBe(400)
      expect((await response.json()).error.code).toBe(code)
    }
  })

  it('refunds once; a second refund gets charge_already_refunded', async () => {
    const created = await (await post('/v1/payment_intents', intentForm)).json()
    const early = await post('/v1/refunds', `payment_intent=${created.id}`)
    expect(early.status).toBe(400)

    standIn.succeed(created.id)
    const refund = await post('/v1/refunds', `payment_intent=${created.id}`)
    expect(refund.status).toBe(200)
    expect(await refund.json()).toMatchObject({
      object: 'refund',
      payment_intent: created.id,
      amount: 12_500,
    })

    const second = await post('/v1/refunds', `payment_intent=${created.id}`)
    expect(second.status).toBe(400)
    expect(await second.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${standIn.intents.get(created.id)?.latest_charge} has already been refunded.`,
      },
    })
  })

  it('answers 401 in Stripe error shape without the right Bearer key', async () => {
    for (const response of [
      await get('/v1/payment_intents/pi_x', 'sk_test_wrong_wrong_wrong'),
      await fetch(`${standIn.url}/v1/payment_intents/pi_x`),
    ]) {
      expect(response.status).toBe(401)
      const body = await response.json()
      expect(body.error.type).toBe('invalid_request_error')
      expect(body.error.message).toMatch(/^Invalid API Key provided/)
      expect(body.error.message).not.toContain('sk_test_wrong_wrong_wrong')
    }
  })

  it('answers 404 for an endpoint it does not implement', async () => {
    const response = await get('/v1/customers')
    expect(response.status).toBe(404)
    expect((await response.json()).error.message).toMatch(/Unrecognized request URL/)
  })

  it("signs webhooks so that Stripe's SDK verifies them", async () => {
    const created = await (await post('/v1/payment_intents', intentForm)).json()
    standIn.succeed(created.id)
    const body = stripeIntentEvent(standIn.intents.get(created.id)!)
    const header = signStripeWebhook(body, 'whsec_abc', 1_700_000_000)
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/)
    const event = Stripe.webhooks.constructEvent(body, header, 'whsec_abc', 0)
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: created.id } } })
  })
})
