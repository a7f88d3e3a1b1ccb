import { SignedTokens } from '../signed-links/signed-token'

// The confirmation e-mail carries the order's access key, but the order keeps only its hash, so a
// later e-mail (shipped, delivered, refunded, a reminder) cannot carry that key again. It carries
// a signed token instead (signed-links/signed-token.ts): an expiry, bound to the order's id.
// Nothing is stored; the routes that take `?key=` accept either. A token opens one order,
// read-only, until it expires; changing SESSION_SECRET revokes them all.

/** Long enough to follow a parcel, the 14-day return window and a plan's next instalment. */
export const ORDER_LINK_LIFETIME_MS = 120 * 24 * 60 * 60_000

/** The key and wording of the first order links, kept so that those in mailboxes still open. */
const ORDER_LINK = { salt: 'jade-shop order links', info: 'order link token', fields: 0, expires: true }
const subject = (orderId: number) => `order:${orderId}:expires`

export class OrderLinkTokens {
  private readonly tokens: SignedTokens

  constructor(
    sessionSecret: string,
    private readonly lifetimeMs = ORDER_LINK_LIFETIME_MS,
  ) {
    this.tokens = new SignedTokens(sessionSecret, ORDER_LINK)
  }

  /** `<expiry in seconds>.<mac>`: it has a dot, which an access key (base64url) never has. */
  sign(orderId: number, now = Date.now()): string {
    return this.tokens.sign(subject(orderId), [], now + this.lifetimeMs)
  }

  opens(orderId: number, token: string, now = Date.now()): boolean {
    return this.tokens.open(subject(orderId), token, now) !== undefined
  }
}
