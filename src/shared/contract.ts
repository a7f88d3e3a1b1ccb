import type { z } from 'zod'
import type { RoutePermission } from './staff/permissions'

// One endpoint's contract, shared by the server's route and the client's call (decision 012): the
// path, what the route reads (params, query, body) and what it answers, per status. The server
// hands the schemas to Fastify, which validates what comes in and serialises only what the
// response schema names; the client takes the path and the answer's type from the same object.
//
// This file has no zod at run time: a first-load client chunk can name an endpoint by type alone
// (`import type`) and keep zod out of the storefront's first load.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint {
  readonly method: HttpMethod
  readonly path: string
  /** What a member of the team needs to call it; every back-office endpoint names one (issue 35). */
  readonly permission?: RoutePermission
  readonly params?: z.ZodType
  readonly querystring?: z.ZodType
  readonly body?: z.ZodType
  /** Every answer the route sends itself, by status; errors are the shared `{ message, errors }`. */
  readonly response: { readonly [status: number]: z.ZodType }
}

/** Declares an endpoint, keeping its literal method, path and schemas for the types below. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition
}

type SuccessStatus = 200 | 201 | 202

/**
 * The JSON a client receives from a success answer: the response schema's input side, which is
 * the wire form (a timestamp codec's string, not the Date the server hands in).
 */
export type Answer<E extends Endpoint> = {
  [S in keyof E['response']]: S extends SuccessStatus ? z.input<E['response'][S]> : never
}[keyof E['response']]

export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined
export type QueryOf<E extends Endpoint> = E['querystring'] extends z.ZodType
  ? z.input<E['querystring']>
  : undefined
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined

/** `/api/orders/:id` with `{ id: 7 }` → `/api/orders/7`; every value is URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  if (!params) return path
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path}: no value for :${name}`)
    return encodeURIComponent(String(value))
  })
}
