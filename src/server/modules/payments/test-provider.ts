import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database, DbOrTx } from '../../db/client'
import { conflict } from '../../errors'
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  CardDeclinedError,
  type IntentStatus,
  MINIMUM_CHARGE_CENTS,
  type PaymentIntent,
  PaymentIntentNotFoundError,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from './provider'
import { testProviderIntents, testProviderRefunds } from './schema'
import { reshapeEvent, type StripeEventShape } from './stripe-shapes'
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature'

// The built-in provider used when no Stripe keys are set (DESIGN.md §1): a clearly labelled test
// card form confirms intents with Stripe's own test card numbers, so a shop on a bare machine, and
// every test, can take a card payment without a network. Its intents and refunds live in the
// shop's database (test_provider_* tables), as Stripe keeps them on its side: a restarted instance,
// or a second one, finishes a refund another began, and a repeated idempotency key answers with
// the first result (docs/decisions/007, 011).

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
  confirm(intentId: string, cardNumber: string): Promise<PaymentIntent>
  /** Whether the intent's whole amount went back, for tests of the refund paths. */
  isRefunded(intentId: string): Promise<boolean>
  /** The refunds made on the intent, in cents, oldest first. */
  refundsOf(intentId: string): Promise<number[]>
  /** How many refunds were made with this idempotency key: never more than one. */
  refundCount(idempotencyKey: string): Promise<number>
  /** Makes the next `times` refund calls of this process fail with this message (a test of an outage). */
  failNextRefund(message: string, times?: number): void
}

const randomId = (bytes: number) => randomBytes(bytes).toString('hex')
const digitsOnly = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '')
const NOT_COMPLETED = 'This payment cannot be refunded because it was not completed.'

type IntentRow = typeof testProviderIntents.$inferSelect

// Callers get copies: the stored intent changes only through this provider.
const view = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  status: row.status as IntentStatus,
  amount: row.amount,
  currency: row.currency,
  metadata: { ...(row.metadata as Record<string, string>) },
})

export function createTestProvider(db: Database): TestPaymentProvider {
  const failures: string[] = []

  const find = async (id: string): Promise<IntentRow> => {
    const [row] = await db.select().from(testProviderIntents).where(eq(testProviderIntents.id, id))
    if (!row) throw new PaymentIntentNotFoundError()
    return row
  }
  const setStatus = async (id: string, status: IntentStatus) => {
    const [row] = await db
      .update(testProviderIntents)
      .set({ status })
      .where(eq(testProviderIntents.id, id))
      .returning()
    return view(row!)
  }
  const refundedSoFar = async (tx: DbOrTx, intentId: string) => {
    const [row] = await tx
      .select({ sum: sql<number>`coalesce(sum(${testProviderRefunds.amount}), 0)::int` })
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.intentId, intentId))
    return Number(row!.sum)
  }
  const byKey = async (idempotencyKey: string) => {
    const [row] = await db
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.idempotencyKey, idempotencyKey))
    return row
  }

  /** As at Stripe: a repeated key answers with the first refund, whichever instance made it. */
  async function refundOf(intentId: string, amount: number, idempotencyKey: string) {
    const replay = await byKey(idempotencyKey)
    if (replay) return { id: replay.id }
    const failure = failures.shift()
    if (failure) throw new PaymentProviderError(failure)
    return db.transaction(async (tx) => {
      // The intent's row lock queues two refunds of one payment, here or on another instance.
      const [intent] = await tx
        .select()
        .from(testProviderIntents)
        .where(eq(testProviderIntents.id, intentId))
        .for('update')
      if (!intent) throw new PaymentIntentNotFoundError()
      if (intent.status !== 'succeeded') throw new PaymentProviderError(NOT_COMPLETED)
      const refunded = await refundedSoFar(tx, intentId)
      if (refunded + amount > intent.amount)
        throw new PaymentProviderError('The refund is more than what is left of the card payment.')
      const [made] = await tx
        .insert(testProviderRefunds)
        .values({ id: `re_test_${randomId(12)}`, intentId, amount, idempotencyKey })
        .onConflictDoNothing()
        .returning({ id: testProviderRefunds.id })
      if (made) return made
      // Another instance made it with this key between our look and our insert.
      const first = await tx
        .select({ id: testProviderRefunds.id })
        .from(testProviderRefunds)
        .where(eq(testProviderRefunds.idempotencyKey, idempotencyKey))
      return first[0]!
    })
  }

  return {
    name: 'test',
    publishableKey: undefined,

    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const fingerprint = JSON.stringify([amount, currency, metadata])
      const [previous] = await db
        .select()
        .from(testProviderIntents)
        .where(eq(testProviderIntents.idempotencyKey, idempotencyKey))
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          throw new PaymentProviderError('This payment was already started with different details.')
        }
        return { id: previous.id, clientSecret: previous.clientSecret }
      }
      if (!Number.isSafeInteger(amount) || amount < MINIMUM_CHARGE_CENTS) {
        throw new PaymentProviderError(AMOUNT_TOO_SMALL_MESSAGE)
      }
      const id = `pi_test_${randomId(12)}`
      const clientSecret = `${id}_secret_${randomId(16)}`
      await db.insert(testProviderIntents).values({
        id,
        status: 'requires_payment_method',
        amount,
        currency,
        metadata: { ...metadata },
        clientSecret,
        idempotencyKey,
        fingerprint,
      })
      return { id, clientSecret }
    },

    async retrieveIntent(id) {
      return view(await find(id))
    },

    async refundAmount(intentId, amount, idempotencyKey) {
      return refundOf(intentId, amount, idempotencyKey)
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

    async confirm(intentId, cardNumber) {
      const intent = await find(intentId)
      if (intent.status === 'succeeded') throw conflict('This payment has already been completed.')
      if (intent.status === 'canceled')
        throw conflict('This payment was cancelled. Please start checkout again.')
      const digits = digitsOnly(cardNumber)
      if (digits === digitsOnly(TEST_CARDS.succeeds)) return setStatus(intentId, 'succeeded')
      // As at Stripe, a declined attempt leaves the intent waiting for another card.
      await setStatus(intentId, 'requires_payment_method')
      if (digits === digitsOnly(TEST_CARDS.declines)) throw new CardDeclinedError()
      throw new CardDeclinedError(NOT_A_TEST_CARD_MESSAGE)
    },

    async isRefunded(intentId) {
      const intent = await find(intentId)
      return (await refundedSoFar(db, intentId)) >= intent.amount
    },

    async refundsOf(intentId) {
      await find(intentId)
      const rows = await db
        .select({ amount: testProviderRefunds.amount })
        .from(testProviderRefunds)
        .where(eq(testProviderRefunds.intentId, intentId))
        .orderBy(testProviderRefunds.createdAt, testProviderRefunds.id)
      return rows.map((row) => row.amount)
    },

    async refundCount(idempotencyKey) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(testProviderRefunds)
        .where(eq(testProviderRefunds.idempotencyKey, idempotencyKey))
      return Number(row!.n)
    },

    failNextRefund(message, times = 1) {
      for (let n = 0; n < times; n++) failures.push(message)
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
