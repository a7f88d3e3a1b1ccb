import { DomainError } from '../../errors'

// Card payments sit behind this interface (DESIGN.md §1): Stripe in production, a built-in test
// provider offline and in tests. Checkout sees only these shapes, never the SDK's.

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled'

export interface PaymentIntent {
  id: string
  status: IntentStatus
  /** In cents. */
  amount: number
  currency: string
  metadata: Record<string, string>
}

export interface CreatedIntent {
  id: string
  /** Handed to the browser so the card form can confirm this one intent, and nothing else. */
  clientSecret: string
}

export interface WebhookEvent {
  id: string
  type: string
  /** Present for `payment_intent.*` events. */
  intent?: PaymentIntent
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test'
  /** For the browser: which form to show. */
  readonly publishableKey: string | undefined
  createIntent(input: {
    amount: number
    currency: 'usd'
    metadata: Record<string, string>
    idempotencyKey: string
  }): Promise<CreatedIntent>
  /** Throws PaymentIntentNotFoundError (404) for an id the provider does not know. */
  retrieveIntent(id: string): Promise<PaymentIntent>
  /**
   * Refunds `amount` cents of a succeeded intent and returns the provider's refund id. The same
   * idempotency key refunds once. A refusal or an outage throws a PaymentProviderError whose
   * message tells the shop's owner why. Called only by the refund worker (ledger/refund-worker.ts)
   * with a refunds row's key: every refund, whatever started it, takes this one path.
   */
  refundAmount(intentId: string, amount: number, idempotencyKey: string): Promise<{ id: string }>
  /** Checks the signature and returns the event; throws WebhookSignatureError (status 400) when it does not verify. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent
}

/**
 * The provider could not be reached or refused the request. The message is written for the
 * shopper; what actually happened travels in `cause` for the logs.
 */
export class PaymentProviderError extends DomainError {
  /** The provider's id for the failed request, to find it in the provider's dashboard. */
  readonly requestId: string | undefined

  constructor(message: string, options?: { cause?: unknown; requestId?: string }) {
    super('provider-failed', message, undefined, { cause: options?.cause })
    this.name = 'PaymentProviderError'
    this.requestId = options?.requestId
  }
}

export class PaymentIntentNotFoundError extends DomainError {
  constructor(message = 'Payment not found') {
    super('not-found', message)
    this.name = 'PaymentIntentNotFoundError'
  }
}

/** A card the issuer (or the test provider's rules) refused; the shopper can try another card. */
export class CardDeclinedError extends DomainError {
  constructor(message = 'Your card was declined.') {
    super('payment-required', message)
    this.name = 'CardDeclinedError'
  }
}

export class WebhookSignatureError extends DomainError {
  constructor(message = 'Webhook signature does not verify') {
    super('invalid', message)
    this.name = 'WebhookSignatureError'
  }
}

// Stripe refuses card payments below 50 cents in USD; both providers say so in the same words.
export const MINIMUM_CHARGE_CENTS = 50
export const AMOUNT_TOO_SMALL_MESSAGE = 'Card payments must be at least $0.50.'
export const PROVIDER_UNREACHABLE_MESSAGE =
  'The card payment service is not reachable right now. Please try again in a moment.'
export const PROVIDER_REFUSED_MESSAGE =
  'Card payments are not available right now. Please try again later or choose Zelle.'
/** What a refund's row says when Stripe did not answer: the refund stays on record and is retried. */
export const REFUND_UNREACHABLE_MESSAGE = 'Stripe could not be reached.'
