import { type SQL, sql } from 'drizzle-orm'
import { OWED_PAYMENT_STATUSES } from '../../../shared/orders/rules'

// Literals, not parameters: the planner matches them against the partial indexes on unpaid orders.
const OWED_LIST = sql.raw(OWED_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', '))

/**
 * isOwed() of shared/orders/rules.ts in SQL, for the order table aliased `alias`: the dashboard's
 * "awaiting payment" and the order tabs count the same orders.
 */
export function owedOrder(alias: string): SQL {
  const order = sql.identifier(alias)
  return sql`(${order}.status <> 'cancelled' and ${order}.payment_status in (${OWED_LIST}))`
}
