import { z } from 'zod'
import type { Permission } from './permissions'

// Fields of an answer that only some roles see (issue 35): cost and profit need `products:cost`,
// an order's money needs `ledger:view`. The field is marked where the answer is declared; the
// server leaves it out of the answer of a member whose role lacks the permission, whatever page
// asked (server/modules/staff/field-access.ts).

export const fieldAccess = z.registry<{ permission: Permission }>()

/**
 * `cost: needs('products:cost', cents.nullable())`. The schema is copied first: registering a
 * shared one (`cents`) would mark every field that uses it.
 */
export function needs<T extends z.ZodType>(permission: Permission, schema: T): T {
  const own = schema.clone() as T
  fieldAccess.add(own, { permission })
  return own
}
