import { createHmac, timingSafeEqual } from 'node:crypto'
import { WebhookSignatureError } from './provider'

// Stripe's webhook signature scheme, for the test provider (the Stripe adapter lets the SDK check
// its own): header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Signing the
// timestamp with the body is what stops an old, captured delivery from being replayed later.

/** How old a delivery may be, as in Stripe's SDK. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

function hmac(payload: string | Buffer, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex')
}

/** The `Stripe-Signature` header value for `payload`, exactly as Stripe would send it. */
export function signWebhookPayload(
  payload: string | Buffer,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmac(payload, timestamp, secret)}`
}

/** Throws WebhookSignatureError unless one `v1` signature matches and the timestamp is recent. */
export function verifyWebhookSignature(
  payload: Buffer,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header')
  let timestamp = Number.NaN
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2)
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value)
    // Stripe may send several v1 signatures while a secret is being rolled; any one may match.
    if (key === 'v1' && value) signatures.push(value)
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed Stripe-Signature header')
  }
  const expected = Buffer.from(hmac(payload, timestamp, secret), 'hex')
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex')
    // timingSafeEqual throws on a length mismatch; a wrong length is simply a wrong signature.
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookSignatureError()
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp is outside the tolerance window')
  }
}
