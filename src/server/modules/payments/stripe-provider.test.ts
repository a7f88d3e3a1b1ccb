import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import type { Database } from '../../db/client'
import {
  type StripeStandIn,
  signStripeWebhook,
  startStripeStandIn,
  stripeIntentEvent,
} from '../../test/stripe-stand-in'
import { createPaymentProvider } from './index'
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  PaymentIntentNotFoundError,
  type PaymentProvider,
  PaymentProviderError,
  PROVIDER_REFUSED_MESSAGE,
  PROVIDER_UNREACHABLE_MESSAGE,
  WebhookSignatureError,
} from './provider'
import { createStripeProvider } from './stripe-provider'

// The real `stripe` SDK against a local stand-in of Stripe's API: what is tested is our wiring
// (options, parameters, reshaping, error mapping), over real HTTP.

const WEBHOOK_SECRET = 'whsec_stand_in_test_secret'

let standIn: StripeStandIn
let provider: PaymentProvider

beforeAll(async () => {
  standIn = await startStripeStandIn()
  provider = providerFor(standIn.url, standIn.secretKey)
})
afterAll(() => standIn.close())

function providerFor(apiUrl: string, secretKey: string) {
  return createStripeProvider({
    secretKey,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl,
  })
}

const newIntent = (metadata: Record<string, string> = {}, amount = 12_500) =>
  provider.createIntent({ amount, currency: 'usd', metadata, idempotencyKey: randomUUID() })

describe('createPaymentProvider', () => {
  const configWith = (env: Record<string, string>) =>
    loadConfig({ SESSION_SECRET: 'a-session-secret-long-enough-for-the-config-check', ...env })

  // Neither provider touches the database until it is asked for a payment.
  const noDatabase = {} as Database

  it('uses Stripe when a secret key is set, the test provider otherwise', () => {
    const stripe = createPaymentProvider(
      configWith({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
      noDatabase,
    )
    expect(stripe.name).toBe('stripe')
    expect(stripe.publishableKey).toBe('pk_test_x')
    const test = createPaymentProvider(configWith({}), noDatabase)
    expect(test.name).toBe('test')
    expect(test.publishableKey).toBeUndefined()
  })
})

describe('Stripe provider: intents', () => {
  it('creates an intent with the amount, currency and metadata, and automatic payment methods', async () => {
    const key = randomUUID()
    const created = await provider.createIntent({
      amount: 12_500,
      currency: 'usd',
      metadata: { attempt: '17', email: 'ann@example.com' },
      idempotencyKey: key,
    })
    expect(created.id).toMatch(/^pi_/)
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`))
    expect(standIn.intents.get(created.id)?.automatic_payment_methods).toEqual({ enabled: true })
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: key,
    })

    const intent = await provider.retrieveIntent(created.id)
    expect(intent).toEqual({
      id: created.id,
      status: 'requires_payment_method',
      amount: 12_500,
      currency: 'usd',
      metadata: { attempt: '17', email: 'ann@example.com' },
    })
  })

  it('gives the same intent for the same idempotency key', async () => {
    const input = {
      amount: 8_000,
      currency: 'usd' as const,
      metadata: { attempt: '3' },
      idempotencyKey: 'attempt-3',
    }
    const first = await provider.createIntent(input)
    const second = await provider.createIntent(input)
    expect(second).toEqual(first)
    expect([...standIn.intents.values()].filter((intent) => intent.metadata.attempt === '3')).toHaveLength(1)
  })

  it('refuses a reused idempotency key with other parameters', async () => {
    await provider.createIntent({ amount: 8_000, currency: 'usd', metadata: {}, idempotencyKey: 'attempt-4' })
    const reused = provider.createIntent({
      amount: 9_000,
      currency: 'usd',
      metadata: {},
      idempotencyKey: 'attempt-4',
    })
    await expect(reused).rejects.toBeInstanceOf(PaymentProviderError)
  })

  it('reports a payment as succeeded once Stripe says so', async () => {
    const { id } = await newIntent()
    standIn.succeed(id)
    expect((await provider.retrieveIntent(id)).status).toBe('succeeded')
  })

  it('treats a status outside ours as still in progress', async () => {
    const { id } = await newIntent()
    standIn.intents.get(id)!.status = 'requires_capture'
    expect((await provider.retrieveIntent(id)).status).toBe('processing')
  })

  it('answers 404 for an intent Stripe does not know', async () => {
    const missing = provider.retrieveIntent('pi_does_not_exist')
    await expect(missing).rejects.toBeInstanceOf(PaymentIntentNotFoundError)
    await expect(missing).rejects.toMatchObject({ kind: 'not-found' })
  })

  it('explains an amount below the card minimum', async () => {
    await expect(newIntent({}, 20)).rejects.toMatchObject({
      kind: 'provider-failed',
      message: AMOUNT_TOO_SMALL_MESSAGE,
    })
  })
})

describe('Stripe provider: refunds', () => {
  it('refunds part of a succeeded intent, once per idempotency key', async () => {
    const { id } = await newIntent()
    standIn.succeed(id)
    const first = await provider.refundAmount(id, 5_000, `refund-${id}`)
    // A worker that retries after a crash sends the same key: Stripe answers with the first refund.
    expect(await provider.refundAmount(id, 5_000, `refund-${id}`)).toEqual(first)
    expect(standIn.refundList.filter((row) => row.payment_intent === id).map((row) => row.amount)).toEqual([
      5_000,
    ])
  })

  it('does not pretend to refund a payment that never succeeded', async () => {
    const { id } = await newIntent()
    await expect(provider.refundAmount(id, 5_000, `refund-${id}`)).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
    expect(standIn.refunds.has(id)).toBe(false)
  })
})

describe('Stripe provider: failures', () => {
  it('turns a wrong secret key into a PaymentProviderError a shopper can read', async () => {
    const wrong = providerFor(standIn.url, 'sk_test_wrong_key_123456')
    const attempt = wrong.createIntent({
      amount: 5_000,
      currency: 'usd',
      metadata: {},
      idempotencyKey: 'wrong-key',
    })
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(attempt).rejects.toMatchObject({
      kind: 'provider-failed',
      message: PROVIDER_REFUSED_MESSAGE,
    })
    // The SDK's own error stays available for the logs.
    const error = (await attempt.then(
      () => undefined,
      (caught: unknown) => caught,
    )) as PaymentProviderError
    expect(String(error.cause)).toMatch(/Invalid API Key/)
    expect(error.requestId).toMatch(/^req_/)
  })

  it('retries a dropped connection twice, then says Stripe is unreachable', async () => {
    let attempts = 0
    const dropping = createServer((request) => {
      attempts += 1
      request.socket.destroy()
    })
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve))
    const { port } = dropping.address() as AddressInfo
    try {
      const attempt = providerFor(`http://127.0.0.1:${port}`, standIn.secretKey).retrieveIntent('pi_anything')
      await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError)
      await expect(attempt).rejects.toMatchObject({
        kind: 'provider-failed',
        message: PROVIDER_UNREACHABLE_MESSAGE,
      })
      expect(attempts).toBe(3)
    } finally {
      await new Promise((resolve) => dropping.close(resolve))
    }
  })
})

