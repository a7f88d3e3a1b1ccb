import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody } from '../../shared/api'
import { DomainError, type ErrorKind } from '../errors'

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
}

// Fastify's own errors whose message is safe and useful to show, by code.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.kind]
      // A provider we depend on failed (payments, mail): the shopper sees a safe message, we keep
      // the reason.
      if (status >= 500) request.log.warn({ err: error, cause: error.cause }, error.message)
      const body: ApiErrorBody = { message: error.message }
      if (error.errors) body.errors = error.errors
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
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message =
        (error.code ? FRAMEWORK_MESSAGES[error.code] : undefined) ?? error.message ?? 'Invalid request'
      return reply.status(status).send({ message } satisfies ApiErrorBody)
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
