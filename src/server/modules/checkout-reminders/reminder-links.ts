import { SignedTokens } from '../signed-links/signed-token'

// The two links of an unfinished-checkout reminder carry what they need, signed, so nothing is
// stored for them and they outlive the attempt (swept a day after its reminder):
// - back to checkout: the pieces to put back into the cart and an expiry. A guest's cart lives in
//   a session cookie, so a shopper opening the e-mail on another device (or after the session
//   ended) would find an empty cart; the link restores the pieces into whatever cart the browser
//   has. It is signed so that nobody can make a link that fills a stranger's cart with anything.
// - unsubscribe: the address, for as long as SESSION_SECRET stays (an opt-out must keep working).
// Both are signed tokens (signed-links/signed-token.ts) under a key of their own.

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

const LINES = /^\d{1,9}x\d{1,3}(?:-\d{1,9}x\d{1,3}){0,49}$/

// The key and wording of the first reminder links, kept so that those in mailboxes still work: both
// links share one key, and the subject ('resume', 'unsubscribe') keeps each to its own purpose.
const KEY = { salt: 'jade-shop checkout reminders', info: 'reminder link' }
const RESUME = { ...KEY, fields: 1, expires: true }
const UNSUBSCRIBE = { ...KEY, fields: 1, expires: false }

export class ReminderLinks {
  private readonly resume: SignedTokens
  private readonly unsubscribe: SignedTokens

  constructor(sessionSecret: string) {
    this.resume = new SignedTokens(sessionSecret, RESUME)
    this.unsubscribe = new SignedTokens(sessionSecret, UNSUBSCRIBE)
  }

  /** `<expiry in seconds>.<productId>x<quantity>-….<mac>` */
  resumeToken(lines: ResumeLine[], now = Date.now()): string {
    const pieces = lines.map((line) => `${line.productId}x${line.quantity}`).join('-')
    return this.resume.sign('resume', [pieces], now + RESUME_LINK_LIFETIME_MS)
  }

  /** The pieces of a genuine, unexpired link; undefined otherwise. */
  readResume(token: string, now = Date.now()): ResumeLine[] | undefined {
    const [lines] = this.resume.open('resume', token, now) ?? []
    if (lines === undefined || !LINES.test(lines)) return undefined
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
    return this.unsubscribe.sign('unsubscribe', [Buffer.from(email.toLowerCase()).toString('base64url')])
  }

  readUnsubscribe(token: string): string | undefined {
    const [body] = this.unsubscribe.open('unsubscribe', token) ?? []
    if (body === undefined || body.length > 400) return undefined
    const email = Buffer.from(body, 'base64url').toString('utf8')
    return email.includes('@') ? email : undefined
  }
}
