import { ShoppingBag } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { dismissAddedToCart, useCart } from '../../lib/cart'
import { useOnceOpened } from '../../lib/use-once-opened'
import { Button } from '../../ui/button'

const CartSheet = lazy(() => import('./cart-sheet'))

export function CartButton() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const mounted = useOnceOpened(open)
  const { itemCount } = useCart()
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label="Open cart"
        aria-describedby={itemCount > 0 ? 'cart-count' : undefined}
        onClick={() => {
          dismissAddedToCart()
          setOpen(true)
        }}
        // Start loading the sheet's code as soon as the pointer heads for the button.
        onPointerEnter={() => void import('./cart-sheet')}
      >
        <ShoppingBag className="size-5" aria-hidden />
        {itemCount > 0 && (
          <span
            id="cart-count"
            className="absolute -right-0.5 -top-0.5 flex size-5 items-center justify-center rounded-full bg-jade-700 text-[0.65rem] font-medium text-ivory tabular-nums"
          >
            {itemCount}
            <span className="sr-only"> items</span>
          </span>
        )}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <CartSheet open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  )
}
