import { SignedTokens } from '../signed-links/signed-token'

// Every alert e-mail carries a one-click unsubscribe link, written by the job long after the
// address was confirmed, so the link cannot be a random token stored hashed (the newsletter's way:
// its welcome e-mail is its only e-mail). It is the wish's id, signed
// (signed-links/signed-token.ts): nothing is stored, a link cannot be forged for another wish, and
// ids are never reused. It does not expire: an unsubscribe link must keep working; the wish itself
// ends after a year.

/** The key and wording of the first alert links, kept so that those in mailboxes still work. */
const ALERT_UNSUBSCRIBE = {
  salt: 'jade-shop piece alerts',
  info: 'unsubscribe token',
  fields: 1,
  expires: false,
}
const SUBJECT = 'piece-alert'

export class UnsubscribeTokens {
  private readonly tokens: SignedTokens

  constructor(sessionSecret: string) {
    this.tokens = new SignedTokens(sessionSecret, ALERT_UNSUBSCRIBE)
  }

  /** `<alert id>.<mac>` */
  sign(alertId: number): string {
    return this.tokens.sign(SUBJECT, [String(alertId)])
  }

  /** The alert id the token was signed for, or undefined when it was not signed here. */
  alertOf(token: string): number | undefined {
    const [id] = this.tokens.open(SUBJECT, token) ?? []
    return id !== undefined && /^\d{1,12}$/.test(id) ? Number(id) : undefined
  }
}
