import { Fragment } from 'react'
import type { CheckoutPaymentMethod } from '../../../../shared/checkout/schema'
import { formatCents } from '../../../../shared/money'
import { PAYMENT_METHOD_LABELS } from '../../../../shared/orders/labels'
import { printableName } from '../../../../shared/plain-text'
import { formatDeadline } from '../../../../shared/shop-dates/date-time'
import type { StoreInfo } from '../../../../shared/ssr'
import { formatRate, type TaxLine } from '../../../../shared/tax/schema'
import type { OutgoingMail } from '../outbox'
import { COLORS, Details, greeting, MailButton, P, renderMail, trimSlash, unlinkable } from './layout'

export interface OrderMailData {
  id: number
  customerName: string
  customerEmail: string
  customerPhone: string
  paymentMethod: CheckoutPaymentMethod
  paymentStatus: 'unpaid' | 'partial' | 'paid' | 'refunded'
  /** price is per unit, in cents */
  items: { name: string; quantity: number; price: number }[]
  subtotal: number
  /** The discount code the order was placed with and what it took off (0: none). */
  discountCode: string | null
  discount: number
  shippingCost: number
  /** The sales tax lines per jurisdiction, as the order keeps them (issue 34). */
  taxLines: TaxLine[]
  total: number
  shipping: { address: string; city: string; state: string; zip: string; country: string }
  specialInstructions: string | null
  appointmentRequest: boolean
  insuranceInterest: boolean
  /** An unpaid Zelle order's hold on its pieces ends then (ISO), unless paid. */
  reservedUntil: string | null
  /** The key of the shopper's link to the order, which shows it without an account. */
  accessKey?: string
}

const PAYMENT_STATUS_LABELS: Record<OrderMailData['paymentStatus'], string> = {
  unpaid: 'Unpaid',
  partial: 'Partially paid',
  paid: 'Paid',
  refunded: 'Refunded',
}

const withKey = (url: string, key: string | undefined) =>
  key ? `${url}?key=${encodeURIComponent(key)}` : url

/** The shopper's link to the order: with its access key, a guest can open it too. */
export function orderLink(order: Pick<OrderMailData, 'id' | 'accessKey'>, publicUrl: string): string {
  return withKey(`${trimSlash(publicUrl)}/order/${order.id}`, order.accessKey)
}

/** The invoice's download: with the order's access key, a guest's too. */
export function invoiceLink(order: Pick<OrderMailData, 'id' | 'accessKey'>, publicUrl: string): string {
  return withKey(`${trimSlash(publicUrl)}/api/orders/${order.id}/invoice.pdf`, order.accessKey)
}

/** The shopper's confirmation; for an unpaid Zelle order it carries the payment steps. */
export function orderConfirmationMail(
  order: OrderMailData,
  store: StoreInfo,
  publicUrl: string,
): OutgoingMail {
  const number = `#${order.id}`
  const orderUrl = orderLink(order, publicUrl)
  // The key is known only here, at order time (the order keeps its hash), so both links carry it.
  const invoiceUrl = invoiceLink(order, publicUrl)
  const awaitingZelle =
    order.paymentMethod === 'zelle' && (order.paymentStatus === 'unpaid' || order.paymentStatus === 'partial')
  const zelleSteps = [
    'Open the Zelle app (or your banking app with Zelle).',
    `Send ${formatCents(order.total)} to our phone number: ${store.phone}`,
    `Include your order number ${number} in the memo.`,
    'Verify the details and send.',
  ]
  const hold =
    awaitingZelle && order.reservedUntil
      ? ` We are holding them for you until ${formatDeadline(order.reservedUntil, store.timeZone)}. If we have not received your payment by then, the order will be cancelled and the pieces returned to the shop.`
      : ''
  const nextStep = awaitingZelle
    ? `Your items ship after your payment is confirmed.${hold}`
    : 'We will prepare your order within 1-2 business days and e-mail you when it ships.'

  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(order.customerName)}</P>
      <P>
        Thank you for your order! Your order number is <strong>{number}</strong>.
      </P>
      {awaitingZelle ? (
        <div style={{ margin: '0 0 20px', padding: 16, background: COLORS.celadon, borderRadius: 6 }}>
          <p style={{ margin: '0 0 8px', fontWeight: 'bold' }}>How to pay with Zelle</p>
          <ol style={{ margin: '0 0 8px', paddingLeft: 20 }}>
            {zelleSteps.map((step) => (
              <li key={step} style={{ margin: '0 0 4px' }}>
                {step}
              </li>
            ))}
          </ol>
          <p style={{ margin: 0 }}>
            {`${nextStep} Questions? Please text us at `}
            <strong>{store.phone}</strong>
            {' rather than calling.'}
          </p>
        </div>
      ) : (
        <P style={{ marginBottom: 20 }}>{nextStep}</P>
      )}
      <ItemsTable order={order} />
      <ShippingAddress title="Shipping to" order={order} />
      <MailButton href={orderUrl}>View your order</MailButton>
      <P>
        <a href={invoiceUrl} style={{ color: COLORS.jade }}>
          Download your invoice (PDF)
        </a>
      </P>
    </>,
  )

  return {
    kind: 'order-confirmation',
    to: order.customerEmail,
    subject: awaitingZelle
      ? `Order ${number} received: complete your Zelle payment`
      : `Thank you for your order ${number}`,
    text,
    html,
  }
}

