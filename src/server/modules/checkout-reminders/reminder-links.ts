import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

// The two links of an unfinished-checkout reminder carry what they need, signed, so nothing is
// stored for them and they outlive the attempt (swept a day after its reminder):
// - back to checkout: the pieces to put back into the cart and an expiry. A guest's cart lives in
//   a session cookie, so a shopper opening the e-mail on another device (or after the session
//   ended) would find an empty cart; the link restores the pieces into whatever cart the browser
//   has. It is signed so that nobody can make a link that fills a stranger's cart with anything.
// - unsubscribe: the address, for as long as SESSION_SECRET stays (an opt-out must keep working).
// The key is derived from SESSION_SECRET, apart from every other use of it (HKDF info).

/** Where the links lead (modules/checkout-reminders/routes.ts; the page is the storefront's). */
export const REMINDER_PATHS = {
  resume: '/api/checkout/resume',
  /** List-Unsubscribe: POST unsubscribes (RFC 8058 one-click), GET redirects to the page. */
  unsubscribe: '/api/checkout-reminders/unsubscribe',
  /** The body's link: a page with one button, since mail scanners open every link they find. */
  unsubscribePage: '/reminders/unsubscribe',
} as const

/** A reminder's link back to checkout refills a cart for a month; after that it opens checkout as it is. */
export const RESUME_LINK_LIFETIME_MS = 30 * 24 * 60 * 60_000

export interface ResumeLine {
  productId: number
  quantity: number
}

const MAC = /^[A-Za-z0-9_-]{43}$/
const LINES = /^\d{1,9}x\d{1,3}(?:-\d{1,9}x\d{1,3}){0,49}$/

export class ReminderLinks {
  private readonly key: Buffer

  constructor(sessionSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', sessionSecret, 'jade-shop checkout reminders', 'reminder link', 32),
    )
  }

  /** `<expiry in seconds>.<productId>x<quantity>-….<mac>` */
  resumeToken(lines: ResumeLine[], now = Date.now()): string {
    const expires = Math.floor((now + RESUME_LINK_LIFETIME_MS) / 1000)
    const body = `${expires}.${lines.map((line) => `${line.productId}x${line.quantity}`).join('-')}`
    return `${body}.${this.mac('resume', body)}`
  }

  /** The pieces of a genuine, unexpired link; undefined otherwise. */
  readResume(token: string, now = Date.now()): ResumeLine[] | undefined {
    const [expires, lines, mac, ...rest] = token.split('.')
    if (rest.length > 0 || !expires || !lines || !mac) return undefined
    if (!/^\d{1,12}$/.test(expires) || !LINES.test(lines)) return undefined
    if (!this.verify('resume', `${expires}.${lines}`, mac)) return undefined
    if (Number(expires) * 1000 <= now) return undefined
    return lines.split('-').map((line) => {
      const [productId, quantity] = line.split('x').map(Number)
      return { productId: productId!, quantity: quantity! }
    })
  }

  /**
   * `<address, base64url>.<mac>`: the address it unsubscribes. Not secret from its reader (the
   * link goes to that very address); the MAC keeps anyone from unsubscribing somebody else.
   */
  unsubscribeToken(email: string): string {
    const body = Buffer.from(email.toLowerCase()).toString('base64url')
    return `${body}.${this.mac('unsubscribe', body)}`
  }

  readUnsubscribe(token: string): string | undefined {
    const [body, mac, ...rest] = token.split('.')
    if (rest.length > 0 || !body || !mac || !/^[A-Za-z0-9_-]{1,400}$/.test(body)) return undefined
    if (!this.verify('unsubscribe', body, mac)) return undefined
    const email = Buffer.from(body, 'base64url').toString('utf8')
    return email.includes('@') ? email : undefined
  }

  private mac(purpose: string, body: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${body}`).digest('base64url')
  }

  private verify(purpose: string, body: string, mac: string): boolean {
    if (!MAC.test(mac)) return false
    const expected = Buffer.from(this.mac(purpose, body))
    const given = Buffer.from(mac)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
}
