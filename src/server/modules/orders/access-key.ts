import { createHash, randomBytes } from 'node:crypto'

// A guest has no account to sign in to, so the confirmation e-mail's link carries a key that shows
// its holder that one order, read-only (as a shop's order status page does). 32 random bytes
// cannot be guessed; only their SHA-256 is stored with the order, so a copy of the database
// cannot open anybody's order page. A plain hash is enough: the key has the entropy a password
// lacks, so there is nothing for a slow hash to protect.

export interface OrderAccessKey {
  /** Goes in the e-mail's link (`/order/:id?key=…`), never stored with the order. */
  key: string
  /** Stored in `orders.access_key_hash`. */
  hash: string
}

export function hashAccessKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

export function newOrderAccessKey(): OrderAccessKey {
  const key = randomBytes(32).toString('base64url')
  return { key, hash: hashAccessKey(key) }
}
