import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { fieldAccess } from '../../../shared/staff/field-access'
import type { Permission } from '../../../shared/staff/permissions'

// Leaves out of an answer the fields the member's role may not see (shared/staff/field-access.ts).
// It runs after the response schema has encoded the answer, so the schema stays whole and the
// Owner's answers are never touched: only a member who lacks a marked field's permission pays
// for a parse and a stringify.

interface Plan {
  /** Fields to drop here, with what they need. */
  readonly drop: Map<string, Permission>
  /** Fields whose value holds marked fields deeper down. */
  readonly fields: Map<string, Plan>
  /** Every element of an array, or every option of a union, merged. */
  each?: Plan
}

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  options?: z.ZodType[]
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The permission a field needs, looking through optional(), nullable(), default() and codecs. */
function markOf(schema: z.ZodType): Permission | undefined {
  for (let current: z.ZodType | undefined = schema, depth = 0; current && depth < 8; depth++) {
    const mark = fieldAccess.get(current)
    if (mark) return mark.permission
    const def = defOf(current)
    current = def.innerType ?? (def.type === 'pipe' ? def.in : undefined)
  }
  return undefined
}

const isEmpty = (plan: Plan) => plan.drop.size === 0 && plan.fields.size === 0 && !plan.each

function merge(into: Plan, from: Plan) {
  for (const [key, permission] of from.drop) into.drop.set(key, permission)
  for (const [key, plan] of from.fields) {
    const mine = into.fields.get(key)
    if (mine) merge(mine, plan)
    else into.fields.set(key, plan)
  }
  if (from.each) {
    if (into.each) merge(into.each, from.each)
    else into.each = from.each
  }
}

function planOf(schema: z.ZodType, depth = 0): Plan | undefined {
  if (depth > 12) return undefined
  const def = defOf(schema)
  const plan: Plan = { drop: new Map(), fields: new Map() }
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const permission = markOf(field)
        if (permission) plan.drop.set(key, permission)
        else {
          const inner = planOf(field, depth + 1)
          if (inner) plan.fields.set(key, inner)
        }
      }
      break
    case 'array':
      if (def.element) plan.each = planOf(def.element, depth + 1)
      break
    case 'union':
      for (const option of def.options ?? []) {
        const inner = planOf(option, depth + 1)
        if (inner) merge(plan, inner)
      }
      break
    case 'pipe':
      return def.in && planOf(def.in, depth + 1)
    default:
      return def.innerType && planOf(def.innerType, depth + 1)
  }
  return isEmpty(plan) ? undefined : plan
}

const plans = new WeakMap<z.ZodType, Plan | null>()
function cachedPlan(schema: z.ZodType): Plan | null {
  let plan = plans.get(schema)
  if (plan === undefined) {
    plan = planOf(schema) ?? null
    plans.set(schema, plan)
  }
  return plan
}

/** Whether a plan drops anything for a member holding `held`. */
function dropsAny(plan: Plan, held: ReadonlySet<string>): boolean {
  for (const permission of plan.drop.values()) if (!held.has(permission)) return true
  for (const inner of plan.fields.values()) if (dropsAny(inner, held)) return true
  return plan.each ? dropsAny(plan.each, held) : false
}

function apply(value: unknown, plan: Plan, held: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    if (plan.each) for (const element of value) apply(element, plan.each, held)
    return
  }
  if (value === null || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  for (const [key, permission] of plan.drop) if (!held.has(permission)) delete record[key]
  for (const [key, inner] of plan.fields) if (key in record) apply(record[key], inner, held)
  if (plan.each) apply(value, plan.each, held)
}

/** The answer without what `permissions` may not see, for a response schema (JSON in, JSON out). */
export function redact(schema: z.ZodType, json: string, permissions: readonly string[]): string {
  const plan = cachedPlan(schema)
  const held = new Set(permissions)
  if (!plan || !dropsAny(plan, held)) return json
  const value: unknown = JSON.parse(json)
  apply(value, plan, held)
  return JSON.stringify(value)
}

/** onSend: a member of the team gets each answer without the fields their role may not see. */
export async function redactForRole(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.session?.consulted) return payload
  const user = await request.session.user()
  if (!user?.isAdmin) return payload
  const json = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null
  // A stream is a file or an archive, never a JSON answer with marked fields.
  if (json === null) return payload
  const responses = (request.routeOptions.schema as { response?: Record<number, z.ZodType> } | undefined)
    ?.response
  const schema = responses?.[reply.statusCode]
  return schema && typeof schema === 'object' && '_zod' in schema
    ? redact(schema, json, user.permissions)
    : payload
}
