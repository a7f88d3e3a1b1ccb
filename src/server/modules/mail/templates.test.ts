import { describe, expect, it } from 'vitest'
import type { StoreInfo } from '../../../shared/ssr'
import { passwordResetMail, securityNoticeMail, staffInvitationMail } from './templates/account-mails'
import { campaignMail } from './templates/campaign-mail'
import { checkoutReminderMail } from './templates/checkout-reminder-mail'
import {
  inquiryAcknowledgementMail,
  inquiryNoticeMail,
  newsletterConfirmationMail,
  newsletterWelcomeMail,
} from './templates/community-mails'
import { giftCardMail } from './templates/gift-card-mails'
import {
  giftCardReceiptMail,
  giftCardZelleEndedMail,
  giftCardZelleMail,
} from './templates/gift-card-receipt-mail'
import { newOrderNoticeMail, type OrderMailData, orderConfirmationMail } from './templates/order-mails'
import { installmentReminderMail, orderStatusMail } from './templates/order-status-mails'
import { pieceAlertConfirmationMail, similarPieceMail } from './templates/piece-alert-mails'

const store: StoreInfo = {
  name: 'Jade Shop',
  email: 'hello@jadeshop.example',
  phone: '(713) 555-0123',
  freeShippingThresholdCents: 15_000,
  flatShippingCents: 695,
}
const publicUrl = 'https://shop.example.com'

function order(fields: Partial<OrderMailData> = {}): OrderMailData {
  return {
    id: 1001,
    customerName: 'Mei Lin',
    customerEmail: 'mei@example.com',
    customerPhone: '555-0100',
    paymentMethod: 'zelle',
    paymentStatus: 'unpaid',
    items: [
      { name: 'Imperial Green Bangle', quantity: 1, price: 125_000 },
      { name: 'Lavender Stud Earrings', quantity: 2, price: 15_000 },
    ],
    subtotal: 155_000,
    discountCode: null,
    discount: 0,
    shippingCost: 0,
    taxLines: [],
    total: 155_000,
    shipping: { address: '1 Main St', city: 'Houston', state: 'TX', zip: '77002', country: 'US' },
    specialInstructions: null,
    appointmentRequest: false,
    insuranceInterest: true,
    reservedUntil: null,
    ...fields,
  }
}