describe('Stripe provider: webhooks', () => {
  async function succeededEvent() {
    const { id } = await newIntent({ attempt: '42' })
    standIn.succeed(id)
    return { id, body: stripeIntentEvent(standIn.intents.get(id)!) }
  }

  it('verifies a correctly signed payment_intent.succeeded event and reshapes it', async () => {
    const { id, body } = await succeededEvent()
    const event = provider.verifyWebhook(Buffer.from(body), signStripeWebhook(body, WEBHOOK_SECRET))
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      intent: { id, status: 'succeeded', amount: 12_500, currency: 'usd', metadata: { attempt: '42' } },
    })
  })

  it('passes other events through without an intent', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    })
    const event = provider.verifyWebhook(Buffer.from(body), signStripeWebhook(body, WEBHOOK_SECRET))
    expect(event).toEqual({ id: 'evt_1', type: 'charge.refunded' })
  })

  it('rejects a signature made with another secret', async () => {
    const { body } = await succeededEvent()
    const verify = () =>
      provider.verifyWebhook(Buffer.from(body), signStripeWebhook(body, 'whsec_someone_else'))
    expect(verify).toThrow(WebhookSignatureError)
  })

  it('rejects a tampered body', async () => {
    const { body } = await succeededEvent()
    const header = signStripeWebhook(body, WEBHOOK_SECRET)
    const tampered = body.replace('"amount": 12500', '"amount": 1')
    expect(tampered).not.toBe(body)
    expect(() => provider.verifyWebhook(Buffer.from(tampered), header)).toThrow(WebhookSignatureError)
  })

  it('rejects an old delivery, a missing header and an unconfigured secret', async () => {
    const { body } = await succeededEvent()
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600
    const old = signStripeWebhook(body, WEBHOOK_SECRET, anHourAgo)
    expect(() => provider.verifyWebhook(Buffer.from(body), old)).toThrow(WebhookSignatureError)
    expect(() => provider.verifyWebhook(Buffer.from(body), undefined)).toThrow(WebhookSignatureError)

    const unconfigured = createStripeProvider({
      secretKey: standIn.secretKey,
      publishableKey: undefined,
      webhookSecret: undefined,
      apiUrl: standIn.url,
    })
    const header = signStripeWebhook(body, WEBHOOK_SECRET)
    expect(() => unconfigured.verifyWebhook(Buffer.from(body), header)).toThrow(WebhookSignatureError)
  })

  it('carries status 400, which the app error handler answers with', async () => {
    const { body } = await succeededEvent()
    let caught: unknown
    try {
      provider.verifyWebhook(Buffer.from(body), 't=1,v1=00')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(WebhookSignatureError)
    expect(caught).toMatchObject({ kind: 'invalid' })
  })
})
