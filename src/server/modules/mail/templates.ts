import { formatCents } from '../../../shared/money'
import type { StoreInfo } from '../../../shared/ssr'
import type { OutgoingMail } from './outbox'

// Every mail has a plain-text part (what many clients and all filters read first) and a simple
// HTML part with inline styles only, since mail clients drop <style> blocks and external CSS.
// Every value put into the HTML goes through escapeHtml: names, addresses and instructions are
// typed by shoppers.

export interface OrderMailData {
  id: number
  customerName: string
  customerEmail: string
  customerPhone: string
  paymentMethod: 'stripe' | 'zelle'
  paymentStatus: 'unpaid' | 'partial' | 'paid' | 'refunded'
  /** price is per unit, in cents */
  items: { name: string; quantity: number; price: number }[]
  subtotal: number
  shippingCost: number
  total: number
  shipping: { address: string; city: string; state: string; zip: string; country: string }
  specialInstructions: string | null
  appointmentRequest: boolean
  insuranceInterest: boolean
}

const PAYMENT_METHOD_LABELS: Record<OrderMailData['paymentMethod'], string> = {
  stripe: 'Card',
  zelle: 'Zelle',
}

const PAYMENT_STATUS_LABELS: Record<OrderMailData['paymentStatus'], string> = {
  unpaid: 'Unpaid',
  partial: 'Partially paid',
  paid: 'Paid',
  refunded: 'Refunded',
}

