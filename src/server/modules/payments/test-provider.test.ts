import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { createTestDatabase, type TestDatabase } from '../../test/helpers'
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  CardDeclinedError,
  PaymentIntentNotFoundError,
  WebhookSignatureError,
} from './provider'
import {
  buildTestWebhook,
  createTestProvider,
  NOT_A_TEST_CARD_MESSAGE,
  signTestWebhook,
  TEST_WEBHOOK_SECRET,
  type TestPaymentProvider,
} from './test-provider'

// The provider keeps its intents and refunds in the database: one fresh database for the file.
let database: TestDatabase
let handle: DatabaseHandle
let provider: TestPaymentProvider
beforeAll(async () => {
  database = await createTestDatabase()
  handle = await database.open()
  provider = createTestProvider(handle.db)
})
afterAll(async () => {
  await handle?.close()
  await database?.drop()
})

const newIntent = (amount = 12_500, idempotencyKey = `key-${Math.random()}`) =>
  provider.createIntent({ amount, currency: 'usd', metadata: { attempt: '9' }, idempotencyKey })

async function thrownBy(action: () => unknown): Promise<unknown> {
  try {
    await action()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

describe('test provider: intents', () => {
  it('is the test provider, with no publishable key', () => {
    expect(provider.name).toBe('test')
    expect(provider.publishableKey).toBeUndefined()
  })

  it('creates intents shaped like Stripe ids and client secrets', async () => {
    const created = await newIntent()
    expect(created.id).toMatch(/^pi_test_[0-9a-f]+$/)
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_[0-9a-f]+$`))
    expect(await provider.retrieveIntent(created.id)).toEqual({
      id: created.id,
      status: 'requires_payment_method',
      amount: 12_500,
      currency: 'usd',
      metadata: { attempt: '9' },
    })
  })

  it('gives the same intent for the same idempotency key, and refuses it with other details', async () => {
    const first = await newIntent(12_500, 'same')
    expect(await newIntent(12_500, 'same')).toEqual(first)
    await expect(newIntent(13_000, 'same')).rejects.toMatchObject({ kind: 'provider-failed' })
  })

  it('refuses an amount below the card minimum, as Stripe does', async () => {
    await expect(newIntent(49)).rejects.toMatchObject({
      kind: 'provider-failed',
      message: AMOUNT_TOO_SMALL_MESSAGE,
    })
  })

  it('answers 404 for an unknown intent', async () => {
    await expect(provider.retrieveIntent('pi_test_nope')).rejects.toBeInstanceOf(PaymentIntentNotFoundError)
    expect(await thrownBy(() => provider.confirm('pi_test_nope', '4242424242424242'))).toMatchObject({
      kind: 'not-found',
    })
  })

  it('hands out copies, so a caller cannot change a stored intent', async () => {
    const { id } = await newIntent()
    const intent = await provider.retrieveIntent(id)
    intent.status = 'succeeded'
    intent.metadata.attempt = 'changed'
    expect(await provider.retrieveIntent(id)).toMatchObject({
      status: 'requires_payment_method',
      metadata: { attempt: '9' },
    })
  })
})

describe('test provider: Stripe test cards', () => {
  it('4242 4242 4242 4242 succeeds, with or without spaces', async () => {
    const spaced = await newIntent()
    expect((await provider.confirm(spaced.id, '4242 4242 4242 4242')).status).toBe('succeeded')
    expect((await provider.retrieveIntent(spaced.id)).status).toBe('succeeded')

    const plain = await newIntent()
    expect((await provider.confirm(plain.id, ' 4242424242424242 ')).status).toBe('succeeded')
  })

  it('4000 0000 0000 0002 is declined with 402 and the intent waits for another card', async () => {
    const { id } = await newIntent()
    const error = await thrownBy(() => provider.confirm(id, '4000 0000 0000 0002'))
    expect(error).toBeInstanceOf(CardDeclinedError)
    expect(error).toMatchObject({ kind: 'payment-required', message: 'Your card was declined.' })
    expect((await provider.retrieveIntent(id)).status).toBe('requires_payment_method')

    // The shopper tries again with a good card.
    expect((await provider.confirm(id, '4242 4242 4242 4242')).status).toBe('succeeded')
  })

  it('any other number is declined with a hint to use the test card', async () => {
    const { id } = await newIntent()
    for (const number of ['5555 5555 5555 4444', '1234', '']) {
      const error = await thrownBy(() => provider.confirm(id, number))
      expect(error).toBeInstanceOf(CardDeclinedError)
      expect(error).toMatchObject({ kind: 'payment-required', message: NOT_A_TEST_CARD_MESSAGE })
    }
    expect((await provider.retrieveIntent(id)).status).toBe('requires_payment_method')
  })

  it('a succeeded intent cannot be confirmed again (409)', async () => {
    const { id } = await newIntent()
    await provider.confirm(id, '4242 4242 4242 4242')
    expect(await thrownBy(() => provider.confirm(id, '4242 4242 4242 4242'))).toMatchObject({
      kind: 'conflict',
    })
    expect(await thrownBy(() => provider.confirm(id, '4000 0000 0000 0002'))).toMatchObject({
      kind: 'conflict',
    })
    expect((await provider.retrieveIntent(id)).status).toBe('succeeded')
  })
})

describe('test provider: refunds', () => {
  it('refunds a succeeded intent, and answers a repeated idempotency key with the first refund', async () => {
    const { id } = await newIntent()
    await provider.confirm(id, '4242 4242 4242 4242')
    const first = await provider.refundAmount(id, 2_500, 'refund-1')
    expect(await provider.refundAmount(id, 2_500, 'refund-1')).toEqual(first)
    expect(await provider.refundCount('refund-1')).toBe(1)
    expect(await provider.refundsOf(id)).toEqual([2_500])
    expect(await provider.isRefunded(id)).toBe(false)
    await provider.refundAmount(id, 10_000, 'refund-2')
    expect(await provider.isRefunded(id)).toBe(true)
    await expect(provider.refundAmount(id, 1, 'refund-3')).rejects.toMatchObject({ kind: 'provider-failed' })
  })

  it('refuses to refund a payment that never succeeded', async () => {
    const { id } = await newIntent()
    await expect(provider.refundAmount(id, 100, 'refund-never')).rejects.toMatchObject({
      kind: 'provider-failed',
    })
    expect(await provider.isRefunded(id)).toBe(false)
  })

  it('is one record for every instance: another instance finishes what this one began', async () => {
    const { id } = await newIntent()
    await provider.confirm(id, '4242 4242 4242 4242')
    const made = await provider.refundAmount(id, 4_000, 'refund-shared')
    const other = createTestProvider(handle.db)
    expect(await other.refundAmount(id, 4_000, 'refund-shared')).toEqual(made)
    expect(await other.refundsOf(id)).toEqual([4_000])
    expect((await other.retrieveIntent(id)).status).toBe('succeeded')
  })
})

describe('test provider: webhooks', () => {
  async function succeeded() {
    const { id } = await newIntent()
    return await provider.confirm(id, '4242 4242 4242 4242')
  }

  it('verifies a signed payment_intent.succeeded event and reshapes it', async () => {
    const intent = await succeeded()
    const { body, signature } = buildTestWebhook(intent)
    expect(provider.verifyWebhook(Buffer.from(body), signature)).toEqual({
      id: expect.stringMatching(/^evt_test_/),
      type: 'payment_intent.succeeded',
      intent,
    })
  })

  it("signs exactly as Stripe does: Stripe's SDK accepts our header and we accept Stripe's", async () => {
    const intent = await succeeded()
    const { body, signature } = buildTestWebhook(intent)
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(() => Stripe.webhooks.constructEvent(body, signature, TEST_WEBHOOK_SECRET)).not.toThrow()

    const stripeHeader = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: TEST_WEBHOOK_SECRET,
    })
    expect(provider.verifyWebhook(Buffer.from(body), stripeHeader).intent).toEqual(intent)
  })

  it('rejects a tampered body, a wrong secret, an old delivery and a missing or malformed header', async () => {
    const intent = await succeeded()
    const { body, signature } = buildTestWebhook(intent)
    const tampered = body.replace('"amount":12500', '"amount":1')
    expect(tampered).not.toBe(body)
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' })
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600

    const attempts: [string, string | undefined][] = [
      [tampered, signature],
      [body, otherSecret],
      [body, signTestWebhook(body, anHourAgo)],
      [body, undefined],
      [body, 'garbage'],
      [body, 't=123'],
      [body, `t=${Math.floor(Date.now() / 1000)},v1=abc`],
    ]
    for (const [payload, header] of attempts) {
      const error = await thrownBy(() => provider.verifyWebhook(Buffer.from(payload), header))
      expect(error).toBeInstanceOf(WebhookSignatureError)
      expect(error).toMatchObject({ kind: 'invalid' })
    }
  })

  it('rejects a signed body that is not an event', () => {
    for (const body of ['not json', '{"id":"evt_1"}']) {
      expect(() => provider.verifyWebhook(Buffer.from(body), signTestWebhook(body))).toThrow(
        WebhookSignatureError,
      )
    }
  })
})
