import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import type { OrderParticulars, PaymentMethod, RefundMethod } from '../../../shared/orders/rules'
import { formatDate } from '../../../shared/shop-dates/format'
import { woffToSfnt } from './woff-to-sfnt'

// The look of the shop's papers: US Letter, ivory-free white (it prints), ink text, the jade
// accent and a gold hairline, the display serif of the storefront (Cormorant Garamond, embedded
// as a subset from @fontsource's WOFF) for headings. The text face is the PDF standard Helvetica:
// the storefront's Inter ships only as a variable WOFF2, which the PDF library cannot subset.

export const PAGE = { width: 612, height: 792, margin: 54 } as const
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin

export const INK = '#1F2A24'
export const MUTED = '#5B665F'
export const JADE = '#0F6B4B'
export const CELADON = '#E8F1EB'
export const GOLD = '#C9A96E'

export const SERIF = 'display'
export const SANS = 'Helvetica'
export const SANS_BOLD = 'Helvetica-Bold'

const require = createRequire(import.meta.url)
let serifFont: Buffer | undefined
/** Read and unpacked once, on the first document (about 60 KB). */
function displayFont(): Buffer {
  if (serifFont) return serifFont
  serifFont = readFileSync(
    require.resolve('@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff'),
  )
  serifFont = woffToSfnt(serifFont)
  return serifFont
}

function createDocument(title: string, author: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: title, Author: author, Creator: author },
    // Streams page by page rather than keeping every page for a table of contents.
    bufferPages: false,
  })
  doc.registerFont(SERIF, displayFont())
  doc.font(SANS).fontSize(10).fillColor(INK)
  return doc
}

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card',
  credit_card: 'Card',
  zelle: 'Zelle',
  paypal: 'PayPal',
  venmo: 'Venmo',
  cash: 'Cash',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  gift_card: 'Gift card',
}

/** How a refund went back: any payment method, or store credit (issue 36). */
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  ...METHOD_LABELS,
  store_credit: 'store credit',
}

export interface Letterhead {
  name: string
  address: string
  phone: string
  email: string
}

/**
 * One of an order's papers ("Invoice", "Packing slip"): a new document titled with the order's
 * number, its letterhead drawn, ready for the body at doc.y.
 */
export function startOrderPaper(
  kind: string,
  order: { id: number; createdAt: Date },
  shop: Letterhead,
  timeZone: string,
): PDFKit.PDFDocument {
  const doc = createDocument(`${kind} #${order.id}`, shop.name)
  drawLetterhead(doc, shop, kind, [
    `Order #${order.id}`,
    formatDate(order.createdAt, timeZone, { long: true }),
  ])
  return doc
}

/** The shop's name and contact on the left, the document's name and number on the right, a gold rule. */
function drawLetterhead(doc: PDFKit.PDFDocument, shop: Letterhead, title: string, lines: string[]): void {
  const top = PAGE.margin
  doc.font(SERIF).fontSize(26).fillColor(JADE).text(shop.name, PAGE.margin, top, { width: 300 })
  doc
    .font(SANS)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text([shop.address, shop.phone, shop.email].filter(Boolean).join('  ·  '), PAGE.margin, top + 34, {
      width: 330,
    })
  const right = PAGE.margin + CONTENT_WIDTH - 200
  doc
    .font(SANS_BOLD)
    .fontSize(9)
    .fillColor(JADE)
    .text(title.toUpperCase(), right, top + 4, {
      width: 200,
      align: 'right',
      characterSpacing: 0.8,
    })
  doc.font(SANS).fontSize(9.5).fillColor(INK)
  for (const line of lines) doc.text(line, right, doc.y + 2, { width: 200, align: 'right' })
  const ruleY = Math.max(doc.y, top + 52) + 14
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.margin + CONTENT_WIDTH, ruleY)
    .lineWidth(0.6)
    .strokeColor(GOLD)
    .stroke()
  doc.y = ruleY + 18
}

/** A small caps label over a block of lines, at (x, y) in a column of `width`. */
export function drawBlock(
  doc: PDFKit.PDFDocument,
  label: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
) {
  doc
    .font(SANS_BOLD)
    .fontSize(7.5)
    .fillColor(JADE)
    .text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 })
  doc.font(SANS).fontSize(10).fillColor(INK)
  for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y + 2, { width })
  return doc.y
}

/**
 * The celadon band over a table, its column labels in small jade capitals at the current y; a
 * column with a width is right-aligned in it. Answers the band's y.
 */
export function drawTableHeader(
  doc: PDFKit.PDFDocument,
  columns: { label: string; x: number; width?: number }[],
): number {
  const header = doc.y
  doc.rect(PAGE.margin, header - 6, CONTENT_WIDTH, 20).fill(CELADON)
  doc.font(SANS_BOLD).fontSize(7.5).fillColor(JADE)
  for (const { label, x, width } of columns)
    doc.text(label, x, header, {
      ...(width === undefined ? {} : { width, align: 'right' }),
      characterSpacing: 0.6,
    })
  return header
}

/** The hairline under a table's row, just above doc.y. */
export function drawRowRule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(PAGE.margin, doc.y - 4)
    .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y - 4)
    .lineWidth(0.3)
    .strokeColor('#E6E0D4')
    .stroke()
}

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > PAGE.height - PAGE.margin) {
    doc.addPage()
    doc.y = PAGE.margin
  }
}

export function shipToLines(order: Pick<OrderParticulars, 'customerName' | 'shipping'>): string[] {
  const { address, city, state, zip, country } = order.shipping
  return [
    order.customerName ?? '',
    address ?? '',
    [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    country === 'US' ? 'United States' : country,
  ]
}
