import { formatCents } from '../../../../shared/money'
import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, Details, MailButton, MailFooter, P, Quote, renderMail, trimSlash } from './layout'

export interface InquiryMailData {
  name: string
  email: string
  subject: string
  message: string
}

/** The shop's copy of a contact-form message; answering it replies to the shopper. */
export function inquiryNoticeMail(
  inquiry: InquiryMailData,
  store: StoreInfo,
  publicUrl: string,
): OutgoingMail {
  const inboxUrl = `${trimSlash(publicUrl)}/admin/inquiries`
  const details: [string, string][] = [
    ['From', inquiry.name],
    ['E-mail', inquiry.email],
    ['Subject', inquiry.subject],
  ]
  const { html, text } = renderMail(
    store,
    <>
      <P>
        New message from <strong>{inquiry.name}</strong>.
      </P>
      <Details rows={details} />
      <Quote>{inquiry.message}</Quote>
      <P style={{ fontSize: 13, color: COLORS.muted }}>{`Reply to this e-mail to answer ${inquiry.name}.`}</P>
      <MailButton href={inboxUrl}>Open the inbox</MailButton>
    </>,
  )
  return {
    kind: 'inquiry-notice',
    to: store.email,
    replyTo: inquiry.email,
    subject: `New inquiry: ${inquiry.subject}`,
    text,
    html,
  }
}

/**
 * The thank-you for a contact-form message. It goes to whatever address the visitor typed, from
 * the shop's own address, so it carries no word the visitor wrote (not their name, subject or
 * message): a stranger cannot use the shop to send their text to someone else (issue 18).
 */
export function inquiryAcknowledgementMail(to: string, store: StoreInfo): OutgoingMail {
  const thanks = `Thank you for writing to ${store.name}. Your message has reached us, and we will get back to you soon, usually within one business day.`
  const unasked = 'If you did not write to us, you can ignore this e-mail.'
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P>{thanks}</P>
      <MailFooter>{unasked}</MailFooter>
    </>,
  )
  return {
    kind: 'inquiry-acknowledgement',
    to,
    replyTo: store.email,
    subject: `Thank you for your message to ${store.name}`,
    text,
    html,
  }
}

/**
 * Double opt-in: the link that makes an address typed into the form a subscriber. Someone else
 * may have typed it, so it says so, carries nothing they wrote, and asks nothing of a stranger.
 */
export function newsletterConfirmationMail(to: string, confirmUrl: string, store: StoreInfo): OutgoingMail {
  const asked = `Someone, we hope you, asked to receive the ${store.name} newsletter at this address. We write when new pieces arrive and before the shows where you can see them in person.`
  const unasked = 'If it was not you, ignore this e-mail: without your confirmation we will not write again.'
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P>{asked}</P>
      <MailButton href={confirmUrl}>Confirm my subscription</MailButton>
      <MailFooter>{unasked}</MailFooter>
    </>,
  )
  return {
    kind: 'newsletter-confirmation',
    to,
    subject: `Please confirm your subscription to the ${store.name} newsletter`,
    text,
    html,
  }
}

/** Sent once per confirmed subscription; carries the one-click unsubscribe link and header. */
/** The welcome code the owner marked, as the welcome e-mail offers it. */
export interface WelcomeOffer {
  code: string
  kind: string
  value: number
  minSubtotal: number
}

const offerWords = (offer: WelcomeOffer) =>
  `As a welcome, use the code ${offer.code} for ${
    offer.kind === 'percent' ? `${offer.value}%` : formatCents(offer.value)
  } off${offer.minSubtotal > 0 ? ` an order of ${formatCents(offer.minSubtotal)} or more` : ' your next order'}.`

export function newsletterWelcomeMail(
  to: string,
  unsubscribeUrl: string,
  store: StoreInfo,
  offer?: WelcomeOffer,
): OutgoingMail {
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P>
        {`Thank you for subscribing to the ${store.name} newsletter. We write when new pieces arrive and before the shows where you can see them in person.`}
      </P>
      {offer && <P>{offerWords(offer)}</P>}
      <MailFooter unsubscribe={{ href: unsubscribeUrl, label: 'Unsubscribe' }}>
        No longer interested?
      </MailFooter>
    </>,
  )
  return {
    kind: 'newsletter-welcome',
    to,
    subject: `Welcome to the ${store.name} newsletter`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  }
}
