import { Link } from 'react-router'

/**
 * The terms, shown where a card is sold (Texas requires them disclosed; the federal CARD Act sets
 * the expiry floor). Short and true to what the shop does: no expiry, no fees, a lost code can be
 * replaced (the back office's resend draws a new one and voids the old), a spent one cannot.
 */
export function GiftCardTerms({ storeName }: { storeName: string }) {
  return (
    <section aria-labelledby="gift-card-terms" className="border-t border-gold/50 pt-8">
      <h2 id="gift-card-terms" className="font-display text-2xl text-ink">
        Gift card terms
      </h2>
      <ul className="mt-5 space-y-3 text-sm leading-relaxed text-ink-muted">
        <li>
          <strong className="font-medium text-ink">No expiry.</strong> Our gift cards do not expire. Should a
          card ever carry an expiry date, it is never earlier than 5 years after it was issued (federal CARD
          Act). There are no dormancy, inactivity or service fees.
        </li>
        <li>
          <strong className="font-medium text-ink">Spending it.</strong> Good for any piece at {storeName},
          online, at checkout; up to 3 cards per order, with card or Zelle paying any remainder. A gift card
          cannot be used to buy another gift card.
        </li>
        <li>
          <strong className="font-medium text-ink">Not cash.</strong> Cards cannot be redeemed for cash,
          except where state law requires it.
        </li>
        <li>
          <strong className="font-medium text-ink">Keep the code safe.</strong> Whoever has the code can spend
          the card. If the e-mail is lost, write to us with the receipt: we send a new code and the old one
          stops working. We cannot restore a balance someone else has already spent.
        </li>
        <li>
          Check a balance any time on the{' '}
          <Link
            to="/gift-cards/balance"
            className="text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
          >
            balance page
          </Link>
          . Questions?{' '}
          <Link
            to="/contact"
            className="text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
          >
            Contact us
          </Link>
          .
        </li>
      </ul>
    </section>
  )
}
