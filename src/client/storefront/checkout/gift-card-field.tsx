import { Gift, X } from 'lucide-react'
import { useId, useState } from 'react'
import { MAX_GIFT_CARDS } from '../../../shared/checkout'
import { type GiftCardPlan, giftCardPaymentLabel } from '../../../shared/gift-cards/payments'
import { formatCents } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { useApplyGiftCard, useRemoveGiftCard } from '../../lib/cart-editing'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'

/**
 * Checkout's "Gift card or store credit" field (issue 36), after the discount code's pattern: up to
 * three codes, each shown as "Gift card ••••AB12 −$X" with what it pays of this order (after tax,
 * in the order applied) and a way to take it off; the server's words when one is refused.
 */
export function GiftCardField({ plan }: { plan: GiftCardPlan }) {
  const id = useId()
  const [code, setCode] = useState('')
  const apply = useApplyGiftCard()
  const remove = useRemoveGiftCard()
  const refusal =
    apply.error instanceof ApiError
      ? (apply.error.serverMessage ?? 'This gift card cannot be used')
      : apply.error
        ? 'Could not apply the gift card. Please try again.'
        : undefined

  return (
    <div className="grid gap-2 text-sm">
      {plan.payments.length > 0 && (
        <ul className="grid gap-1" aria-label="Gift cards applied">
          {plan.payments.map((payment) => (
            <li key={payment.last4} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {/* Wraps rather than scrolls on the narrowest phones: the Remove button goes below. */}
              <span className="flex flex-1 items-center gap-2 whitespace-nowrap text-ink">
                <Gift className="size-4 shrink-0 text-jade-700" aria-hidden />
                {giftCardPaymentLabel(payment.last4)}
              </span>
              <span className="tabular-nums text-jade-700">−{formatCents(payment.amount)}</span>
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                onClick={() => remove.mutate(payment.last4)}
                disabled={remove.isPending}
                aria-label={`Remove ${giftCardPaymentLabel(payment.last4)}`}
              >
                <X className="size-3.5" aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {plan.payments.length < MAX_GIFT_CARDS && (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            if (code.trim()) apply.mutate(code.trim(), { onSuccess: () => setCode('') })
          }}
        >
          <label htmlFor={`${id}-code`} className="text-ink-muted">
            Gift card or store credit
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-code`}
              value={code}
              onChange={(event) => {
                setCode(event.target.value)
                if (apply.error) apply.reset()
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              className="min-w-0 flex-1"
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${id}-error` : undefined}
            />
            {/* Beside the discount code's own Apply: named apart for screen readers (the name starts with the text shown). */}
            <Button
              type="submit"
              variant="secondary"
              loading={apply.isPending}
              disabled={!code.trim()}
              aria-label="Apply gift card"
            >
              Apply
            </Button>
          </div>
          {refusal && (
            <p id={`${id}-error`} className="text-sold" role="alert">
              {refusal}
            </p>
          )}
        </form>
      )}
    </div>
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
