import Stripe from 'stripe'
import type { Config } from '../../config'
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  PaymentIntentNotFoundError,
  type PaymentProvider,
  PaymentProviderError,
  PROVIDER_REFUSED_MESSAGE,
  PROVIDER_UNREACHABLE_MESSAGE,
  REFUND_UNREACHABLE_MESSAGE,
  WebhookSignatureError,
} from './provider'
import { reshapeEvent, reshapeIntent } from './stripe-shapes'

// The Stripe adapter: the only file that knows the SDK. Everything it returns is reshaped into
// provider.ts's types, and every SDK error becomes one of provider.ts's errors, worded for the shopper.

// Per attempt. A shopper is waiting on the checkout button; with two retries this still fails
// within about a minute instead of the SDK's default 80 seconds per attempt.
const REQUEST_TIMEOUT_MS = 15_000

export function createStripeProvider(config: NonNullable<Config['stripe']>): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    // The SDK's typings describe this version; pin requests to it rather than the account default.
    apiVersion: Stripe.API_VERSION,
    // Retries reuse the request's idempotency key, so a retried create or refund happens once.
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    appInfo: { name: 'jade-shop' },
    ...(config.apiUrl ? endpointOf(config.apiUrl) : {}),
  })

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,

    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          { amount, currency, metadata, automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        ),
      )
      if (!intent.client_secret) throw new PaymentProviderError(PROVIDER_REFUSED_MESSAGE)
      return { id: intent.id, clientSecret: intent.client_secret }
    },

    async retrieveIntent(id) {
      return reshapeIntent(await call(() => stripe.paymentIntents.retrieve(id)))
    },

    async refundAmount(intentId, amount, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey })
        return { id: refund.id }
      } catch (error) {
        throw toOwnerRefundError(error)
      }
    },

    verifyWebhook(rawBody, signatureHeader) {
      // Without the endpoint's secret nothing can be verified, and an unverified event could
      // mark an order paid: refuse them all rather than trust them.
      if (!config.webhookSecret) throw new WebhookSignatureError('Webhook signing secret is not configured')
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError()
        // Verified but unreadable (not JSON, or a thin v2 event sent to this endpoint).
        throw new WebhookSignatureError('Webhook payload is not a Stripe event')
      }
      return reshapeEvent(event)
    },
  }
}

/** Points the SDK at another server (a local stand-in in tests); the URL's path is not used. */
function endpointOf(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_URL must be an http or https URL, not ${url.protocol}`)
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http'
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw toProviderError(error)
  }
}

/**
 * A refund is asked for by the shop's owner, who can act on Stripe's own reason (the charge was
 * already refunded, the amount is more than is left): it is passed on, with nothing written.
 */
function toOwnerRefundError(error: unknown): PaymentProviderError {
  if (
    !(error instanceof Stripe.errors.StripeError) ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new PaymentProviderError(REFUND_UNREACHABLE_MESSAGE, { cause: error })
  }
  return new PaymentProviderError(`Stripe refused the refund: ${error.message}`, {
    cause: error,
    requestId: error.requestId,
  })
}

/** Stripe's own messages speak to developers; the shopper gets one of ours. */
function toProviderError(error: unknown): PaymentProviderError | PaymentIntentNotFoundError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderError(PROVIDER_UNREACHABLE_MESSAGE, { cause: error })
  }
  const options = { cause: error, requestId: error.requestId }
  // The only resources this adapter names are payment intents (retrieved, or refunded by id).
  if (error.code === 'resource_missing') return new PaymentIntentNotFoundError()
  if (error.code === 'amount_too_small') return new PaymentProviderError(AMOUNT_TOO_SMALL_MESSAGE, options)
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError
  ) {
    return new PaymentProviderError(PROVIDER_UNREACHABLE_MESSAGE, options)
  }
  // Authentication, permission, invalid request, idempotency: our setup or our request is wrong,
  // which the shopper cannot fix by retrying.
  return new PaymentProviderError(PROVIDER_REFUSED_MESSAGE, options)
}
