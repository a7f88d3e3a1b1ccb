import { formatCents } from '../../../shared/money'
import { RETURN_WINDOW_DAYS } from '../../../shared/orders/refunds'
import { formatDate } from '../../../shared/shop-dates/format'
import { formatRate } from '../../../shared/tax/schema'
import type { OrderDocument } from './order-document'
import {
  CONTENT_WIDTH,
  drawBlock,
  drawRowRule,
  drawTableHeader,
  ensureSpace,
  GOLD,
  INK,
  JADE,
  type Letterhead,
  METHOD_LABELS,
  MUTED,
  PAGE,
  REFUND_METHOD_LABELS,
  SANS,
  SANS_BOLD,
  SERIF,
  shipToLines,
  startOrderPaper,
} from './pdf-style'

// The shopper's invoice: who sold what to whom, the money in and out, and the return policy's key
// lines (storefront.md §2). The document is a stream: the caller pipes it to the reply.

export const RETURN_POLICY_LINES = [
  `Returns are accepted within ${RETURN_WINDOW_DAYS} days of purchase; the customer pays return shipping.`,
  'Refunds are issued within 5 business days of receiving the item, to the original payment method (for Zelle, to the same phone or e-mail).',
  'Sale items are final. Custom pieces are not returnable unless defective. Please report any damage within 48 hours.',
]

const COLUMNS = {
  name: PAGE.margin,
  sku: PAGE.margin + 250,
  qty: PAGE.margin + 340,
  price: PAGE.margin + 380,
}
const RIGHT = PAGE.margin + CONTENT_WIDTH

export function renderInvoice(order: OrderDocument, shop: Letterhead, timeZone: string): PDFKit.PDFDocument {
  const doc = startOrderPaper('Invoice', order, shop, timeZone)

  const top = doc.y
  const half = CONTENT_WIDTH / 2 - 10
  const billed = drawBlock(
    doc,
    'Billed to',
    [order.customerName ?? '', order.customerEmail ?? '', order.customerPhone ?? ''],
    PAGE.margin,
    top,
    half,
  )
  const shipped = drawBlock(doc, 'Ship to', shipToLines(order), PAGE.margin + half + 20, top, half)
  doc.y = Math.max(billed, shipped) + 22

  // The lines.
  const header = drawTableHeader(doc, [
    { label: 'PIECE', x: COLUMNS.name + 6 },
    { label: 'SKU', x: COLUMNS.sku },
    { label: 'QTY', x: COLUMNS.qty, width: 30 },
    { label: 'AMOUNT', x: COLUMNS.price, width: RIGHT - COLUMNS.price - 6 },
  ])
  doc.y = header + 22
  for (const line of order.lines) {
    ensureSpace(doc, 40)
    const y = doc.y
    doc
      .font(SANS)
      .fontSize(10)
      .fillColor(INK)
      .text(line.name, COLUMNS.name + 6, y, { width: 236 })
    let bottom = doc.y
    if (line.certification) {
      doc
        .fontSize(8)
        .fillColor(MUTED)
        .text(`Certificate: ${line.certification}`, COLUMNS.name + 6, bottom + 1, {
          width: 236,
        })
      bottom = doc.y
    }
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(line.sku ?? '—', COLUMNS.sku, y, { width: 85 })
    doc.fillColor(INK).fontSize(10).text(String(line.quantity), COLUMNS.qty, y, { width: 30, align: 'right' })
    doc.text(formatCents(line.price * line.quantity), COLUMNS.price, y, {
      width: RIGHT - COLUMNS.price - 6,
      align: 'right',
    })
    doc.y = Math.max(bottom, doc.y) + 8
    drawRowRule(doc)
  }

  // The totals, and the money in and out.
  ensureSpace(doc, 120 + 14 * (order.payments.length + order.refunds.length + order.taxLines.length))
  doc.y += 6
  const amount = (label: string, value: string, options: { bold?: boolean; color?: string } = {}) => {
    const y = doc.y
    doc
      .font(options.bold ? SANS_BOLD : SANS)
      .fontSize(options.bold ? 11 : 9.5)
      .fillColor(options.color ?? INK)
    doc.text(label, RIGHT - 300, y, { width: 200, align: 'right' })
    doc.text(value, RIGHT - 96, y, { width: 90, align: 'right' })
    doc.y = Math.max(doc.y, y) + 3
  }
  amount('Subtotal', formatCents(order.subtotal))
  if (order.discount > 0)
    amount(
      order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
      `-${formatCents(order.discount)}`,
    )
  amount('Shipping', order.shippingCost === 0 ? 'Free' : formatCents(order.shippingCost))
  // Sales tax by jurisdiction, as collected (issue 34).
  for (const line of order.taxLines)
    amount(`${line.jurisdiction} tax (${formatRate(line.rate)})`, formatCents(line.tax))
  amount('Total', formatCents(order.total), { bold: true, color: JADE })
  doc.y += 4
  for (const payment of order.payments)
    amount(
      `Paid by ${payment.label || METHOD_LABELS[payment.method]}, ${formatDate(payment.at, timeZone, { long: true })}`,
      formatCents(payment.amount),
      {
        color: MUTED,
      },
    )
  for (const refund of order.refunds)
    amount(
      `Refunded ${refund.method === 'store_credit' ? 'as' : 'by'} ${REFUND_METHOD_LABELS[refund.method]}, ${formatDate(refund.at, timeZone, { long: true })}`,
      `-${formatCents(refund.amount)}`,
      { color: MUTED },
    )
  const paid = order.payments.reduce((sum, payment) => sum + payment.amount, 0)
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.amount, 0)
  const due = Math.max(0, order.total - paid)
  amount(due > 0 ? 'Balance due' : 'Balance', formatCents(due), { bold: true })
  if (refunded > 0) amount('Refunded in all', formatCents(refunded))

  doc.y += 10
  doc
    .font(SANS)
    .fontSize(9.5)
    .fillColor(INK)
    .text(`Payment method: ${METHOD_LABELS[order.paymentMethod]}`, PAGE.margin, doc.y, {
      width: CONTENT_WIDTH,
    })

  // The return policy's key lines.
  ensureSpace(doc, 110)
  doc.y += 18
  doc.moveTo(PAGE.margin, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.6).strokeColor(GOLD).stroke()
  doc.y += 12
  doc.font(SERIF).fontSize(14).fillColor(JADE).text('Return policy', PAGE.margin, doc.y)
  doc.font(SANS).fontSize(8.5).fillColor(MUTED)
  for (const line of RETURN_POLICY_LINES) doc.text(line, PAGE.margin, doc.y + 3, { width: CONTENT_WIDTH })
  doc.y += 14
  doc
    .font(SERIF)
    .fontSize(12)
    .fillColor(INK)
    .text(`Thank you for choosing ${shop.name}.`, PAGE.margin, doc.y, {
      width: CONTENT_WIDTH,
      align: 'center',
    })
  doc.end()
  return doc
}
