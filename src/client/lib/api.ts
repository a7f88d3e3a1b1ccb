import type { ApiErrorBody, FieldError } from '../../shared/api'

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

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

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
}
