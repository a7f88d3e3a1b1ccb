import { SignedTokens } from '../signed-links/signed-token'

// Every campaign message carries a one-click unsubscribe link (issue 38), written when the
// message is sent, long after the address was confirmed: so it cannot be the welcome e-mail's
// random token, stored hashed. It is the subscriber's id and the campaign's, signed
// (signed-links/signed-token.ts): nothing is stored, a link cannot be forged for another address,
// and ids are never reused, so once the address is off the list the link finds nobody. It does not
// expire: an unsubscribe link must keep working. The campaign's id counts who left from which.

const CAMPAIGN_UNSUBSCRIBE = {
  salt: 'jade-shop newsletter campaigns',
  info: 'unsubscribe token',
  fields: 2,
  expires: false,
}
const SUBJECT = 'campaign-unsubscribe'

export interface SignedUnsubscribe {
  subscriberId: number
  campaignId: number
}

export class CampaignUnsubscribeTokens {
  private readonly tokens: SignedTokens

  constructor(sessionSecret: string) {
    this.tokens = new SignedTokens(sessionSecret, CAMPAIGN_UNSUBSCRIBE)
  }

  /** `<subscriber id>.<campaign id>.<mac>`; campaign 0 for a test message (it unsubscribes nobody). */
  sign(link: SignedUnsubscribe): string {
    return this.tokens.sign(SUBJECT, [String(link.subscriberId), String(link.campaignId)])
  }

  /** What the token was signed for, or undefined when it was not signed here. */
  open(token: string): SignedUnsubscribe | undefined {
    const fields = this.tokens.open(SUBJECT, token)
    if (!fields?.every((field) => /^\d{1,12}$/.test(field))) return undefined
    const [subscriberId, campaignId] = fields.map(Number) as [number, number]
    return { subscriberId, campaignId }
  }
}
