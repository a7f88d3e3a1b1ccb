import sharp from 'sharp'
import { storedImage, WIDTHS } from '../../../shared/media/images'
import type { FileStore } from '../media/file-store'
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
  MUTED,
  PAGE,
  SANS,
  SANS_BOLD,
  SERIF,
  shipToLines,
  startOrderPaper,
} from './pdf-style'

// What goes in the parcel: whom it is for, the pieces with their SKU and a thumbnail to check
// them against, and no price anywhere (a gift may be inside).

const THUMB = 56

/** The smallest stored variant of each piece's image, as a JPEG the PDF can carry. */
export async function loadThumbnails(order: OrderDocument, files: FileStore): Promise<Map<number, Buffer>> {
  const thumbs = new Map<number, Buffer>()
  for (const line of order.lines) {
    const stored = storedImage(line.image)
    if (!stored) continue
    const width = WIDTHS.find((candidate) => candidate <= stored.largest) ?? stored.largest
    const file = await files.read(`${stored.hash}-${Math.min(width, stored.largest)}.webp`)
    if (!file) continue
    const chunks: Buffer[] = []
    for await (const chunk of file.body) chunks.push(chunk as Buffer)
    thumbs.set(
      line.productId,
      await sharp(Buffer.concat(chunks))
        .resize(THUMB * 3, THUMB * 3, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toBuffer(),
    )
  }
  return thumbs
}

export function renderPackingSlip(
  order: OrderDocument,
  thumbnails: Map<number, Buffer>,
  shop: Letterhead,
  timeZone: string,
): PDFKit.PDFDocument {
  const doc = startOrderPaper('Packing slip', order, shop, timeZone)

  const top = doc.y
  const half = CONTENT_WIDTH / 2 - 10
  doc
    .font(SANS_BOLD)
    .fontSize(7.5)
    .fillColor(JADE)
    .text('SHIP TO', PAGE.margin, top, { characterSpacing: 0.6 })
  const [name, ...address] = shipToLines(order)
  doc
    .font(SERIF)
    .fontSize(18)
    .fillColor(INK)
    .text(name ?? '', PAGE.margin, doc.y + 3, { width: half })
  doc.font(SANS).fontSize(11)
  for (const line of address.filter(Boolean)) doc.text(line, PAGE.margin, doc.y + 2, { width: half })
  const left = doc.y
  const right = drawBlock(
    doc,
    'Contact',
    [order.customerPhone ?? '', order.customerEmail ?? ''],
    PAGE.margin + half + 20,
    top,
    half,
  )
  doc.y = Math.max(left, right) + 22

  const header = drawTableHeader(doc, [
    { label: 'PIECE', x: PAGE.margin + THUMB + 18 },
    { label: 'SKU', x: PAGE.margin + 340 },
    { label: 'QTY', x: PAGE.margin + CONTENT_WIDTH - 60, width: 54 },
  ])
  doc.y = header + 24
  for (const line of order.lines) {
    ensureSpace(doc, THUMB + 14)
    const y = doc.y
    const thumb = thumbnails.get(line.productId)
    if (thumb) doc.image(thumb, PAGE.margin + 6, y, { width: THUMB, height: THUMB })
    else
      doc
        .rect(PAGE.margin + 6, y, THUMB, THUMB)
        .lineWidth(0.5)
        .strokeColor(GOLD)
        .stroke()
    doc
      .font(SANS)
      .fontSize(11)
      .fillColor(INK)
      .text(line.name, PAGE.margin + THUMB + 18, y + 6, { width: 250 })
    if (line.certification)
      doc
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(`Certificate: ${line.certification}`, PAGE.margin + THUMB + 18, doc.y + 2, {
          width: 250,
        })
    doc
      .font(SANS)
      .fontSize(10)
      .fillColor(MUTED)
      .text(line.sku ?? '—', PAGE.margin + 340, y + 6, { width: 100 })
    doc
      .fillColor(INK)
      .fontSize(11)
      .text(String(line.quantity), PAGE.margin + CONTENT_WIDTH - 60, y + 6, { width: 54, align: 'right' })
    doc.y = y + THUMB + 10
    drawRowRule(doc)
  }
  if (order.specialInstructions) {
    ensureSpace(doc, 60)
    doc.y += 12
    drawBlock(doc, 'Special instructions', [order.specialInstructions], PAGE.margin, doc.y, CONTENT_WIDTH)
  }
  if (order.insuranceInterest || order.insured) {
    ensureSpace(doc, 60)
    doc.y += 12
    const insurance = order.insured
      ? 'This parcel is insured.'
      : 'The shopper asked for shipping insurance: insure this parcel before it leaves.'
    drawBlock(doc, 'Shipping insurance', [insurance], PAGE.margin, doc.y, CONTENT_WIDTH)
  }
  ensureSpace(doc, 40)
  doc.y += 24
  doc
    .font(SERIF)
    .fontSize(13)
    .fillColor(JADE)
    .text(`With our thanks — ${shop.name}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH, align: 'center' })
  doc.end()
  return doc
}
