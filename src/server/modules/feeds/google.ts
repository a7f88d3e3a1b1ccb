import {
  absoluteUrl,
  capitalised,
  feedPrices,
  feedShipping,
  googleCategory,
  oneLine,
  pieceLink,
  plainText,
} from './feed-fields'
import type { FeedPiece } from './feed-pieces'

export interface FeedShop {
  name: string
  origin: string
  shipping: { freeThresholdCents: number; flatCents: number }
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 forbids (a control character pasted into a description) would void the feed.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')

const tag = (name: string, value: string) => `      <g:${name}>${escapeXml(value)}</g:${name}>`

/** Google allows one main picture and at most ten more. */
const MAX_ADDITIONAL_IMAGES = 10

/** One <item> of a Google Merchant Center feed (RSS 2.0 with the g: namespace). */
export function googleItem(piece: FeedPiece, shop: FeedShop): string {
  const [image, ...more] = piece.imageUrls.map((url) => absoluteUrl(shop.origin, url))
  const { price, salePrice } = feedPrices(piece)
  const lines = [
    tag('id', String(piece.id)),
    tag('title', oneLine(piece.name, 150)),
    tag('description', plainText(piece.description, 5000)),
    tag('link', pieceLink(shop.origin, piece)),
    tag('image_link', image!),
    ...more.slice(0, MAX_ADDITIONAL_IMAGES).map((url) => tag('additional_image_link', url)),
    tag('availability', 'in_stock'),
    tag('price', price),
    ...(salePrice ? [tag('sale_price', salePrice)] : []),
    tag('condition', 'new'),
    tag('brand', shop.name),
    tag('google_product_category', googleCategory(piece)),
    tag('product_type', capitalised(piece.category)),
    tag('material', 'Jadeite'),
    tag('color', capitalised(piece.color)),
    tag('identifier_exists', 'no'),
    ...(piece.sku ? [tag('mpn', piece.sku)] : []),
    '      <g:shipping>',
    '        <g:country>US</g:country>',
    `        <g:price>${escapeXml(feedShipping(piece, shop.shipping))}</g:price>`,
    '      </g:shipping>',
  ]
  return `    <item>\n${lines.join('\n')}\n    </item>\n`
}

export const googleHead = (shop: FeedShop) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n' +
  '  <channel>\n' +
  `    <title>${escapeXml(shop.name)}</title>\n` +
  `    <link>${escapeXml(shop.origin)}</link>\n` +
  `    <description>${escapeXml(`Natural Type A jadeite jewelry from ${shop.name}`)}</description>\n`

export const GOOGLE_TAIL = '  </channel>\n</rss>\n'
