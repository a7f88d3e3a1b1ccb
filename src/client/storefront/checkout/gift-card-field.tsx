import { Gift, X } from 'lucide-react'
import { useState } from 'react'
import { MAX_GIFT_CARDS } from '../../../shared/checkout/schema'
import { ACCOUNT_CARD_SOURCE_LABELS } from '../../../shared/gift-cards/account-contract'
import { type GiftCardPlan, giftCardPaymentLabel } from '../../../shared/gift-cards/payments'
import { maskedCode } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { useAccountGiftCards } from '../../lib/account-gift-cards'
import { useApplyGiftCard, useRemoveGiftCard } from '../../lib/cart-editing'
import { Button } from '../../ui/button'
import { CodeEntryField, refusalOf } from '../../ui/code-entry-field'

const REFUSED = 'This gift card cannot be used'
const FAILED = 'Could not apply the gift card. Please try again.'

/**
 * Checkout's "Gift card or store credit" field (issue 36), after the discount code's pattern: up to
 * three codes, each shown as "Gift card ••••AB12 −$X" (store credit: "Store credit ••••AB12") with what it pays of this order (after tax,
 * in the order applied) and a way to take it off; the server's words when one is refused.
 */
export function GiftCardField({ plan }: { plan: GiftCardPlan }) {
  const apply = useApplyGiftCard()
  const remove = useRemoveGiftCard()

  return (
    <div className="grid gap-2 text-sm">
      {plan.payments.length > 0 && (
        <ul className="grid gap-1" aria-label="Gift cards applied">
          {plan.payments.map((payment) => (
            <li key={payment.last4} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {/* Wraps rather than scrolls on the narrowest phones: the Remove button goes below. */}
              <span className="flex flex-1 items-center gap-2 whitespace-nowrap text-ink">
                <Gift className="size-4 shrink-0 text-jade-700" aria-hidden />
                {giftCardPaymentLabel(payment.last4, payment.kind)}
              </span>
              <span className="tabular-nums text-jade-700">−{formatCents(payment.amount)}</span>
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                onClick={() => remove.mutate(payment.last4)}
                disabled={remove.isPending}
                aria-label={`Remove ${giftCardPaymentLabel(payment.last4, payment.kind)}`}
              >
                <X className="size-3.5" aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {plan.payments.length < MAX_GIFT_CARDS && (
        <>
          <SavedCards applied={plan.payments.map((payment) => payment.last4)} />
          <CodeEntryField
            label="Gift card or store credit"
            maxLength={64}
            mutation={apply}
            refused={REFUSED}
            failed={FAILED}
            // Beside the discount code's own Apply: named apart for screen readers (the name starts with the text shown).
            applyLabel="Apply gift card"
          />
        </>
      )}
    </div>
  )
}

/**
 * A signed-in shopper's usable store credit not yet applied (issue 36), each applied with one press
 * by its id: no code to find and type. Nothing shows for a guest or a shopper without credit; a
 * gift card sent to their e-mail is applied by its code, as any other.
 */
function SavedCards({ applied }: { applied: readonly string[] }) {
  const { data } = useAccountGiftCards()
  const apply = useApplyGiftCard()
  const [pressed, setPressed] = useState<number>()
  const usable = (data?.items ?? []).filter(
    (card) => card.applicable && card.status === 'active' && !applied.includes(card.last4),
  )
  if (usable.length === 0) return null
  const refusal = refusalOf(apply.error, REFUSED, FAILED)
  return (
    <section aria-label="Your store credit and gift cards" className="grid gap-1">
      <p className="text-ink-muted">Your store credit and gift cards</p>
      <ul className="grid gap-1">
        {usable.map((card) => {
          const name = `${ACCOUNT_CARD_SOURCE_LABELS[card.source]} ${maskedCode(card.last4)}`
          return (
            <li key={card.id} className="flex items-center gap-3">
              <Gift className="size-4 shrink-0 text-jade-700" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block text-ink">{name}</span>
                <span className="block text-xs tabular-nums text-ink-muted">
                  {formatCents(card.balance)} available
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                loading={apply.isPending && pressed === card.id}
                disabled={apply.isPending}
                aria-label={`Apply ${name}`}
                onClick={() => {
                  setPressed(card.id)
                  apply.mutate({ cardId: card.id })
                }}
              >
                Apply
              </Button>
            </li>
          )
        })}
      </ul>
      {refusal && (
        <p className="text-sold" role="alert">
          {refusal}
        </p>
      )}
    </section>
  )
}

/** The summary's "Amount due" once gift cards pay: what is left for the card or Zelle. */
export function AmountDue({ plan, pending }: { plan: GiftCardPlan; pending: boolean }) {
  if (plan.payments.length === 0) return null
  return (
    <p className="flex justify-between border-t border-ink/10 pt-2 text-base font-medium">
      <span>Amount due</span>
      <span className="tabular-nums" aria-live="polite">
        {pending ? 'Calculating...' : formatCents(plan.amountDue)}
      </span>
    </p>
  )
}
