import { formatCents } from '../../../../shared/money'
import { trackingLink } from '../../../../shared/orders/rules'
import { formatDay } from '../../../../shared/shop-dates/calendar'
import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, Details, greeting, MailButton, P, renderMail } from './layout'
import { orderLink } from './order-mails'

// What the shopper hears as the owner moves an order along: confirmed, shipped (with the
// tracking number and the carrier's link), cancelled; and a reminder of an instalment due.

export interface OrderStatusMailData {
  id: number
  customerName: string
  customerEmail: string
  total: number
  items: { name: string; quantity: number }[]
  /** Opens the order without an account (a signed, expiring token: orders/order-link-token.ts). */
  accessKey?: string
}

export type OrderStatusMailKind =
  | 'order-confirmed'
  | 'order-shipped'
  | 'order-cancelled'
  | 'reservation-reminder'
  | 'reservation-expired'
  | 'order-refunded'

export interface OrderStatusMailExtra {
  trackingNumber?: string | null
  /** A cancelled card order: the card payment going back, in cents. */
  cardRefund?: number
  /** When an unpaid order's hold on its pieces ends, in the shop's words ('Thursday, November 26 at 3:00 PM CST'). */
  reservedUntil?: string
  /** A refund: how much, and where it goes in the shopper's words (shared/orders/refunds.ts). */
  refund?: { amount: number; destination: string; returned: string[] }
}

interface Content {
  subject: string
  lead: string
  details?: [string, string][]
  more?: string
  link?: { href: string; label: string }
}

function content(
  kind: OrderStatusMailKind,
  order: OrderStatusMailData,
  extra: OrderStatusMailExtra,
  store: StoreInfo,
): Content {
  const number = `#${order.id}`
  switch (kind) {
    case 'order-confirmed':
      return {
        subject: `Payment received: order ${number} is confirmed`,
        lead: `Thank you! We have received your payment and your order ${number} is confirmed. We will prepare it with care and e-mail you when it ships.`,
      }
    case 'order-shipped': {
      const tracking = extra.trackingNumber ?? ''
      const carrier = trackingLink(tracking)
      return {
        subject: `Your order ${number} has shipped`,
        lead: `Good news: your order ${number} is on its way.`,
        details: [
          ['Tracking number', tracking],
          ...(carrier ? ([['Carrier', carrier.carrier]] as [string, string][]) : []),
        ],
        link: carrier && { href: carrier.url, label: `Track with ${carrier.carrier}` },
      }
    }
    case 'order-cancelled':
      return {
        subject: `Your order ${number} has been cancelled`,
        lead: `Your order ${number} has been cancelled.`,
        more: extra.cardRefund
          ? `Your card payment of ${formatCents(extra.cardRefund)} is being refunded; it may take 5 to 10 days to appear on your statement.`
          : 'If you have already sent a payment, we will return it to you. Reply to this e-mail with any question.',
      }
    case 'reservation-reminder':
      return {
        subject: `Reminder: complete your Zelle payment for order ${number}`,
        lead: `We are holding the pieces of your order ${number} for you until ${extra.reservedUntil}. We have not received your payment yet.`,
        details: [['Amount', formatCents(order.total)]],
        more: `Please send it by Zelle to ${store.phone}, with ${number} in the memo. If it has not arrived by then, the order will be cancelled and the pieces will go back on sale. If you have already paid, thank you, and please ignore this message.`,
      }
    case 'order-refunded': {
      const refund = extra.refund ?? { amount: 0, destination: '', returned: [] }
      return {
        subject: `Refund of ${formatCents(refund.amount)} for your order ${number}`,
        lead: `We have refunded ${formatCents(refund.amount)} for your order ${number}, ${refund.destination}.`,
        details: [
          ['Refund', formatCents(refund.amount)],
          ...(refund.returned.length > 0
            ? ([['Returned', refund.returned.join(', ')]] as [string, string][])
            : []),
        ],
        more: 'Thank you for shopping with us. Reply to this e-mail with any question.',
      }
    }
    case 'reservation-expired':
      return {
        subject: `Your order ${number} has been cancelled`,
        lead: `We held the pieces of your order ${number} until ${extra.reservedUntil}, but did not receive your payment, so the order has been cancelled and the pieces have returned to the shop.`,
        more: 'If you would still like them, you are welcome to order again while they are still available. If you sent a payment that we missed, reply to this e-mail and we will sort it out at once.',
      }
  }
}

export function orderStatusMail(
  kind: OrderStatusMailKind,
  order: OrderStatusMailData,
  store: StoreInfo,
  publicUrl: string,
  extra: OrderStatusMailExtra = {},
): OutgoingMail {
  const message = content(kind, order, extra, store)
  const orderUrl = orderLink(order, publicUrl)
  const items = order.items.map((item) => `${item.quantity} x ${item.name}`)
  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(order.customerName)}</P>
      <P>{message.lead}</P>
      {message.details && <Details rows={message.details} />}
      {message.link && <MailButton href={message.link.href}>{message.link.label}</MailButton>}
      {message.more && <P>{message.more}</P>}
      <p style={{ margin: '0 0 8px', fontWeight: 'bold' }}>{`Order #${order.id}`}</p>
      <ul style={{ margin: '0 0 20px', paddingLeft: 20, color: COLORS.muted }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <MailButton href={orderUrl}>View your order</MailButton>
    </>,
  )
  return { kind, to: order.customerEmail, subject: message.subject, text, html }
}

/** A reminder of an instalment of a payment plan, before it falls due or once it is late. */
export function installmentReminderMail(
  order: OrderStatusMailData,
  installment: { amount: number; dueDate: string; overdue: boolean },
  store: StoreInfo,
  publicUrl: string,
): OutgoingMail {
  const number = `#${order.id}`
  const due = formatDay(installment.dueDate, { long: true })
  const lead = installment.overdue
    ? `The instalment of ${formatCents(installment.amount)} for your order ${number} was due on ${due} and we have not received it yet.`
    : `A friendly reminder: the instalment of ${formatCents(installment.amount)} for your order ${number} is due on ${due}.`
  const how = `You can pay by Zelle to ${store.phone}, with ${number} in the memo. If you have already paid, thank you, and please ignore this message.`
  const orderUrl = orderLink(order, publicUrl)
  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(order.customerName)}</P>
      <P>{lead}</P>
      <P>{how}</P>
      <MailButton href={orderUrl}>View your order</MailButton>
    </>,
  )
  return {
    kind: 'installment-reminder',
    to: order.customerEmail,
    subject: installment.overdue
      ? `Payment overdue for order ${number}`
      : `Instalment due ${due} for order ${number}`,
    text,
    html,
  }
}
