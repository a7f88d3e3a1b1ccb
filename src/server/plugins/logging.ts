import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config'
import { serializeError } from '../http/log-safety'

const SECRET_QUERY = /([?&](?:token|password|key)=)[^&#]*/gi
export const maskSecrets = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]')

/**
 * Fastify's logger, given when the instance is made (a plugin cannot change it). Session ids,
 * passwords and reset tokens never reach the logs: bodies and headers are not logged, a token in a
 * link's query string is masked, and database errors lose their parameters (serializeError).
 */
export function loggerOptions(
  config: Config,
  options: { enabled?: boolean; stream?: { write(line: string): void } },
): FastifyServerOptions['logger'] {
  if (options.enabled === false) return false
  return {
    level: config.logLevel,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      err: (error) => serializeError(error),
      error: (error: unknown) => serializeError(error),
      cause: (error: unknown) => serializeError(error),
      req: (request) => ({
        method: request.method,
        url: maskSecrets(request.url),
        remoteAddress: request.ip,
      }),
    },
  }
}
