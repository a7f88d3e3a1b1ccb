import { Link } from 'react-router'
import type { Cart, CartItem } from '../../../shared/cart/rules'
import type { GiftCardPlan } from '../../../shared/gift-cards/payments'
import { formatCents } from '../../../shared/money'
import { ProductImage } from '../../ui/product-image'
import { CartSummary, type TaxLineState } from '../layout/cart-sheet'
import { DiscountCodeField } from '../layout/discount-code-field'
import { AmountDue, GiftCardField } from './gift-card-field'

export function OrderSummary({
  items,
  cart,
  tax,
  giftCards,
}: {
  items: CartItem[]
  cart: Cart
  tax?: TaxLineState
  /** What the applied gift cards pay of this order, after tax (issue 36). */
  giftCards: GiftCardPlan
}) {
  return (
    <section aria-labelledby="summary-heading" className="border border-ink/10 lg:sticky lg:top-28">
      <h2 id="summary-heading" className="border-b border-ink/10 px-6 py-5 font-display text-2xl text-ink">
        Order summary
      </h2>
      <ul className="divide-y divide-ink/10 px-6">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-4">
            <div className="w-16 shrink-0 bg-sand">
              <ProductImage url={item.product.imageUrls[0]} alt="" sizes="64px" />
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-display text-lg text-ink">{item.product.name}</p>
              <p className="text-sm text-ink-muted">Qty {item.quantity}</p>
            </div>
            <p className="tabular-nums text-sm">{formatCents(item.product.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <CartSummary cart={cart} tax={tax}>
        <AmountDue plan={giftCards} pending={!!tax && tax.status !== 'ready'} />
        <DiscountCodeField cart={cart} />
        <GiftCardField plan={giftCards} />
      </CartSummary>
      <div className="space-y-2 border-t border-ink/10 px-6 py-4 text-sm text-ink-muted">
        <p>Orders are processed within 1-2 business days.</p>
        <p>
          Questions about returns? Read our{' '}
          <Link to="/return-policy" className="text-jade-700 underline underline-offset-4">
            return policy
          </Link>
          .
        </p>
      </div>
    </section>
  )
}
