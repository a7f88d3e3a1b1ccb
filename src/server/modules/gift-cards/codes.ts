import { createHash, randomInt, randomUUID } from 'node:crypto'
import { CODE_ALPHABET, CODE_LENGTH, formatCode, normalizeCode } from '../../../shared/gift-cards/rules'

// A gift card's code is money in words: drawn from crypto's secure source, shown once, stored only
// as its hash with the last four characters readable.
//
// Plain SHA-256, as the shop's other stored secrets (reset and confirmation tokens), not an HMAC
// under SESSION_SECRET: rotating that secret voids signed links, which is fine, but must never
// void money in people's wallets. With ~78 bits per code a hash leak reveals nothing either way.

export interface NewCode {
  /** "ABCD-EFGH-JKMN-PQRS": what the recipient is given. */
  code: string
  codeHash: string
  last4: string
}

/** `length` characters of the alphabet, each by `randomInt`, which draws without modulo bias. */
function randomChars(length: number): string {
  let drawn = ''
  for (let i = 0; i < length; i += 1) drawn += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return drawn
}

const codeOf = (normalized: string): NewCode => ({
  code: formatCode(normalized),
  codeHash: hashCode(normalized),
  last4: normalized.slice(-4),
})

/** A fresh code. */
export const drawCode = (): NewCode => codeOf(randomChars(CODE_LENGTH))

/**
 * The last four of a card bought for later delivery, drawn when it is paid (the buyer's receipt
 * names them); the other twelve are drawn on the delivery date (drawCodeEnding). The last four are
 * never secret anyway (receipts, the back office), so the code's strength is the same.
 */
export const drawLast4 = (): string => randomChars(4)

/** A fresh code that ends with `last4`: its first twelve characters carry ~59 bits. */
export const drawCodeEnding = (last4: string): NewCode => codeOf(randomChars(CODE_LENGTH - 4) + last4)

/**
 * What an undelivered card holds in place of a hash: no typed code hashes to it (a hash is 64 hex
 * digits), so the card cannot be spent or looked up until its code is drawn and mailed.
 */
export const undeliveredHash = (): string => `undelivered:${randomUUID()}`

/** The stored hash of a code however it was typed (case, spaces and dashes aside). */
export function hashCode(typed: string): string {
  return createHash('sha256').update(normalizeCode(typed)).digest('hex')
}
