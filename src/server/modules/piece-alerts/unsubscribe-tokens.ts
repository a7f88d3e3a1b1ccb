import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

// Every alert e-mail carries a one-click unsubscribe link, written by the job long after the
// address was confirmed, so the link cannot be a random token stored hashed (the newsletter's way:
// its welcome e-mail is its only e-mail). It is the wish's id and an HMAC over it, under a key
// derived from SESSION_SECRET (as the order links are, orders/order-link-token.ts): nothing is
// stored, a link cannot be forged for another wish, and ids are never reused. It does not expire:
// an unsubscribe link must keep working; the wish itself ends after a year.

export class UnsubscribeTokens {
  private readonly key: Buffer

  constructor(sessionSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', sessionSecret, 'jade-shop piece alerts', 'unsubscribe token', 32),
    )
  }

  /** `<alert id>.<mac>` */
  sign(alertId: number): string {
    return `${alertId}.${this.mac(alertId)}`
  }

  /** The alert id the token was signed for, or undefined when it was not signed here. */
  alertOf(token: string): number | undefined {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
    if (!match) return undefined
    const id = Number(match[1])
    const expected = Buffer.from(this.mac(id))
    const given = Buffer.from(match[2]!)
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined
  }

  private mac(alertId: number): string {
    return createHmac('sha256', this.key).update(`piece-alert:${alertId}`).digest('base64url')
  }
}
