import { createHash, randomInt } from 'node:crypto'
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

/** A fresh code: each character by `randomInt`, which draws without modulo bias. */
export function drawCode(): NewCode {
  let normalized = ''
  for (let i = 0; i < CODE_LENGTH; i += 1) normalized += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return { code: formatCode(normalized), codeHash: hashCode(normalized), last4: normalized.slice(-4) }
}

/** The stored hash of a code however it was typed (case, spaces and dashes aside). */
export function hashCode(typed: string): string {
  return createHash('sha256').update(normalizeCode(typed)).digest('hex')
}
