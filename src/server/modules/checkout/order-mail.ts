import type { Database } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import { newOrderNoticeMail, type OrderMailData, orderConfirmationMail } from '../mail/templates/order-mails'
import type { MailRenderer } from '../mail/worker'
import type { CheckoutContext } from './checkout-context'

// An order's e-mails are queued as { orderId } in the order's own statement and written by the
// outbox worker when it sends them, from the order as it then stands: checkout stays one short
// statement, and the worker renders a whole batch with one query.

export const ORDER_MAIL_KINDS = { confirmation: 'order-confirmation', notice: 'new-order-notice' } as const

type OrderMailRow = Omit<OrderMailData, 'shipping'> & {
  address: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string
}

const LOAD_ORDERS = `
    select o.id, o.customer_name as "customerName", o.customer_email as "customerEmail",
      o.customer_phone as "customerPhone", o.payment_method as "paymentMethod",
      o.payment_status as "paymentStatus", o.subtotal, o.discount_code as "discountCode", o.discount,
      o.shipping_cost as "shippingCost", o.tax_lines as "taxLines", o.total,
      o.shipping_address as address, o.shipping_city as city, o.shipping_state as state,
      o.shipping_zip as zip, coalesce(c.country, o.shipping_country) as country,
      o.special_instructions as "specialInstructions", o.appointment_request as "appointmentRequest",
      o.insurance_interest as "insuranceInterest",
      case when o.status = 'pending' and o.payment_status = 'unpaid'
        then to_char(o.reserved_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as "reservedUntil",
      coalesce((select json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity,
        'price', i.price) order by i.id) from order_items i where i.order_id = o.id), '[]') as items
    from orders o left join customers c on c.id = o.customer_id
    where o.id = any($1::int[])`

async function loadOrders(db: Database, ids: number[]): Promise<Map<number, OrderMailData>> {
  const rows = await runPrepared<OrderMailRow>(db, 'order-mail-load', LOAD_ORDERS, [ids])
  return new Map(
    rows.map(({ address, city, state, zip, country, ...order }) => [
      order.id,
      {
        ...order,
        customerName: order.customerName ?? '',
        customerEmail: order.customerEmail ?? '',
        customerPhone: order.customerPhone ?? '',
        shipping: { address: address ?? '', city: city ?? '', state: state ?? '', zip: zip ?? '', country },
      },
    ]),
  )
}

const orderIdOf = (payload: unknown) => Number((payload as { orderId?: unknown } | null)?.orderId)
/** The confirmation's payload carries the order's access key, which the order keeps only hashed. */
const accessKeyOf = (payload: unknown) => {
  const key = (payload as { accessKey?: unknown } | null)?.accessKey
  return typeof key === 'string' ? key : undefined
}

function renderer(
  db: Database,
  write: (order: OrderMailData) => { subject: string; text: string; html?: string },
): MailRenderer {
  return async (payloads) => {
    const orders = await loadOrders(db, [...new Set(payloads.map(orderIdOf))].filter(Number.isInteger))
    return payloads.map((payload) => {
      const order = orders.get(orderIdOf(payload))
      return order && write({ ...order, accessKey: accessKeyOf(payload) })
    })
  }
}

/** The worker's renderers for the order e-mails that checkout queues. */
export function orderMailRenderers(
  db: Database,
  context: Pick<CheckoutContext, 'store' | 'publicUrl'>,
): Record<string, MailRenderer> {
  return {
    [ORDER_MAIL_KINDS.confirmation]: renderer(db, (order) =>
      orderConfirmationMail(order, context.store, context.publicUrl),
    ),
    [ORDER_MAIL_KINDS.notice]: renderer(db, (order) =>
      newOrderNoticeMail(order, context.store, context.publicUrl),
    ),
  }
}
