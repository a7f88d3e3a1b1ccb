import type { IntentStatus, PaymentIntent, WebhookEvent } from './provider'

// Stripe's wire shapes, reshaped into ours (the vercel/commerce `reshape*` pattern). Both
// providers speak them: the Stripe adapter because the SDK returns them, the test provider so
// that a webhook signed for one is a webhook for the other.

/** The fields of Stripe's `payment_intent` object that we read. */
export interface StripeIntentShape {
  id: string
  status: string
  amount: number
  currency: string
  metadata?: Record<string, string> | null
}

/** The fields of Stripe's `event` object that we read. */
export interface StripeEventShape {
  id: string
  type: string
  data: { object: unknown }
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
])

// We never create manual-capture intents, so `requires_capture` should not occur; it and any
// status Stripe adds later count as "still in progress", which never marks an order paid.
function reshapeStatus(status: string): IntentStatus {
  return KNOWN_STATUSES.has(status) ? (status as IntentStatus) : 'processing'
}

export function reshapeIntent(intent: StripeIntentShape): PaymentIntent {
  return {
    id: intent.id,
    status: reshapeStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
  }
}

export function isStripeIntent(value: unknown): value is StripeIntentShape {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    candidate.object === 'payment_intent' &&
    typeof candidate.id === 'string' &&
    typeof candidate.status === 'string' &&
    typeof candidate.amount === 'number' &&
    typeof candidate.currency === 'string'
  )
}

export function reshapeEvent(event: StripeEventShape): WebhookEvent {
  const object = event.data.object
  if (event.type.startsWith('payment_intent.') && isStripeIntent(object)) {
    return { id: event.id, type: event.type, intent: reshapeIntent(object) }
  }
  return { id: event.id, type: event.type }
}