/** The shop owner's notice of a new order, with everything needed to act on it. */
export function newOrderNoticeMail(order: OrderMailData, store: StoreInfo, publicUrl: string): OutgoingMail {
  const number = `#${order.id}`
  const adminUrl = `${trimSlash(publicUrl)}/admin/orders`
  const payment = `${PAYMENT_METHOD_LABELS[order.paymentMethod]}, ${PAYMENT_STATUS_LABELS[order.paymentStatus]}`
  const details: [string, string][] = [
    ['Customer', order.customerName],
    ['E-mail', order.customerEmail],
    ['Phone', order.customerPhone],
    ['Payment', payment],
    ['Appointment requested', order.appointmentRequest ? 'Yes' : 'No'],
    ['Insurance interest', order.insuranceInterest ? 'Yes' : 'No'],
    ['Special instructions', order.specialInstructions?.trim() || 'None'],
  ]

  const { html, text } = renderMail(
    store,
    <>
      <P>
        New order <strong>{number}</strong> for <strong>{formatCents(order.total)}</strong>.
      </P>
      <Details rows={details} />
      <ItemsTable order={order} />
      <ShippingAddress title="Ship to" order={order} />
      <MailButton href={adminUrl}>Open the orders</MailButton>
    </>,
  )

  return {
    kind: 'new-order-notice',
    to: store.email,
    subject: `New order ${number}: ${formatCents(order.total)} by ${PAYMENT_METHOD_LABELS[order.paymentMethod]} (${PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()})`,
    text,
    html,
  }
}

function lineTotal(item: OrderMailData['items'][number]): number {
  return item.price * item.quantity
}

function shippingLabel(order: OrderMailData): string {
  return order.shippingCost === 0 ? 'FREE' : formatCents(order.shippingCost)
}

const taxLabel = (line: TaxLine) => `${line.jurisdiction} tax (${formatRate(line.rate)})`

const discountLabel = (order: OrderMailData) =>
  order.discountCode ? `Discount (${order.discountCode})` : 'Discount'

/** The address block; a line of an older order that carries a link is left out (plain-text.ts). */
function addressLines(order: OrderMailData): string[] {
  const s = order.shipping
  const lines = [order.customerName, s.address, `${s.city}, ${s.state} ${s.zip}`, s.country]
  return lines.filter((line) => printableName(line) !== undefined).map(unlinkable)
}

function ShippingAddress({ title, order }: { title: string; order: OrderMailData }) {
  const lines = addressLines(order)
  return (
    <>
      <p style={{ margin: '20px 0 4px', fontWeight: 'bold' }}>{title}</p>
      <p style={{ margin: '0 0 20px' }}>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one address
          <span key={index}>
            {index > 0 && <br />}
            {line}
          </span>
        ))}
      </p>
    </>
  )
}

function ItemsTable({ order }: { order: OrderMailData }) {
  const cell = { padding: '8px 0', borderBottom: `1px solid ${COLORS.rule}` }
  const head = { padding: '0 0 6px', borderBottom: `1px solid ${COLORS.gold}` }
  const total = (label: string, value: string, strong = false) => (
    <tr>
      <td
        colSpan={2}
        style={{ padding: '4px 0', textAlign: 'right', fontWeight: strong ? 'bold' : undefined }}
      >
        {label}
      </td>
      <td
        style={{
          padding: '4px 0',
          textAlign: 'right',
          whiteSpace: 'nowrap',
          fontWeight: strong ? 'bold' : undefined,
        }}
      >
        {value}
      </td>
    </tr>
  )
  return (
    <table
      role="presentation"
      style={{ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}
    >
      <tbody>
        <tr>
          <th style={{ ...head, textAlign: 'left' }}>Item</th>
          <th style={head}>Qty</th>
          <th style={{ ...head, textAlign: 'right' }}>Price</th>
        </tr>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order
          <tr key={index}>
            <td style={cell}>
              {item.name}
              {item.quantity > 1 && (
                <>
                  <br />
                  <span
                    style={{ color: COLORS.muted, fontSize: 13 }}
                  >{`${formatCents(item.price)} each`}</span>
                </>
              )}
            </td>
            <td data-text-before="× " style={{ ...cell, textAlign: 'center', width: 48 }}>
              {item.quantity}
            </td>
            <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>
              {formatCents(lineTotal(item))}
            </td>
          </tr>
        ))}
        {total('Subtotal', formatCents(order.subtotal))}
        {order.discount > 0 && total(discountLabel(order), `-${formatCents(order.discount)}`)}
        {total('Shipping', shippingLabel(order))}
        {order.taxLines.map((line) => (
          <Fragment key={line.jurisdiction}>{total(taxLabel(line), formatCents(line.tax))}</Fragment>
        ))}
        {total('Total', formatCents(order.total), true)}
      </tbody>
    </table>
  )
}
