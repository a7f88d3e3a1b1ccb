import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { StoreInfo } from '../../../shared/ssr'
import type { DbOrTx } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { enqueueMail } from '../mail/outbox'
import {
  type OrderStatusMailData,
  type OrderStatusMailExtra,
  type OrderStatusMailKind,
  orderStatusMail,
} from '../mail/templates/order-status-mails'
import { recordEvent } from './events'
import type { OrderLinkTokens } from './order-link-token'

/** Where the shop's e-mails link to and whom they come from. */
export interface MailContext {
  store: StoreInfo
  publicUrl: string
  /** Signs the order links of the e-mails after the confirmation, which a guest opens without an account. */
  orderLinks: OrderLinkTokens
}

const SENT_LABELS: Record<OrderStatusMailKind, string> = {
  'order-confirmed': 'Payment confirmation',
  'order-shipped': 'Shipping notice',
  'order-cancelled': 'Cancellation notice',
  'reservation-reminder': 'Payment reminder',
  'reservation-expired': 'Reservation expiry notice',
  'order-refunded': 'Refund notice',
}

const MailDataRow = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  total: z.number().int(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
}) satisfies z.ZodType<OrderStatusMailData>

/** The order as its e-mails show it, with a signed key for their link to it (order-link-token.ts). */
export async function orderMailData(
  db: DbOrTx,
  orderId: number,
  orderLinks: OrderLinkTokens,
): Promise<OrderStatusMailData | undefined> {
  const [order] = await queryRows(
    db,
    MailDataRow,
    sql`select o.id, coalesce(o.customer_name, '') as "customerName", coalesce(o.customer_email, '') as "customerEmail",
          o.total, coalesce((select json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity) order by i.id)
            from order_items i where i.order_id = o.id), '[]') as items
        from orders o where o.id = ${orderId}`,
  )
  return order && { ...order, accessKey: orderLinks.sign(order.id) }
}

/**
 * Queues the shopper's e-mail about their order in the caller's transaction (it exists if and
 * only if the change committed) and writes it into the order's trail.
 */
export async function tellShopper(
  tx: DbOrTx,
  orderId: number,
  kind: OrderStatusMailKind,
  context: MailContext,
  extra: OrderStatusMailExtra = {},
): Promise<void> {
  const order = await orderMailData(tx, orderId, context.orderLinks)
  if (!order?.customerEmail) return
  await enqueueMail(tx, orderStatusMail(kind, order, context.store, context.publicUrl, extra))
  await recordEvent(tx, orderId, 'email', `${SENT_LABELS[kind]} e-mailed to ${order.customerEmail}`, null)
}
