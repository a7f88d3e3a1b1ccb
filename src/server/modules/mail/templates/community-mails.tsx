import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, Details, MailButton, P, Quote, renderMailHtml, signature, trimSlash } from './layout'

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
  const text = [
    `New message from ${inquiry.name} <${inquiry.email}>.`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    inquiry.message,
    '',
    `Reply to this e-mail to answer ${inquiry.name}, or open the inbox: ${inboxUrl}`,
  ].join('\n')
  const html = renderMailHtml(
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

/** A short note to the shopper: the message arrived. Their message is quoted, nothing else. */
export function inquiryAcknowledgementMail(inquiry: InquiryMailData, store: StoreInfo): OutgoingMail {
  const text = [
    `Hi ${inquiry.name},`,
    '',
    `Thank you for your message. We'll get back to you soon, usually within one business day.`,
    '',
    `Your message (${inquiry.subject}):`,
    inquiry.message,
    '',
    ...signature(store),
  ].join('\n')
  const html = renderMailHtml(
    store,
    <>
      <P>{`Hi ${inquiry.name},`}</P>
      <P>Thank you for your message. We'll get back to you soon, usually within one business day.</P>
      <p style={{ margin: '0 0 4px', fontWeight: 'bold' }}>{`Your message (${inquiry.subject})`}</p>
      <Quote>{inquiry.message}</Quote>
    </>,
  )
  return {
    kind: 'inquiry-acknowledgement',
    to: inquiry.email,
    replyTo: store.email,
    subject: `We received your message: ${inquiry.subject}`,
    text,
    html,
  }
}

/** Sent once per new subscription; carries the one-click unsubscribe link and header. */
export function newsletterWelcomeMail(to: string, unsubscribeUrl: string, store: StoreInfo): OutgoingMail {
  const text = [
    'Hello,',
    '',
    `Thank you for subscribing to the ${store.name} newsletter. We write when new pieces arrive`,
    'and before the shows where you can see them in person.',
    '',
    `To unsubscribe, open: ${unsubscribeUrl}`,
    '',
    ...signature(store),
  ].join('\n')
  const html = renderMailHtml(
    store,
    <>
      <P>Hello,</P>
      <P>
        {`Thank you for subscribing to the ${store.name} newsletter. We write when new pieces arrive and before the shows where you can see them in person.`}
      </P>
      <P style={{ fontSize: 13, color: COLORS.muted }}>
        {'No longer interested? '}
        <a href={unsubscribeUrl} style={{ color: COLORS.jade }}>
          Unsubscribe
        </a>
      </P>
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
