// Can this piece be bought, and how many: one rule and one set of words for the cart, checkout, a
// sale recorded by hand and Mark as Sold. Its SQL twin is canTakeStock() in
// server/modules/inventory/stock-rules.ts (checkout's statement checks it under the row lock); a test
// holds the two together. No zod here: the storefront's first load carries this file.

export interface Purchasable {
  name?: string
  status: string
  stockQuantity: number
}

/** Why a piece cannot be bought: unknown, not yet listed, sold, held by an order, none left, fewer than asked. */
export type PurchaseRefusal = 'gone' | 'draft' | 'sold' | 'reserved' | 'out-of-stock' | 'short'

/** The only status in which a piece can be bought. */
export const PURCHASABLE_STATUS = 'available'

/** Why `quantity` of this piece cannot be bought now, or undefined when it can. */
export function purchaseRefusal(
  piece: Purchasable | undefined,
  quantity: number,
): PurchaseRefusal | undefined {
  if (!piece) return 'gone'
  if (piece.status === 'draft') return 'draft'
  if (piece.status === 'sold') return 'sold'
  if (piece.status === 'reserved') return 'reserved'
  if (piece.status !== PURCHASABLE_STATUS || piece.stockQuantity <= 0) return 'out-of-stock'
  if (quantity > piece.stockQuantity) return 'short'
  return undefined
}

/**
 * What a shopper hears: a draft is not there at all (its name is not public), and a piece another
 * shopper's order holds is simply out of stock (storefront.md §8 has the cart say 'This item is out
 * of stock'). The shop says why only to its owner.
 */
export function forShopper(refusal: PurchaseRefusal): PurchaseRefusal {
  if (refusal === 'draft') return 'gone'
  return refusal === 'reserved' ? 'out-of-stock' : refusal
}

const subjectOf = (name: string | undefined) => (name ? `"${name}"` : 'This item')

// One function per reason, so the storefront's cart carries only the two words it checks for.
export const soldMessage = (name?: string) => `${subjectOf(name)} has been sold`
export const outOfStockMessage = (name?: string) => `${subjectOf(name)} is out of stock`

/**
 * The words for a refusal. With the piece's name when there are several to tell apart (checkout,
 * the back office); "This item" when the shopper is looking at it (the cart, storefront.md §8).
 */
export function refusalMessage(refusal: PurchaseRefusal, piece: Partial<Purchasable> = {}): string {
  const subject = subjectOf(piece.name)
  switch (refusal) {
    case 'gone':
      return 'A piece in your cart is no longer available'
    case 'draft':
      return `${subject} is a draft: make it available before selling it`
    case 'sold':
      return soldMessage(piece.name)
    case 'reserved':
      return `${subject} is reserved by an order awaiting payment: record the payment or cancel that order instead`
    case 'out-of-stock':
      return outOfStockMessage(piece.name)
    case 'short':
      return piece.name
        ? `Only ${piece.stockQuantity} of "${piece.name}" available`
        : `Only ${piece.stockQuantity} available`
  }
}
