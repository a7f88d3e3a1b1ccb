import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

// The one way to sign what a link carries (docs/decisions/013-signed-links.md). A later e-mail's
// order link, a reminder's links and an alert's unsubscribe link are written long after the
// shopper's session, and nothing is stored for them: the link carries its fields and an HMAC over
// them, under a key derived from SESSION_SECRET for that purpose alone. Changing SESSION_SECRET
// voids them all.
//
//   token = [<expiry, seconds since the epoch> "."] <field> "." … <mac>
//   mac   = base64url(HMAC-SHA256(key, <subject> ":" <everything before the mac>))
//   key   = HKDF-SHA256(SESSION_SECRET, salt, info, 32 bytes)
//
// The subject says what the token is for: a purpose's name, and whatever the link names outside
// the token that the token must be bound to (the order id in the path). Fields are base64url
// text: what is not (an address) is encoded by the purpose that carries it.
//
// Links already in mailboxes must keep working, so a purpose's salt, info and subject are fixed
// for good: the first three purposes kept the ones they were written with.

/** One kind of signed link: its key, and whether it ends. */
export interface TokenPurpose {
  /**
   * HKDF's salt and info for this purpose's key. A new purpose takes a pair of its own; changing a
   * pair voids every link signed with it.
   */
  salt: string
  info: string
  /** How many fields the token carries, besides the expiry and the MAC. */
  fields: number
  /** Whether the token carries an expiry and is refused from then on. */
  expires: boolean
}

/** Longer than any link of ours; a longer token is refused before any MAC is computed. */
const MAX_TOKEN_LENGTH = 1024
const FIELD = /^[A-Za-z0-9_-]+$/
const EXPIRY = /^\d{1,12}$/
/** HMAC-SHA256 in base64url, unpadded. */
const MAC = /^[A-Za-z0-9_-]{43}$/

export class SignedTokens {
  private readonly key: Buffer

  constructor(
    secret: string,
    private readonly purpose: TokenPurpose,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32))
  }

  /**
   * A token carrying `fields`, bound to `subject`; `expiresAt` (ms since the epoch, rounded down to
   * the second) when the purpose expires.
   */
  sign(subject: string, fields: readonly string[], expiresAt?: number): string {
    const { purpose } = this
    if (fields.length !== purpose.fields)
      throw new Error(`a token of this purpose carries ${purpose.fields} fields`)
    if (!fields.every((field) => FIELD.test(field))) throw new Error('token fields are base64url text')
    if (purpose.expires !== (expiresAt !== undefined)) {
      throw new Error(
        purpose.expires ? 'a token of this purpose needs an expiry' : 'a token of this purpose never expires',
      )
    }
    const parts = expiresAt === undefined ? fields : [String(Math.floor(expiresAt / 1000)), ...fields]
    const body = parts.join('.')
    return `${body}.${this.mac(subject, body)}`
  }

  /**
   * The fields of a token signed here for `subject` and not expired at `now`; undefined for any
   * other (malformed, tampered with, signed for another subject or under another key, expired).
   */
  open(subject: string, token: string, now = Date.now()): string[] | undefined {
    if (token.length > MAX_TOKEN_LENGTH) return undefined
    const parts = token.split('.')
    const mac = parts.pop()!
    const expected = this.purpose.fields + (this.purpose.expires ? 1 : 0)
    if (parts.length !== expected || !MAC.test(mac)) return undefined
    const expiry = this.purpose.expires ? parts[0]! : undefined
    if (expiry !== undefined && !EXPIRY.test(expiry)) return undefined
    const fields = expiry === undefined ? parts : parts.slice(1)
    if (!fields.every((field) => FIELD.test(field))) return undefined
    if (expiry !== undefined && Number(expiry) * 1000 <= now) return undefined
    // Compared in constant time: a comparison that stops at the first wrong character would tell
    // an attacker, by its timing, how much of a guessed MAC is right.
    const given = Buffer.from(mac)
    const wanted = Buffer.from(this.mac(subject, parts.join('.')))
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? fields : undefined
  }

  private mac(subject: string, body: string): string {
    return createHmac('sha256', this.key).update(`${subject}:${body}`).digest('base64url')
  }
}
