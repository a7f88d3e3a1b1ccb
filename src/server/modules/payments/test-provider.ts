import { randomBytes } from 'node:crypto'
import { conflict } from '../../errors'
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  CardDeclinedError,
  MINIMUM_CHARGE_CENTS,
  type PaymentIntent,
  PaymentIntentNotFoundError,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from './provider'
import { reshapeEvent, type StripeEventShape } from './stripe-shapes'
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature'

// The built-in provider used when no Stripe keys are set (DESIGN.md §1): intents live in memory
// and a clearly labelled test card form confirms them with Stripe's own test card numbers, so a
// shop on a bare machine, and every test, can take a card payment without a network.

/** Signs test-provider webhooks. Public on purpose: it protects nothing but the test provider. */
export const TEST_WEBHOOK_SECRET = 'whsec_jade_shop_test_provider'

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
} as const

export const NOT_A_TEST_CARD_MESSAGE = 'Your card number is not a test card. Use 4242 4242 4242 4242.'

export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test'
  /** What the test card form does: applies Stripe's test card rules to the intent. */
  confirm(intentId: string, cardNumber: string): PaymentIntent
  /** Whether the intent was refunded, for tests of the refund paths. */
  isRefunded(intentId: string): boolean
  /** The partial refunds made on the intent, in cents, oldest first. */
  refundsOf(intentId: string): number[]
  /** Makes the next refundAmount call fail with this message (a test of the owner's error). */
  failNextRefund(message: string): void
}

interface StoredIntent extends PaymentIntent {
  clientSecret: string
  refunded: boolean
  partialRefunds: { id: string; amount: number; key: string }[]
}

const randomId = (bytes: number) => randomBytes(bytes).toString('hex')
const digitsOnly = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '')

export function createTestProvider(): TestPaymentProvider {
  const intents = new Map<string, StoredIntent>()
  // As at Stripe: a repeated key returns the first result, a reused key with other parameters is refused.
  const byIdempotencyKey = new Map<string, { fingerprint: string; intentId: string }>()
  let nextRefundFailure: string | undefined

  const find = (id: string): StoredIntent => {
    const intent = intents.get(id)
    if (!intent) throw new PaymentIntentNotFoundError()
    return intent
  }
  // Callers get copies: the stored intent changes only through this provider.
  const view = ({
    clientSecret: _secret,
    refunded: _refunded,
    partialRefunds: _partialRefunds,
    ...intent
  }: StoredIntent): PaymentIntent => ({
    ...intent,
    metadata: { ...intent.metadata },
  })

  return {
    name: 'test',
    publishableKey: undefined,

    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const fingerprint = JSON.stringify([amount, currency, metadata])
      const previous = byIdempotencyKey.get(idempotencyKey)
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          throw new PaymentProviderError('This payment was already started with different details.')
        }
        const intent = find(previous.intentId)
        return { id: intent.id, clientSecret: intent.clientSecret }
      }
      if (!Number.isSafeInteger(amount) || amount < MINIMUM_CHARGE_CENTS) {
        throw new PaymentProviderError(AMOUNT_TOO_SMALL_MESSAGE)
      }
      const id = `pi_test_${randomId(12)}`
      const intent: StoredIntent = {
        id,
        status: 'requires_payment_method',
        amount,
        currency,
        metadata: { ...metadata },
        clientSecret: `${id}_secret_${randomId(16)}`,
        refunded: false,
        partialRefunds: [],
      }
      intents.set(id, intent)
      byIdempotencyKey.set(idempotencyKey, { fingerprint, intentId: id })
      return { id, clientSecret: intent.clientSecret }
    },

    async retrieveIntent(id) {
      return view(find(id))
    },

    async refund(intentId) {
      const intent = find(intentId)
      if (intent.status !== 'succeeded') {
        throw new PaymentProviderError('This payment cannot be refunded because it was not completed.')
      }
      intent.refunded = true
    },

    async refundAmount(intentId, amount, idempotencyKey) {
      const intent = find(intentId)
      const replay = intent.partialRefunds.find((refund) => refund.key === idempotencyKey)
      if (replay) return { id: replay.id }
      if (nextRefundFailure) {
        const message = nextRefundFailure
        nextRefundFailure = undefined
        throw new PaymentProviderError(message)
      }
      if (intent.status !== 'succeeded') {
        throw new PaymentProviderError('This payment cannot be refunded because it was not completed.')
      }
      const refunded = intent.partialRefunds.reduce((sum, refund) => sum + refund.amount, 0)
      if (intent.refunded || refunded + amount > intent.amount) {
        throw new PaymentProviderError('The refund is more than what is left of the card payment.')
      }
      const id = `re_test_${randomId(12)}`
      intent.partialRefunds.push({ id, amount, key: idempotencyKey })
      return { id }
    },

    verifyWebhook(rawBody, signatureHeader): WebhookEvent {
      verifyWebhookSignature(rawBody, signatureHeader, TEST_WEBHOOK_SECRET)
      let event: unknown
      try {
        event = JSON.parse(rawBody.toString('utf8'))
      } catch {
        throw new WebhookSignatureError('Webhook payload is not valid JSON')
      }
      if (!isEventShape(event)) throw new WebhookSignatureError('Webhook payload is not an event')
      return reshapeEvent(event)
    },

    confirm(intentId, cardNumber) {
      const intent = find(intentId)
      if (intent.status === 'succeeded') throw conflict('This payment has already been completed.')
      if (intent.status === 'canceled')
        throw conflict('This payment was cancelled. Please start checkout again.')
      const digits = digitsOnly(cardNumber)
      if (digits === digitsOnly(TEST_CARDS.succeeds)) {
        intent.status = 'succeeded'
        return view(intent)
      }
      // As at Stripe, a declined attempt leaves the intent waiting for another card.
      intent.status = 'requires_payment_method'
      if (digits === digitsOnly(TEST_CARDS.declines)) throw new CardDeclinedError()
      throw new CardDeclinedError(NOT_A_TEST_CARD_MESSAGE)
    },

    isRefunded(intentId) {
      return find(intentId).refunded
    },

    refundsOf(intentId) {
      return find(intentId).partialRefunds.map((refund) => refund.amount)
    },

    failNextRefund(message) {
      nextRefundFailure = message
    },
  }
}

function isEventShape(value: unknown): value is StripeEventShape {
  if (typeof value !== 'object' || value === null) return false
  const event = value as Record<string, unknown>
  return (
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.data === 'object' &&
    event.data !== null &&
    'object' in event.data
  )
}

/**
 * A webhook delivery for the test provider, shaped and signed as Stripe would send it, so tests
 * can exercise the webhook route without Stripe.
 */
export function buildTestWebhook(
  intent: PaymentIntent,
  type = 'payment_intent.succeeded',
  timestamp?: number,
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: `evt_test_${randomId(12)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'payment_intent', ...intent } },
  })
  return { body, signature: signTestWebhook(body, timestamp) }
}

/** The `Stripe-Signature` header the test provider accepts for `payload`. */
export function signTestWebhook(payload: string | Buffer, timestamp?: number): string {
  return signWebhookPayload(payload, TEST_WEBHOOK_SECRET, timestamp)
}
