import type { FieldError } from '../shared/api'

// What can go wrong on purpose, in the domain's words. Services and providers raise these; the
// HTTP layer (http/errors.ts) is the only place that knows which status each kind becomes, so a
// service never imports from http/ and can be called from a job or a script just the same.

export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment-required'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'rate-limited'
  /** A provider we depend on (payments, mail) failed; the message is written for the person. */
  | 'provider-failed'
  /** Something the shop stands on (the database) cannot be reached for now: try again shortly. */
  | 'unavailable'

export class DomainError extends Error {
  /** A refusal for now (rate-limited): the seconds until a retry can work, for Retry-After. */
  retryAfterSeconds?: number

  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Per-field messages, for a form to show beside its fields. */
    readonly errors?: FieldError[],
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'DomainError'
  }
}

/** Bad input; with a field, the form can show the message beside it. */
export const invalid = (message: string, field?: string) =>
  new DomainError('invalid', message, field ? [{ field, message }] : undefined)
export const invalidFields = (message: string, errors: FieldError[]) =>
  new DomainError('invalid', message, errors)
export const unauthenticated = (message = 'Not authenticated') => new DomainError('unauthenticated', message)
export const forbidden = (message = 'Not allowed') => new DomainError('forbidden', message)
export const notFound = (message = 'Not found') => new DomainError('not-found', message)
/** The request is fine but the state of things refuses it (sold, stale, duplicate). */
export const conflict = (message: string, field?: string) =>
  new DomainError('conflict', message, field ? [{ field, message }] : undefined)
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  Object.assign(new DomainError('rate-limited', message), retryAfterSeconds ? { retryAfterSeconds } : {})

/**
 * What a shopper is told while the database cannot be reached: the request did nothing, so a
 * retry is safe and nothing is owed.
 */
export const UNAVAILABLE_MESSAGE =
  'The shop is briefly unavailable, so this request was not carried out: nothing was charged or taken. Please try again in a moment.'
/**
 * The same, to a shopper finishing a card checkout: the card was charged before this request (the
 * payment step), and the order is completed by the provider's webhook or by trying again.
 */
export const UNAVAILABLE_PAID_MESSAGE =
  'The shop is briefly unavailable. Your card payment went through and is safe: your order will be completed once we are back, and trying again in a moment will not charge you twice.'
/** Seconds a client is asked to wait before trying again (Retry-After). */
export const UNAVAILABLE_RETRY_SECONDS = 5
export const unavailable = (message = UNAVAILABLE_MESSAGE, retryAfterSeconds = UNAVAILABLE_RETRY_SECONDS) =>
  Object.assign(new DomainError('unavailable', message), { retryAfterSeconds })

export const isDomainError = (error: unknown, kind?: ErrorKind): error is DomainError =>
  error instanceof DomainError && (kind === undefined || error.kind === kind)
