import { quoteShipping } from '../../../shared/cart/rules'
import { replaceClosed } from '../../../shared/closed-matches'
import type { FeedPiece } from './feed-pieces'

// What Google Merchant Center and Meta's catalogue both ask of a jewelry piece, worded once.

/** "1234.00 USD", as both feeds want a price. */
export const feedPrice = (cents: number) => `${(cents / 100).toFixed(2)} USD`

/** A stored picture's address as the world reaches it: the uploads path on the shop, or the file store's URL. */
export const absoluteUrl = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url}`

export const pieceLink = (origin: string, piece: Pick<FeedPiece, 'id'>) => `${origin}/product/${piece.id}`

const JEWELRY = 'Apparel & Accessories > Jewelry'
const GOOGLE_CATEGORIES: Record<string, string> = {
  bangles: `${JEWELRY} > Bracelets`,
  bracelets: `${JEWELRY} > Bracelets`,
  earrings: `${JEWELRY} > Earrings`,
  necklaces: `${JEWELRY} > Necklaces`,
  rings: `${JEWELRY} > Rings`,
}

/** Google's product taxonomy (also what Meta reads): a pendant is a pendant whatever its collection. */
export function googleCategory(piece: Pick<FeedPiece, 'category' | 'type'>): string {
  if (piece.type === 'pendant') return `${JEWELRY} > Charms & Pendants`
  return GOOGLE_CATEGORIES[piece.category.toLowerCase()] ?? JEWELRY
}

/** The price shown, and the former one when the piece is on sale (both feeds' sale_price). */
export function feedPrices(piece: Pick<FeedPiece, 'price' | 'originalPrice'>): {
  price: string
  salePrice?: string
} {
  if (piece.originalPrice !== null && piece.originalPrice > piece.price) {
    return { price: feedPrice(piece.originalPrice), salePrice: feedPrice(piece.price) }
  }
  return { price: feedPrice(piece.price) }
}

/** What shipping this piece alone costs: the flat rate, or nothing at or above the free threshold. */
export const feedShipping = (
  piece: Pick<FeedPiece, 'price'>,
  rule: { freeThresholdCents: number; flatCents: number },
) => feedPrice(quoteShipping(piece.price, rule).cost)

/** One line of at most `max` characters (a name, as typed, angle brackets and all). */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

/** A description as plain text: feeds show it as text, never as markup or Markdown. */
export const plainText = (text: string, max: number) =>
  oneLine(replaceClosed(text, '>', /<[^>]*>/g, ' ').replace(/[*_`#>]+/g, ''), max)

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
