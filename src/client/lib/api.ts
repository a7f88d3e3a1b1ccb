import type { ApiErrorBody, FieldError } from '../../shared/api'
import {
  type Answer,
  type BodyOf,
  type Endpoint,
  fillPath,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
} from '../../shared/contract'

/** A non-OK answer; its message is "status: response text" as the specification says. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
    text: string,
  ) {
    super(`${status}: ${text}`)
    this.name = 'ApiError'
  }

  /** The server's own message, for toasts that show it. */
  get serverMessage(): string | undefined {
    return this.body?.message
  }

  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? []
  }
}

type Method = HttpMethod

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { accept: 'application/json' } }
  if (body instanceof FormData) init.body = body
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers = { ...init.headers, 'content-type': 'application/json' }
  }
  const response = await fetch(path, init)
  const text = await response.text()
  if (!response.ok) {
    let parsed: ApiErrorBody | undefined
    try {
      parsed = JSON.parse(text) as ApiErrorBody
    } catch {
      parsed = undefined
    }
    throw new ApiError(response.status, parsed, text || response.statusText)
  }
  return (text ? JSON.parse(text) : undefined) as T
}

/** What a call sends: the path's parameters, the query string and the body its contract names. */
export interface CallInput<E extends Endpoint> {
  params?: ParamsOf<E>
  query?: QueryOf<E>
  body?: BodyOf<E>
  /** A multipart endpoint's parts (a file upload), sent instead of a JSON body. */
  form?: FormData
}

/**
 * Calls an endpoint by its contract (src/shared/<domain>/contract.ts) and types the answer from its
 * response schema. A first-load chunk passes `{ method, path }` with the contract named by type
 * (`call<typeof cartContract.add>({ method: 'POST', path: '/api/cart' }, …)`): the compiler holds
 * the literal to the contract's, and zod stays out of the chunk.
 */
export function call<E extends Endpoint>(
  endpoint: E | Pick<E, 'method' | 'path'>,
  input: CallInput<E> = {},
): Promise<Answer<E>> {
  let url = fillPath(endpoint.path, input.params as Record<string, string | number> | undefined)
  if (input.query) {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(input.query as Record<string, unknown>)) {
      if (value === undefined || value === null || value === '') continue
      search.set(name, String(value))
    }
    const text = search.toString()
    if (text) url += `?${text}`
  }
  return apiRequest<Answer<E>>(endpoint.method, url, input.form ?? input.body)
}
