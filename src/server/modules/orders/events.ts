import { asc, inArray } from 'drizzle-orm'
import type { OrderEvent, OrderEventKind } from '../../../shared/orders/admin-schema'
import type { DbOrTx } from '../../db/client'
import { orderEvents } from './schema'

/**
 * Who a trail line names: a member of the team with their role at the time (issue 35), a name
 * alone (a server command, a shopper), or nobody (the shop itself, a job).
 */
export type TrailActor = { name: string; role: string | null } | string | null

/** Adds a line to the order's audit trail, in the caller's transaction. */
export async function recordEvent(
  db: DbOrTx,
  orderId: number,
  kind: OrderEventKind,
  message: string,
  actor: TrailActor,
): Promise<void> {
  const [name, role] = actor === null || typeof actor === 'string' ? [actor, null] : [actor.name, actor.role]
  await db.insert(orderEvents).values({ orderId, kind, message, actor: name, actorRole: role })
}

/** The trails of several orders, oldest line first. */
export async function eventsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderEvent[]>> {
  const byOrder = new Map<number, OrderEvent[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id))
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? []
    list.push({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      actorRole: row.actorRole,
      kind: row.kind as OrderEventKind,
      message: row.message,
    })
    byOrder.set(row.orderId, list)
  }
  return byOrder
}
