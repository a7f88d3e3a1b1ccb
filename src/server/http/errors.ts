import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody, FieldError } from '../../shared/api'

/** An error a service raises on purpose: its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors)
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message)
export const forbidden = (message = 'Not allowed') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

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
    if (error instanceof HttpError) {
      // A provider we depend on failed (payments, mail): the shopper sees a safe message, we keep
      // the reason.
      if (error.statusCode >= 500) request.log.warn({ err: error, cause: error.cause }, error.message)
      const body: ApiErrorBody = { message: error.message }
      if (error.errors) body.errors = error.errors
      return reply.status(error.statusCode).send(body)
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
