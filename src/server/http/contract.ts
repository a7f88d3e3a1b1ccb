import type { Endpoint } from '../../shared/contract'

type SchemaKey = 'params' | 'querystring' | 'body' | 'response'

/** The part of an endpoint's contract Fastify reads: `app.get(e.path, { schema: schemaOf(e) }, …)`. */
export type SchemaOf<E extends Endpoint> = { [K in SchemaKey as K extends keyof E ? K : never]: E[K] }

export function schemaOf<E extends Endpoint>(endpoint: E): SchemaOf<E> {
  const { params, querystring, body, response } = endpoint
  const schema: Partial<Record<SchemaKey, unknown>> = { response }
  if (params) schema.params = params
  if (querystring) schema.querystring = querystring
  if (body) schema.body = body
  return schema as SchemaOf<E>
}
