import { CheckCircle2 } from 'lucide-react'
import { Link } from 'react-router'
import type { GiftCardPurchaseAnswer } from '../../../shared/gift-cards/purchase'
import { maskedCode } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { formatDay } from '../../../shared/shop-dates/calendar'
import { Button } from '../../ui/button'
import { CopyButton, Step } from '../checkout/confirmation-page'

/** After the purchase: paid by card (the card is issued), or the Zelle steps (issued once paid). */
export function PurchaseDone({
  purchase,
  today,
  buyerEmail,
}: {
  purchase: GiftCardPurchaseAnswer
  today: string
  buyerEmail: string
}) {
  const amount = formatCents(purchase.amount)
  const when =
    purchase.deliveryDate <= today ? 'today' : `on ${formatDay(purchase.deliveryDate, { long: true })}`
  const paid = purchase.status === 'paid'
  return (
    <div className="space-y-8" role="status" aria-live="polite">
      <div className="flex min-w-0 gap-4">
        <CheckCircle2 className="mt-1 size-7 shrink-0 text-jade-700" strokeWidth={1.5} aria-hidden />
        <div className="min-w-0">
          <h2 className="font-display text-3xl text-ink">
            {paid ? 'Thank you: your gift card is on its way' : 'One step left: pay with Zelle'}
          </h2>
          <p className="mt-3 leading-relaxed text-ink-muted [overflow-wrap:anywhere]">
            {paid
              ? `We e-mail the ${amount} card to ${purchase.recipientName} ${when}. Your receipt is on its way to ${buyerEmail}.`
              : purchase.deliveryDate <= today
                ? `As soon as your payment arrives, we issue the ${amount} card and e-mail it to ${purchase.recipientName}.`
                : `As soon as your payment arrives, we issue the ${amount} card; ${purchase.recipientName} receives it by e-mail ${when}.`}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 border-y border-gold/40 py-6 text-sm">
        <dt className="text-ink-muted">Amount</dt>
        <dd className="tabular-nums text-ink">{amount}</dd>
        <dt className="text-ink-muted">For</dt>
        <dd className="text-ink [overflow-wrap:anywhere]">
          {purchase.recipientName}, {purchase.recipientEmail}
        </dd>
        <dt className="text-ink-muted">Delivery</dt>
        <dd className="text-ink">{formatDay(purchase.deliveryDate, { long: true })}</dd>
        {purchase.last4 && (
          <>
            <dt className="text-ink-muted">Card</dt>
            <dd className="tabular-nums text-ink">{maskedCode(purchase.last4)}</dd>
          </>
        )}
      </dl>
      {purchase.zelle && !paid && (
        <div className="border border-ink/10 bg-sand/40 p-6 sm:p-8">
          <h3 className="font-display text-2xl text-ink">How to pay with Zelle</h3>
          <ol className="mt-6 space-y-4">
            <Step n={1}>Open the Zelle app or your bank's app.</Step>
            <Step n={2}>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-3">
                <span>
                  Send <strong className="tabular-nums text-ink">{amount}</strong> to our Zelle number{' '}
                  <strong className="tabular-nums text-ink">{purchase.zelle.phone}</strong>
                </span>
                <CopyButton value={purchase.zelle.phone} />
              </span>
            </Step>
            <Step n={3}>
              Write <strong className="text-ink">{purchase.zelle.memo}</strong> in the memo.
            </Step>
            <Step n={4}>Verify the details and send.</Step>
          </ol>
          <p className="mt-6 text-sm text-ink-muted">
            Questions about your payment? Please text us at {purchase.zelle.phone} rather than call.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="secondary">
          <Link to="/products">Browse the collection</Link>
        </Button>
        <Button asChild variant="link">
          <Link to="/gift-cards/balance">Check a gift card balance</Link>
        </Button>
      </div>
    </div>
  )
}
