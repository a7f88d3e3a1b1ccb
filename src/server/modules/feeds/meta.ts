import { stringify } from 'csv-stringify/sync'
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
import type { FeedShop } from './google'

/** Meta's catalogue CSV: the required columns, then the optional ones a jewelry piece fills. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'google_product_category',
  'product_type',
  'material',
  'color',
  'size',
  'shipping',
] as const

export const metaHead = () => stringify([[...META_COLUMNS]])

/** One row of Meta's catalogue CSV; Meta takes up to 20 more pictures, comma-separated in one cell. */
export function metaRow(piece: FeedPiece, shop: FeedShop): string {
  const [image, ...more] = piece.imageUrls.map((url) => absoluteUrl(shop.origin, url))
  const { price, salePrice } = feedPrices(piece)
  const row: Record<(typeof META_COLUMNS)[number], string> = {
    id: String(piece.id),
    title: oneLine(piece.name, 200),
    description: plainText(piece.description, 9999),
    availability: 'in stock',
    condition: 'new',
    price,
    sale_price: salePrice ?? '',
    link: pieceLink(shop.origin, piece),
    image_link: image!,
    additional_image_link: more.slice(0, 20).join(','),
    brand: shop.name,
    google_product_category: googleCategory(piece),
    product_type: capitalised(piece.category),
    material: 'Jadeite',
    color: capitalised(piece.color),
    size: piece.innerDiameterMm ? `${piece.innerDiameterMm} mm` : '',
    shipping: `US::Standard:${feedShipping(piece, shop.shipping)}`,
  }
  return stringify([META_COLUMNS.map((column) => row[column])])
}
