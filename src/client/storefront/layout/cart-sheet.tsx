import { ShoppingBag } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../ui/sheet'

// The cart's lines, totals and shipping arrive with the cart feature; until then the sheet shows
// the specification's empty state.
export default function CartSheet({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="flex flex-col">
        <SheetTitle className="font-display text-2xl">Shopping Cart</SheetTitle>
        <SheetDescription className="sr-only">Items in your cart</SheetDescription>
        <div className="flex flex-1 items-center justify-center">
          <EmptyState
            icon={<ShoppingBag className="size-8" aria-hidden />}
            title="Your cart is empty"
            description="Looks like you haven't added anything to your cart yet."
            action={
              <Button asChild onClick={() => onOpenChange(false)}>
                <Link to="/products">Continue Shopping</Link>
              </Button>
            }
          />
        </div>
      </SheetContent>
    </Sheet>
  )
}
