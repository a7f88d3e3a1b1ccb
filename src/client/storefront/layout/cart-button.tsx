import { ShoppingBag } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../ui/sheet'

// The cart's lines, totals and shipping arrive with the cart feature; until then the sheet shows
// the specification's empty state and the badge counts nothing.
export function CartButton() {
  const [open, setOpen] = useState(false)
  const itemCount = 0
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label="Open cart"
        onClick={() => setOpen(true)}
      >
        <ShoppingBag className="size-5" aria-hidden />
        {itemCount > 0 && (
          <span className="absolute -right-0.5 -top-0.5 flex size-5 items-center justify-center rounded-full bg-jade-700 text-[0.65rem] font-medium text-ivory tabular-nums">
            {itemCount}
          </span>
        )}
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="right" className="flex flex-col">
          <SheetTitle className="font-display text-2xl">Shopping Cart</SheetTitle>
          <SheetDescription className="sr-only">Items in your cart</SheetDescription>
          <div className="flex flex-1 items-center justify-center">
            <EmptyState
              icon={<ShoppingBag className="size-8" aria-hidden />}
              title="Your cart is empty"
              description="Looks like you haven't added anything to your cart yet."
              action={
                <Button asChild onClick={() => setOpen(false)}>
                  <Link to="/products">Continue Shopping</Link>
                </Button>
              }
            />
          </div>
        </SheetContent>
      </Sheet>
    </>
  )
}
