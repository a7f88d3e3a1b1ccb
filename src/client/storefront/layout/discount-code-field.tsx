import { Tag, X } from 'lucide-react'
import type { Cart } from '../../../shared/cart/rules'
import { useApplyDiscount, useRemoveDiscount } from '../../lib/cart-editing'
import { Button } from '../../ui/button'
import { CodeEntryField } from '../../ui/code-entry-field'

/**
 * The cart's "Discount code" field (issue 25): applies a code, says why one is refused, and once
 * applied shows it with a way to take it off. The amounts show in the summary above.
 */
export function DiscountCodeField({ cart }: { cart: Pick<Cart, 'discountCode' | 'discountProblem'> }) {
  const apply = useApplyDiscount()
  const remove = useRemoveDiscount()

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
    <CodeEntryField
      label="Discount code"
      labelClassName="text-sm"
      maxLength={32}
      mutation={apply}
      refused="This code cannot be used"
      failed="Could not apply the code. Please try again."
    />
  )
}
