import { formatCents } from '../../../../shared/money'
import { printableName } from '../../../../shared/plain-text'
import { formatDate } from '../../../../shared/shop-dates/format'
import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, Details, greeting, MailButton, P, Quote, renderMail, trimSlash, unlinkable } from './layout'

// A gift card for its recipient (issue 36). The code is printed large, once, in the shop's look;
// the sender's name and message are the sender's own words, kept as plain text: React escapes
// them and `unlinkable` keeps a mail program from turning "jade.example" into a link.

export interface GiftCardMailData {
  /** "ABCD-EFGH-JKMN-PQRS". */
  code: string
  amount: number
  recipientName: string | null
  senderName: string | null
  message: string | null
  expiresAt: Date | null
  /** A resend: the code replaces one mailed before, which no longer works. */
  replacesEarlierCode?: boolean
  /** Store credit (issue 36): a refund of this order given as a card in the shopper's name. */
  storeCreditForOrder?: number
}

// The day in the shop's zone: an expiry set as the end of a Houston day is past midnight in UTC.
const expiryLine = (expiresAt: Date | null, timeZone: string | undefined) =>
  expiresAt ? `Valid until ${formatDate(expiresAt, timeZone, { long: true })}.` : 'It never expires.'

export function giftCardMail(
  to: string,
  card: GiftCardMailData,
  store: StoreInfo,
  publicUrl: string,
): OutgoingMail {
  const from = printableName(card.senderName)
  const sender = from ? unlinkable(from) : store.name
  const message = card.message ? unlinkable(card.message) : null
  const amount = formatCents(card.amount)
  const credit = card.storeCreditForOrder
  const lead = credit
    ? `As agreed, the refund of your order #${credit} is yours as ${amount} of store credit at ${store.name}: a gift card in your name.`
    : `${sender} has sent you a ${amount} gift card for ${store.name}.`
  const replaced = card.replacesEarlierCode
    ? 'This code replaces the one we sent you before, which no longer works.'
    : null
  const shopUrl = trimSlash(publicUrl)
  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(card.recipientName)}</P>
      <P>{lead}</P>
      {message && (
        <>
          <P style={{ margin: '0 0 8px', color: COLORS.muted }}>{`${sender} wrote:`}</P>
          <Quote>{message}</Quote>
        </>
      )}
      <div
        style={{
          margin: '0 0 20px',
          padding: '20px 24px',
          background: COLORS.celadon,
          borderTop: `2px solid ${COLORS.gold}`,
          textAlign: 'center',
        }}
      >
        <p
          data-text-before="Amount: "
          style={{ margin: '0 0 4px', fontFamily: 'Georgia,serif', fontSize: 28, color: COLORS.jade }}
        >
          {amount}
        </p>
        <p
          data-text-before={`Your ${credit ? 'store credit' : 'gift card'} code: `}
          style={{
            margin: 0,
            fontFamily: 'Menlo,Consolas,monospace',
            fontSize: 20,
            letterSpacing: 2,
            color: COLORS.ink,
          }}
        >
          {card.code}
        </p>
      </div>
      <Details rows={[['Expiry', expiryLine(card.expiresAt, store.timeZone)]]} />
      {replaced && <P>{replaced}</P>}
      <MailButton href={shopUrl}>{`Visit ${store.name}`}</MailButton>
      <P style={{ margin: 0, fontSize: 13, color: COLORS.muted }}>
        {`Use the code at checkout${credit ? ', or sign in: checkout offers your credit without the code' : ''}. Keep it safe: whoever has the code can spend the card.`}
      </P>
    </>,
  )
  return {
    kind: 'gift-card',
    to,
    subject: credit
      ? `Your ${amount} store credit for order #${credit}`
      : `${sender} sent you a ${amount} gift card`,
    text,
    html,
  }
}