describe('the order confirmation', () => {
  it("tells a Zelle shopper until when the pieces are held, on the shop's clock", () => {
    const mail = orderConfirmationMail(
      order({ reservedUntil: '2026-11-26T21:00:00.000Z' }),
      { ...store, timeZone: 'America/Chicago' },
      publicUrl,
    )
    for (const body of [mail.text, mail.html!])
      expect(body).toContain(
        'We are holding them for you until Thursday, November 26 at 3:00 PM CST. If we have not received your payment by then, the order will be cancelled and the pieces returned to the shop.',
      )
    const paid = orderConfirmationMail(
      order({ paymentStatus: 'paid', reservedUntil: '2026-11-26T21:00:00.000Z' }),
      store,
      publicUrl,
    )
    expect(paid.text).not.toContain('holding them')
  })

  it('gives a Zelle shopper the order number, the phone number and the four steps', () => {
    const mail = orderConfirmationMail(order(), store, publicUrl)
    expect(mail).toMatchObject({ kind: 'order-confirmation', to: 'mei@example.com' })
    expect(mail.subject).toContain('#1001')
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain('#1001')
      expect(body).toContain('(713) 555-0123')
      expect(body).toContain('Open the Zelle app')
      expect(body).toContain('Send $1,550.00 to our phone number: (713) 555-0123')
      expect(body).toContain('Include your order number #1001 in the memo.')
      expect(body).toContain('Verify the details and send.')
      expect(body).toContain('Your items ship after your payment is confirmed.')
      expect(body).toContain('Please text us at')
      expect(body).toContain('rather than calling')
      expect(body).toContain('https://shop.example.com/order/1001')
      expect(body).toContain('Imperial Green Bangle')
    }
    expect(mail.text).toMatch(/1\. Open the Zelle app[\s\S]*2\. Send[\s\S]*3\. Include[\s\S]*4\. Verify/)
    expect(mail.text).toContain('Lavender Stud Earrings, $150.00 each × 2: $300.00')
    expect(mail.text).toContain('Subtotal: $1,550.00')
    expect(mail.text).toContain('Shipping: FREE')
    expect(mail.text).toContain('Total: $1,550.00')
  })

  it('shows the shipping cost when there is one, and no Zelle steps for a paid card order', () => {
    const mail = orderConfirmationMail(
      order({
        paymentMethod: 'stripe',
        paymentStatus: 'paid',
        subtotal: 10_000,
        shippingCost: 695,
        total: 10_695,
      }),
      store,
      publicUrl,
    )
    expect(mail.text).toContain('Shipping: $6.95')
    expect(mail.text).toContain('Total: $106.95')
    expect(mail.text).not.toContain('Zelle')
    expect(mail.html).not.toContain('Zelle')
  })

  it('shows the discount code and what it took off as a line (issue 25)', () => {
    const mail = orderConfirmationMail(
      order({ subtotal: 155_000, discountCode: 'SPRING10', discount: 15_500, total: 139_500 }),
      store,
      publicUrl,
    )
    expect(mail.text).toContain('Discount (SPRING10): -$155.00')
    expect(mail.html).toContain('Discount (SPRING10)')
    expect(mail.text).toContain('Total: $1,395.00')
    expect(orderConfirmationMail(order(), store, publicUrl).text).not.toContain('Discount')
  })

  it('shows the sales tax line per jurisdiction before the total (issue 34)', () => {
    const taxLines = [
      { jurisdiction: 'Texas', type: 'state' as const, rate: 0.0625, taxable: 155_000, tax: 9_688 },
      { jurisdiction: 'Houston city', type: 'city' as const, rate: 0.01, taxable: 155_000, tax: 1_550 },
    ]
    const mail = orderConfirmationMail(order({ taxLines, total: 166_238 }), store, publicUrl)
    expect(mail.text).toContain('Texas tax (6.25%): $96.88\nHouston city tax (1%): $15.50\nTotal: $1,662.38')
    expect(mail.html).toContain('Houston city tax (1%)')
    expect(orderConfirmationMail(order(), store, publicUrl).text).not.toContain(' tax (')
  })

  it('escapes what the shopper typed in the HTML', () => {
    const name = '<script>alert("x")</script>'
    // Names with markup are refused since issue 31; an older order's reaches only the owner's notice.
    const mail = newOrderNoticeMail(
      order({
        customerName: name,
        shipping: { ...order().shipping, address: '<img src=x onerror=alert(1)>' },
      }),
      store,
      publicUrl,
    )
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    // The plain text is not HTML: it keeps the name as typed.
    expect(mail.text).toContain(name)
  })
})

describe('the new order notice', () => {
  it('tells the shop everything needed to act on the order', () => {
    const mail = newOrderNoticeMail(
      order({ specialInstructions: 'Gift wrap, please', appointmentRequest: true }),
      store,
      publicUrl,
    )
    expect(mail).toMatchObject({ kind: 'new-order-notice', to: 'hello@jadeshop.example' })
    expect(mail.subject).toContain('#1001')
    for (const body of [mail.text, mail.html!]) {
      for (const expected of [
        'Mei Lin',
        'mei@example.com',
        '555-0100',
        'Imperial Green Bangle',
        'Zelle, Unpaid',
        '1 Main St',
        'Houston, TX 77002',
        'Gift wrap, please',
        'https://shop.example.com/admin/orders',
        '$1,550.00',
        'FREE',
      ]) {
        expect(body).toContain(expected)
      }
    }
    expect(mail.text).toContain('Appointment requested: Yes')
    expect(mail.text).toContain('Insurance interest: Yes')
  })

  it('escapes the customer name and instructions in the HTML', () => {
    const mail = newOrderNoticeMail(
      order({ customerName: '<script>evil()</script>', specialInstructions: '<b>now</b>' }),
      store,
      publicUrl,
    )
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>now')
    expect(mail.html).toContain('&lt;script&gt;evil()&lt;/script&gt;')
  })
})

describe('the password reset mail', () => {
  it('carries the link, says it lasts one hour and can be ignored', () => {
    const url = 'https://shop.example.com/account/reset-password?token=abc&x=1'
    const mail = passwordResetMail('mei@example.com', url, store)
    expect(mail).toMatchObject({ kind: 'password-reset', to: 'mei@example.com' })
    expect(mail.text).toContain(url)
    expect(mail.text).toContain('one hour')
    expect(mail.text).toContain('ignore this e-mail')
    expect(mail.html).toContain('href="https://shop.example.com/account/reset-password?token=abc&amp;x=1"')
  })
})

