import { maskedCode } from '../../../../shared/gift-cards/rules'
import { formatCents } from '../../../../shared/money'
import { printableName } from '../../../../shared/plain-text'
import { formatDay } from '../../../../shared/shop-dates/calendar'
import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { Details, greeting, P, renderMail, unlinkable } from './layout'

// The buyer's receipt for a gift card bought on the storefront (issue 36). It names the card by its
// last four only: the whole code goes to the recipient, on the delivery date, and nowhere else.

export interface GiftCardReceiptData {
  amount: number
  last4: string
  buyerName: string
  recipientName: string
  recipientEmail: string
  /** 'YYYY-MM-DD' on the shop's calendar. */
  deliveryDate: string
  paymentMethod: 'card' | 'zelle'
  /** The delivery date is today: the e-mail is on its way now. */
  sentToday: boolean
}

export function giftCardReceiptMail(
  to: string,
  receipt: GiftCardReceiptData,
  store: StoreInfo,
): OutgoingMail {
  const amount = formatCents(receipt.amount)
  const recipient = unlinkable(printableName(receipt.recipientName) ?? receipt.recipientEmail)
  const when = formatDay(receipt.deliveryDate, { long: true })
  const delivery = receipt.sentToday
    ? `We have e-mailed it to ${recipient} (${receipt.recipientEmail}) today.`
    : `We will e-mail it to ${recipient} (${receipt.recipientEmail}) on ${when}.`
  const rows: [string, string][] = [
    ['Gift card', maskedCode(receipt.last4)],
    ['Amount', amount],
    ['Recipient', `${recipient}, ${receipt.recipientEmail}`],
    ['Delivery', when],
    ['Paid by', receipt.paymentMethod === 'card' ? 'Card' : 'Zelle'],
  ]
  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(printableName(receipt.buyerName))}</P>
      <P>{`Thank you for your ${amount} gift card. ${delivery}`}</P>
      <Details rows={rows} />
      <P>The code goes to the recipient only. It never expires.</P>
    </>,
  )
  return { kind: 'gift-card-receipt', to, subject: `Your ${amount} gift card receipt`, text, html }
}

export interface GiftCardZelleData {
  amount: number
  buyerName: string
  recipientName: string
  deliveryDate: string
  /** "Gift card GC-12". */
  memo: string
}

/**
 * A Zelle purchase's payment steps for the buyer, as the order's Zelle confirmation gives them: a
 * page closed too soon loses nothing. The card is issued when the owner records the payment.
 */
export function giftCardZelleMail(to: string, purchase: GiftCardZelleData, store: StoreInfo): OutgoingMail {
  const amount = formatCents(purchase.amount)
  const recipient = unlinkable(printableName(purchase.recipientName) ?? 'your recipient')
  const steps = [
    'Open the Zelle app (or your banking app with Zelle).',
    `Send ${amount} to our phone number: ${store.phone}`,
    `Write "${purchase.memo}" in the memo.`,
    'Verify the details and send.',
  ]
  const after = `As soon as your payment arrives we issue the card and send your receipt; ${recipient} receives it by e-mail on ${formatDay(purchase.deliveryDate, { long: true })}, or on the day your payment arrives if that is later.`
  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(printableName(purchase.buyerName))}</P>
      <P>{`Thank you for choosing a ${amount} gift card. To pay with Zelle:`}</P>
      <ol style={{ margin: '0 0 16px', paddingLeft: 20, lineHeight: 1.6 }}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <P>{after}</P>
      <P>{`Questions? Please text us at ${store.phone} rather than calling.`}</P>
    </>,
  )
  return { kind: 'gift-card-zelle', to, subject: `How to pay for your ${amount} gift card`, text, html }
}

export interface GiftCardZelleEndedData {
  amount: number
  buyerName: string
  /** "Gift card GC-12". */
  memo: string
  /**
   * How it ended: unpaid when its hold ended, with when that was in the shop's words ('Thursday,
   * November 26 at 3:00 PM CST'), or cancelled by the shop.
   */
  ended: { by: 'expiry'; heldUntil: string } | { by: 'shop' }
}

/**
 * A Zelle purchase ended unpaid, expired or cancelled by the owner: worded as an expired Zelle
 * order's notice, and the same way back either way (buy again, or reply about a missed payment).
 */
export function giftCardZelleEndedMail(
  to: string,
  purchase: GiftCardZelleEndedData,
  store: StoreInfo,
): OutgoingMail {
  const amount = formatCents(purchase.amount)
  const lead =
    purchase.ended.by === 'expiry'
      ? `We waited until ${purchase.ended.heldUntil} for the Zelle payment for your ${amount} gift card ("${purchase.memo}"), but did not receive it, so the purchase has been cancelled. No card was issued.`
      : `We have cancelled your ${amount} gift card purchase ("${purchase.memo}") before its Zelle payment arrived. No card was issued.`
  const more =
    'If you would still like to give it, you are welcome to buy it again. If you sent a payment that we missed, reply to this e-mail and we will sort it out at once.'
  const { html, text } = renderMail(
    store,
    <>
      <P>{greeting(printableName(purchase.buyerName))}</P>
      <P>{lead}</P>
      <P>{more}</P>
    </>,
  )
  return {
    kind: purchase.ended.by === 'expiry' ? 'gift-card-zelle-expired' : 'gift-card-zelle-cancelled',
    to,
    subject: `Your ${amount} gift card purchase has been cancelled`,
    text,
    html,
  }
}
