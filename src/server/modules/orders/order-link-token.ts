import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

// The confirmation e-mail carries the order's access key, but the order keeps only its hash, so a
// later e-mail (shipped, delivered, refunded, a reminder) cannot carry that key again. It carries
// a token instead: an expiry and an HMAC over the order's id and that expiry, under a key derived
// from SESSION_SECRET. Nothing is stored; the routes that take `?key=` accept either. A token
// opens one order, read-only, until it expires; changing SESSION_SECRET revokes them all.

/** Long enough to follow a parcel, the 14-day return window and a plan's next instalment. */
export const ORDER_LINK_LIFETIME_MS = 120 * 24 * 60 * 60_000

export class OrderLinkTokens {
  private readonly key: Buffer

  constructor(
    sessionSecret: string,
    private readonly lifetimeMs = ORDER_LINK_LIFETIME_MS,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'jade-shop order links', 'order link token', 32))
  }

  /** `<expiry in seconds>.<mac>`: it has a dot, which an access key (base64url) never has. */
  sign(orderId: number, now = Date.now()): string {
    const expires = Math.floor((now + this.lifetimeMs) / 1000)
    return `${expires}.${this.mac(orderId, expires)}`
  }

  opens(orderId: number, token: string, now = Date.now()): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
    if (!match) return false
    const expires = Number(match[1])
    if (expires * 1000 <= now) return false
    const expected = Buffer.from(this.mac(orderId, expires))
    const given = Buffer.from(match[2]!)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  private mac(orderId: number, expires: number): string {
    return createHmac('sha256', this.key).update(`order:${orderId}:expires:${expires}`).digest('base64url')
  }
}