describe('the community e-mails', () => {
  const inquiry = {
    name: 'Mei <b>Lin</b>',
    email: 'mei@example.com',
    subject: 'About the <script>bangle</script>',
    message: 'Line one\nLine two & "three"',
  }

  it('sends the shop the message with Reply-To the sender, as text in both parts', () => {
    const mail = inquiryNoticeMail(inquiry, store, publicUrl)
    expect(mail).toMatchObject({
      kind: 'inquiry-notice',
      to: 'hello@jadeshop.example',
      replyTo: 'mei@example.com',
    })
    expect(mail.subject).toBe('New inquiry: About the <script>bangle</script>')
    expect(mail.text).toContain('Line one\nLine two & "three"')
    expect(mail.text).toContain('https://shop.example.com/admin/inquiries')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>Lin')
    expect(mail.html).toContain('About the &lt;script&gt;bangle&lt;/script&gt;')
    expect(mail.html).toContain('Line one\nLine two &amp; &quot;three&quot;')
    // One layout: the store's name on top, its contact line at the foot.
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/)
    expect(mail.html).toContain('Jade Shop · hello@jadeshop.example · (713) 555-0123 (text)')
  })

  it("thanks the sender in fixed words: nothing the visitor typed goes out in the shop's name", () => {
    const mail = inquiryAcknowledgementMail('mei@example.com', store)
    expect(mail).toMatchObject({
      kind: 'inquiry-acknowledgement',
      to: 'mei@example.com',
      subject: 'Thank you for your message to Jade Shop',
    })
    expect(mail.text).toContain('we will get back to you soon')
    expect(mail.html).toContain('we will get back to you soon')
  })

  it('welcomes a subscriber with the unsubscribe link in both parts and in List-Unsubscribe', () => {
    const url = 'https://shop.example.com/newsletter/unsubscribe?token=abc_123'
    const mail = newsletterWelcomeMail('mei@example.com', url, store)
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${url}>` })
    expect(mail.text).toContain(url)
    expect(mail.html).toContain(`href="${url}"`)
  })
})

describe('the gift card e-mail', () => {
  const card = {
    code: 'ABCD-EFGH-JKMN-PQRS',
    amount: 12_500,
    recipientName: 'Mei',
    senderName: 'Auntie Lan',
    message: 'For the bangle at jade.example\nLove, <b>Lan</b>',
    expiresAt: null,
  }

  it('shows the code, the amount, the sender and the message as text that is never a link', () => {
    const mail = giftCardMail('mei@example.com', card, store, publicUrl)
    expect(mail).toMatchObject({ kind: 'gift-card', subject: 'Auntie Lan sent you a $125.00 gift card' })
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('ABCD-EFGH-JKMN-PQRS')
      expect(part).toContain('$125.00')
      expect(part).toContain('Auntie Lan')
      expect(part).not.toContain('jade.example')
      expect(part).toContain('jade.\u2060example')
    }
    expect(mail.html).toContain('&lt;b&gt;Lan&lt;/b&gt;')
    expect(mail.html).not.toContain('href="jade')
    expect(mail.text).toContain('It never expires.')
  })

  it("dates its expiry by the shop's day, not UTC's", () => {
    // The end of 29 November 2031 in Houston is already the 30th in UTC.
    const expiresAt = new Date('2031-11-30T05:59:59Z')
    const mail = giftCardMail(
      'mei@example.com',
      { ...card, expiresAt },
      { ...store, timeZone: 'America/Chicago' },
      publicUrl,
    )
    expect(mail.text).toContain('Valid until November 29, 2031.')
    expect(mail.html).toContain('Valid until November 29, 2031.')
  })

  it('is from the shop when no sender is named, and says a resent code replaces the old one', () => {
    const mail = giftCardMail(
      'mei@example.com',
      { ...card, senderName: null, message: null, replacesEarlierCode: true },
      store,
      publicUrl,
    )
    expect(mail.subject).toBe('Jade Shop sent you a $125.00 gift card')
    expect(mail.text).toContain('replaces the one we sent you before')
  })

  it('speaks of store credit for a refund given as a card, with the order, the code and the amount', () => {
    const mail = giftCardMail(
      'mei@example.com',
      { ...card, senderName: null, message: null, storeCreditForOrder: 1042 },
      store,
      publicUrl,
    )
    expect(mail).toMatchObject({ kind: 'gift-card', subject: 'Your $125.00 store credit for order #1042' })
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('ABCD-EFGH-JKMN-PQRS')
      expect(part).toContain('$125.00 of store credit')
      expect(part).toContain('order #1042')
      expect(part).not.toContain('has sent you')
      expect(part).toContain('checkout offers your credit without the code')
    }
    expect(mail.text).toContain('Your store credit code: ABCD-EFGH-JKMN-PQRS')
  })
})

describe('the plain-text part', () => {
  const url = (path: string) => `${publicUrl}${path}`
  const piece = (id: number, fields: { originalPrice?: number; sold?: boolean } = {}) => ({
    name: `Piece ${id}`,
    price: 128_000,
    originalPrice: fields.originalPrice ?? null,
    url: url(`/product/${id}`),
    imageUrl: id % 2 ? url(`/images/${id}.jpg`) : null,
    imageAlt: `Piece ${id} on a linen cloth`,
    sold: fields.sold ?? false,
  })
  const statusOrder = {
    id: 1001,
    customerName: 'Mei Lin',
    customerEmail: 'mei@example.com',
    total: 52_000,
    items: [{ name: 'Imperial Bangle', quantity: 2 }],
    accessKey: '1.abc',
  }
  const giftCard = {
    code: 'ABCD-EFGH-JKMN-PQRS',
    amount: 12_500,
    recipientName: 'Mei',
    senderName: 'Auntie Lan',
    message: 'Happy birthday!\nBuy something green.',
    expiresAt: null,
  }
  // Every template, each with the links and the parts it can have.
  const mails = {
    orderConfirmation: orderConfirmationMail(
      order({ accessKey: '1.abc', discountCode: 'SPRING10', discount: 15_500, total: 139_500 }),
      store,
      publicUrl,
    ),
    newOrderNotice: newOrderNoticeMail(order({ specialInstructions: 'Gift wrap\nplease' }), store, publicUrl),
    passwordReset: passwordResetMail('mei@example.com', url('/account/reset-password?token=a&x=1'), store),
    securityNotice: securityNoticeMail(
      'mei@example.com',
      { subject: 'password changed', what: 'Your password was changed', when: 'Thursday, November 26' },
      store,
      url('/'),
    ),
    staffInvitation: staffInvitationMail(
      'lan@example.com',
      { url: url('/staff/invitation?token=abc'), roleLabel: 'Staff', invitedBy: 'Mei' },
      store,
    ),
    campaign: {
      kind: 'campaign',
      ...campaignMail(
        {
          subject: 'New bangles',
          previewText: 'Three new bangles',
          html: `<h2>Autumn</h2><p>Three <strong>new</strong> bangles. See <a href="${url('/journal')}">the journal</a> &amp; more.</p>`,
          pieces: [piece(1, { originalPrice: 150_000 }), piece(2, { sold: true })],
          story: {
            title: 'Hetian jade',
            excerpt: 'A story.',
            url: url('/journal/hetian'),
            imageUrl: url('/s.jpg'),
          },
          unsubscribeUrl: url('/newsletter/unsubscribe?token=abc'),
          oneClickUrl: url('/newsletter/one-click?token=abc'),
          postalAddress: '1 Main St, Houston, TX 77002',
        },
        store,
      ),
    },
    checkoutReminder: checkoutReminderMail(
      'mei@example.com',
      [
        { ...piece(1), quantity: 1 },
        { ...piece(2), quantity: 2 },
      ],
      {
        checkout: url('/reminders/resume?token=abc'),
        unsubscribePage: url('/reminders/unsubscribe?token=abc'),
        unsubscribeOneClick: url('/reminders/one-click?token=abc'),
      },
      store,
    ),
    inquiryNotice: inquiryNoticeMail(
      { name: 'Mei Lin', email: 'mei@example.com', subject: 'A ring', message: 'Line one\nLine two' },
      store,
      publicUrl,
    ),
    inquiryAcknowledgement: inquiryAcknowledgementMail('mei@example.com', store),
    newsletterConfirmation: newsletterConfirmationMail(
      'mei@example.com',
      url('/newsletter/confirm?token=abc'),
      store,
    ),
    newsletterWelcome: newsletterWelcomeMail(
      'mei@example.com',
      url('/newsletter/unsubscribe?token=abc'),
      store,
      {
        code: 'WELCOME25',
        kind: 'fixed',
        value: 2_500,
        minSubtotal: 20_000,
      },
    ),
    giftCard: giftCardMail('mei@example.com', giftCard, store, publicUrl),
    giftCardReceipt: giftCardReceiptMail(
      'lan@example.com',
      {
        amount: 12_500,
        last4: 'PQRS',
        buyerName: 'Lan',
        recipientName: 'Mei',
        recipientEmail: 'mei@example.com',
        deliveryDate: '2026-12-24',
        paymentMethod: 'card',
        sentToday: false,
      },
      store,
    ),
    giftCardZelle: giftCardZelleMail(
      'lan@example.com',
      {
        amount: 12_500,
        buyerName: 'Lan',
        recipientName: 'Mei',
        deliveryDate: '2026-12-24',
        memo: 'Gift card GC-12',
      },
      store,
    ),
    giftCardZelleEnded: giftCardZelleEndedMail(
      'lan@example.com',
      { amount: 12_500, buyerName: 'Lan', memo: 'Gift card GC-12', ended: { by: 'shop' } },
      store,
    ),
    orderShipped: orderStatusMail('order-shipped', statusOrder, store, publicUrl, {
      trackingNumber: '9400111899223100012345',
    }),
    installmentReminder: installmentReminderMail(
      statusOrder,
      { amount: 10_000, dueDate: '2026-12-01', overdue: true },
      store,
      publicUrl,
    ),
    pieceAlertConfirmation: pieceAlertConfirmationMail(
      'mei@example.com',
      url('/alerts/confirm?token=abc'),
      { category: 'Bangles', pieceName: 'Piece 9' },
      store,
    ),
    similarPiece: similarPieceMail(
      'mei@example.com',
      {
        category: 'Bangles',
        pieces: [piece(1, { originalPrice: 150_000 }), piece(2), piece(3), piece(4)],
        categoryUrl: url('/category/bangles'),
        unsubscribeUrl: url('/alerts/unsubscribe?token=abc'),
        oneClickUrl: url('/alerts/one-click?token=abc'),
      },
      store,
    ),
  }

  const decode = (href: string) => href.replaceAll('&amp;', '&')

  it('is tested with the links of every template that has some', () => {
    const unlinked = Object.entries(mails).filter(([, mail]) => !mail.html!.includes('<a '))
    expect(unlinked.map(([name]) => name)).toEqual([
      'inquiryAcknowledgement',
      'giftCardReceipt',
      'giftCardZelle',
      'giftCardZelleEnded',
    ])
  })

  it.each(Object.entries(mails))('of the %s carries every link of its HTML, as text', (_name, mail) => {
    // Links only: React's <link rel="preload"> for a picture is no place a reader goes.
    const hrefs = [...mail.html!.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => decode(match[1]!))
    for (const href of hrefs) expect(mail.text).toContain(href)
    expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>/i)
    expect(mail.text).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z]+);/i)
    // The signature line closes every message, and no line is broken to a width.
    expect(mail.text).toMatch(/Jade Shop · hello@jadeshop\.example · \(713\) 555-0123 \(text\)$/)
    expect(mail.text).not.toMatch(/\n{3}/)
  })

  it('reads a table as label: value lines, a link once, and leaves pictures out', () => {
    const notice = mails.newOrderNotice.text
    expect(notice).toContain('Appointment requested: No\nInsurance interest: Yes')
    expect(notice).toContain('Special instructions: Gift wrap, please')
    expect(notice).toContain('Imperial Green Bangle × 1: $1,250.00\nLavender Stud Earrings')
    expect(notice).not.toMatch(/Item|Qty/)
    expect(mails.passwordReset.text.split(url('/account/reset-password')).length).toBe(2)
    expect(mails.securityNotice.text).toContain(`sign in at ${url('/')} and choose`)
    const alert = mails.similarPiece.text
    expect(alert).toContain('$1,280.00 (was $1,500.00)')
    expect(alert.split(url('/product/1')).length).toBe(2)
    expect(alert).not.toContain('linen cloth')
    expect(alert).not.toContain('.jpg')
    expect(mails.campaign.text).not.toContain('Three new bangles\n')
    expect(mails.campaign.text).toContain(
      'Three new bangles. See the journal: https://shop.example.com/journal & more.',
    )
    expect(mails.campaign.text).toContain('1 Main St, Houston, TX 77002')
    expect(mails.checkoutReminder.text).toContain(`Piece 2, 2 × $1,280.00: $2,560.00\n${url('/product/2')}`)
    expect(mails.giftCard.text).toContain('Happy birthday!\nBuy something green.')
    expect(mails.giftCard.text).toContain('Your gift card code: ABCD-EFGH-JKMN-PQRS')
  })
})