/** The shopper's confirmation; for an unpaid Zelle order it carries the payment steps. */
export function orderConfirmationMail(
  order: OrderMailData,
  store: StoreInfo,
  publicUrl: string,
): OutgoingMail {
  const number = `#${order.id}`
  const orderUrl = `${trimSlash(publicUrl)}/order/${order.id}`
  const awaitingZelle =
    order.paymentMethod === 'zelle' && (order.paymentStatus === 'unpaid' || order.paymentStatus === 'partial')
  const zelleSteps = [
    'Open the Zelle app (or your banking app with Zelle).',
    `Send ${formatCents(order.total)} to our phone number: ${store.phone}`,
    `Include your order number ${number} in the memo.`,
    'Verify the details and send.',
  ]
  const nextStep = awaitingZelle
    ? 'Your items ship after your payment is confirmed.'
    : 'We will prepare your order within 1-2 business days and e-mail you when it ships.'

  const text = [
    `Hi ${order.customerName},`,
    '',
    `Thank you for your order! Your order number is ${number}.`,
    '',
    ...(awaitingZelle
      ? [
          'HOW TO PAY WITH ZELLE',
          ...zelleSteps.map((step, index) => `${index + 1}. ${step}`),
          '',
          `${nextStep} Questions? Please text us at ${store.phone} rather than calling.`,
          '',
        ]
      : [nextStep, '']),
    `ORDER ${number}`,
    ...itemLines(order),
    '',
    ...totalLines(order),
    '',
    'SHIPPING TO',
    ...addressLines(order),
    '',
    `View your order: ${orderUrl}`,
    '',
    ...signature(store),
  ].join('\n')

  const html = layout(
    store,
    `
    <p style="margin:0 0 16px">Hi ${e(order.customerName)},</p>
    <p style="margin:0 0 16px">Thank you for your order! Your order number is <strong>${e(number)}</strong>.</p>
    ${
      awaitingZelle
        ? `<div style="margin:0 0 20px;padding:16px;background:#CFE3D6;border-radius:6px">
      <p style="margin:0 0 8px;font-weight:bold">How to pay with Zelle</p>
      <ol style="margin:0 0 8px;padding-left:20px">${zelleSteps.map((step) => `<li style="margin:0 0 4px">${e(step)}</li>`).join('')}</ol>
      <p style="margin:0">${e(nextStep)} Questions? Please text us at <strong>${e(store.phone)}</strong> rather than calling.</p>
    </div>`
        : `<p style="margin:0 0 20px">${e(nextStep)}</p>`
    }
    ${itemsTable(order)}
    <p style="margin:20px 0 4px;font-weight:bold">Shipping to</p>
    <p style="margin:0 0 20px">${addressLines(order).map(e).join('<br>')}</p>
    ${button(orderUrl, 'View your order')}
    `,
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

  const text = [
    `New order ${number} for ${formatCents(order.total)}.`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'ITEMS',
    ...itemLines(order),
    '',
    ...totalLines(order),
    '',
    'SHIP TO',
    ...addressLines(order),
    '',
    `Manage orders: ${adminUrl}`,
  ].join('\n')

  const html = layout(
    store,
    `
    <p style="margin:0 0 16px">New order <strong>${e(number)}</strong> for <strong>${e(formatCents(order.total))}</strong>.</p>
    <table role="presentation" style="border-collapse:collapse;margin:0 0 20px">${details
      .map(
        ([label, value]) =>
          `<tr><td style="padding:3px 16px 3px 0;color:#5B665F;vertical-align:top;white-space:nowrap">${e(label)}</td><td style="padding:3px 0;white-space:pre-line">${e(value)}</td></tr>`,
      )
      .join('')}</table>
    ${itemsTable(order)}
    <p style="margin:20px 0 4px;font-weight:bold">Ship to</p>
    <p style="margin:0 0 20px">${addressLines(order).map(e).join('<br>')}</p>
    ${button(adminUrl, 'Open the orders')}
    `,
  )

  return {
    kind: 'new-order-notice',
    to: store.email,
    subject: `New order ${number}: ${formatCents(order.total)} by ${PAYMENT_METHOD_LABELS[order.paymentMethod]} (${PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()})`,
    text,
    html,
  }
}

/** The reset link of DESIGN.md §4: valid one hour, single use. */
export function passwordResetMail(to: string, resetUrl: string, store: StoreInfo): OutgoingMail {
  const text = [
    'Hello,',
    '',
    `We received a request to reset the password of your ${store.name} account.`,
    'Open this link to choose a new password:',
    '',
    resetUrl,
    '',
    'The link is valid for one hour and works once.',
    'If you did not request a new password, you can ignore this e-mail: your password stays as it is.',
    '',
    ...signature(store),
  ].join('\n')

  const html = layout(
    store,
    `
    <p style="margin:0 0 16px">Hello,</p>
    <p style="margin:0 0 20px">We received a request to reset the password of your ${e(store.name)} account.</p>
    ${button(resetUrl, 'Choose a new password')}
    <p style="margin:0 0 16px;font-size:13px;color:#5B665F">Or copy this link into your browser:<br><span style="word-break:break-all">${e(resetUrl)}</span></p>
    <p style="margin:0 0 16px">The link is valid for one hour and works once.</p>
    <p style="margin:0">If you did not request a new password, you can ignore this e-mail: your password stays as it is.</p>
    `,
  )

  return { kind: 'password-reset', to, subject: `Reset your ${store.name} password`, text, html }
}

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const e = escapeHtml

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

function lineTotal(item: OrderMailData['items'][number]): number {
  return item.price * item.quantity
}

function itemLines(order: OrderMailData): string[] {
  return order.items.map(
    (item) =>
      `${item.quantity} x ${item.name}: ${formatCents(lineTotal(item))}` +
      (item.quantity > 1 ? ` (${formatCents(item.price)} each)` : ''),
  )
}

function shippingLabel(order: OrderMailData): string {
  return order.shippingCost === 0 ? 'FREE' : formatCents(order.shippingCost)
}

function totalLines(order: OrderMailData): string[] {
  return [
    `Subtotal: ${formatCents(order.subtotal)}`,
    `Shipping: ${shippingLabel(order)}`,
    `Total: ${formatCents(order.total)}`,
  ]
}

function addressLines(order: OrderMailData): string[] {
  const s = order.shipping
  return [order.customerName, s.address, `${s.city}, ${s.state} ${s.zip}`, s.country]
}

function signature(store: StoreInfo): string[] {
  return [store.name, `${store.email} | ${store.phone} (text)`]
}

function itemsTable(order: OrderMailData): string {
  const cell = 'padding:8px 0;border-bottom:1px solid #E6E0D4'
  const rows = order.items
    .map(
      (item) => `<tr>
        <td style="${cell}">${e(item.name)}${item.quantity > 1 ? `<br><span style="color:#5B665F;font-size:13px">${e(formatCents(item.price))} each</span>` : ''}</td>
        <td style="${cell};text-align:center;width:48px">${e(String(item.quantity))}</td>
        <td style="${cell};text-align:right;white-space:nowrap">${e(formatCents(lineTotal(item)))}</td>
      </tr>`,
    )
    .join('')
  const total = (label: string, value: string, strong = false) =>
    `<tr><td colspan="2" style="padding:4px 0;text-align:right${strong ? ';font-weight:bold' : ''}">${e(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap${strong ? ';font-weight:bold' : ''}">${e(value)}</td></tr>`
  return `<table role="presentation" style="width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums">
    <tr><th style="text-align:left;padding:0 0 6px;border-bottom:1px solid #C9A96E">Item</th><th style="padding:0 0 6px;border-bottom:1px solid #C9A96E">Qty</th><th style="text-align:right;padding:0 0 6px;border-bottom:1px solid #C9A96E">Price</th></tr>
    ${rows}
    ${total('Subtotal', formatCents(order.subtotal))}
    ${total('Shipping', shippingLabel(order))}
    ${total('Total', formatCents(order.total), true)}
  </table>`
}

function button(url: string, label: string): string {
  return `<p style="margin:0 0 20px"><a href="${e(url)}" style="display:inline-block;padding:10px 20px;background:#0F6B4B;color:#FFFFFF;text-decoration:none;border-radius:4px">${e(label)}</a></p>`
}

function layout(store: StoreInfo, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:0;background:#FAF7F2">
<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1F2A24">
  <p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;color:#0F6B4B">${e(store.name)}</p>
  ${body}
  <p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #C9A96E;font-size:13px;color:#5B665F">${e(store.name)} &middot; ${e(store.email)} &middot; ${e(store.phone)} (text)</p>
</div>
</body>
</html>`
}
