import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody } from '../../shared/api'
import { isDatabaseUnreachable } from '../db/reachability'
import {
  DomainError,
  type ErrorKind,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_PAID_MESSAGE,
  UNAVAILABLE_RETRY_SECONDS,
} from '../errors'

/** The only place that knows which HTTP status each kind of domain error becomes (DESIGN.md §3). */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  'rate-limited': 429,
  'provider-failed': 502,
  unavailable: 503,
}

// Fastify's own errors whose message is safe and useful to show, by code.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
}

function dataExceptionCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Anywhere in a request's input: text PostgreSQL cannot store. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 20 || value === null || typeof value !== 'object') return false
  if (Buffer.isBuffer(value)) return false
  for (const item of Array.isArray(value) ? value : Object.values(value))
    if (containsNul(item, depth + 1)) return true
  return false
}

/**
 * `onDatabaseUnreachable` hears every request that met a database it could not reach (the outage's
 * one log line is its business); the request itself answers 503 and logs nothing.
 */
export function registerErrorHandlers(
  app: FastifyInstance,
  onDatabaseUnreachable: (error: unknown) => void = () => {},
) {
  // A NUL character is refused at the door: no text field of ours can hold one.
  app.addHook('preValidation', async (request, reply) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return reply.status(400).send({ message: 'Text may not contain NUL characters' } satisfies ApiErrorBody)
    }
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.kind]
      // A provider we depend on failed (payments, mail): the shopper sees a safe message, we keep
      // the reason.
      if (status >= 500 && error.kind !== 'unavailable')
        request.log.warn({ err: error, cause: error.cause }, error.message)
      const body: ApiErrorBody = { message: error.message }
      if (error.errors) body.errors = error.errors
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply.status(status).send(body)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }))
      return reply
        .status(400)
        .send({ message: errors[0]?.message ?? 'Invalid input', errors } satisfies ApiErrorBody)
    }
    // Not a bug of ours, and not the shopper's doing: nothing was done, try again shortly.
    if (isDatabaseUnreachable(error)) {
      onDatabaseUnreachable(error)
      // A card checkout's payment happened a step before: nothing is charged *now*, but it was then.
      const paid =
        request.method === 'POST' &&
        request.url.split('?')[0] === '/api/checkout' &&
        typeof (request.body as { paymentIntentId?: unknown } | undefined)?.paymentIntentId === 'string'
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
        .send({ message: paid ? UNAVAILABLE_PAID_MESSAGE : UNAVAILABLE_MESSAGE } satisfies ApiErrorBody)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message =
        (error.code ? FRAMEWORK_MESSAGES[error.code] : undefined) ?? error.message ?? 'Invalid request'
      return reply.status(status).send({ message } satisfies ApiErrorBody)
    }
    // A value the database cannot hold (SQLSTATE class 22: a NUL character, a number out of
    // range, text in the wrong form) is bad input that slipped past a schema, not our failure.
    if (dataExceptionCode(error)) {
      request.log.warn({ err: error }, 'input refused by the database')
      return reply.status(400).send({ message: 'Invalid input' } satisfies ApiErrorBody)
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' } satisfies ApiErrorBody)
  })

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` } satisfies ApiErrorBody)
  })
}
