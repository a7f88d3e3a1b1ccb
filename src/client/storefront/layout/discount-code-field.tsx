import { Tag, X } from 'lucide-react'
import { useId, useState } from 'react'
import type { Cart } from '../../../shared/cart'
import { ApiError } from '../../lib/api'
import { useApplyDiscount, useRemoveDiscount } from '../../lib/cart-editing'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'

/**
 * The cart's "Discount code" field (issue 25): applies a code, says why one is refused, and once
 * applied shows it with a way to take it off. The amounts show in the summary above.
 */
export function DiscountCodeField({ cart }: { cart: Pick<Cart, 'discountCode' | 'discountProblem'> }) {
  const id = useId()
  const [code, setCode] = useState('')
  const apply = useApplyDiscount()
  const remove = useRemoveDiscount()
  const refusal =
    apply.error instanceof ApiError
      ? (apply.error.serverMessage ?? 'This code cannot be used')
      : apply.error
        ? 'Could not apply the code. Please try again.'
        : undefined

  if (cart.discountCode)
    return (
      <div className="text-sm">
        <div className="flex items-center justify-between gap-3">
          <p className="flex min-w-0 items-center gap-2 text-ink">
            <Tag className="size-4 shrink-0 text-jade-700" aria-hidden />
            <span className="truncate">
              Code <span className="font-medium tracking-wide">{cart.discountCode}</span> applied
            </span>
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
            aria-label={`Remove the code ${cart.discountCode}`}
          >
            <X className="size-3.5" aria-hidden /> Remove
          </Button>
        </div>
        {cart.discountProblem && (
          <p className="mt-1 text-sold" role="status">
            {cart.discountProblem}
          </p>
        )}
      </div>
    )

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (code.trim()) apply.mutate(code.trim(), { onSuccess: () => setCode('') })
      }}
    >
      <label htmlFor={`${id}-code`} className="text-sm text-ink-muted">
        Discount code
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
          maxLength={32}
          className="min-w-0 flex-1"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="secondary" loading={apply.isPending} disabled={!code.trim()}>
          Apply
        </Button>
      </div>
      {refusal && (
        <p id={`${id}-error`} className="text-sm text-sold" role="alert">
          {refusal}
        </p>
      )}
    </form>
  )
}
