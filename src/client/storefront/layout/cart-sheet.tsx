import { useQuery } from '@tanstack/react-query'
import { ShoppingBag, Trash2 } from 'lucide-react'
import { type RefObject, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { type Cart, type CartItem, freeShippingProgress, orderAmounts } from '../../../shared/cart/rules'
import { capitalize } from '../../../shared/catalog/rules'
import { formatCents } from '../../../shared/money'
import type { TaxCalculation } from '../../../shared/tax/schema'
import { useCart } from '../../lib/cart'
import { useRemoveCartLine, useShippingQuote, useUpdateCartLine } from '../../lib/cart-editing'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Price } from '../../ui/price'
import { ProductImage } from '../../ui/product-image'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../ui/sheet'
import { QuantityStepper } from '../catalog/quantity-stepper'
import { DiscountCodeField } from './discount-code-field'

export default function CartSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The header's cart button: the sheet is not opened by a Radix trigger, so Radix cannot find it. */
  returnFocusTo: RefObject<HTMLButtonElement | null>
}) {
  const title = useRef<HTMLHeadingElement>(null)
  const cart = useCart()
  const navigate = useNavigate()
  const buyable = cart.items.some((item) => item.available)

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="flex flex-col gap-0 p-0"
        // Radix would focus the first button, "Remove <piece>", where Enter deletes the piece: the
        // title says where the shopper is and lets them tab on from there.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          title.current?.focus()
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo.current?.focus()
        }}
      >
        <div className="border-b border-ink/10 px-6 py-5">
          <SheetTitle ref={title} tabIndex={-1} className="outline-none">
            Shopping Cart
          </SheetTitle>
          <SheetDescription className="sr-only">The pieces in your cart</SheetDescription>
        </div>
        {cart.items.length === 0 ? (
          <div className="flex flex-1 items-center justify-center px-6">
            <EmptyState
              icon={<ShoppingBag className="size-8" aria-hidden />}
              title="Your cart is empty"
              description="Looks like you haven't added anything to your cart yet."
              action={<Button onClick={() => onOpenChange(false)}>Continue Shopping</Button>}
            />
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-ink/10 overflow-y-auto px-6">
              {cart.items.map((item) => (
                <CartLine key={item.id} item={item} onNavigate={() => onOpenChange(false)} />
              ))}
            </ul>
            <CartSummary cart={cart}>
              <DiscountCodeField cart={cart} />
              <Button
                size="lg"
                className="w-full"
                disabled={!buyable}
                onClick={() => {
                  onOpenChange(false)
                  navigate('/checkout')
                }}
              >
                Checkout
              </Button>
            </CartSummary>
          </>
        )}
      </SheetContent>
    </Sheet>
  )
}

function CartLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const update = useUpdateCartLine()
  const remove = useRemoveCartLine()
  return (
    <li className="flex gap-4 py-5">
      <Link
        to={`/product/${item.productId}`}
        onClick={onNavigate}
        className="w-20 shrink-0 self-start bg-sand"
      >
        <ProductImage url={item.product.imageUrls[0]} alt={item.product.name} sizes="80px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={`/product/${item.productId}`}
              onClick={onNavigate}
              className="line-clamp-2 font-display text-lg leading-snug text-ink hover:text-jade-700"
            >
              {item.product.name}
            </Link>
            <p className="text-xs uppercase tracking-[0.12em] text-ink-muted">
              {capitalize(item.product.category)}
            </p>
          </div>
          <Price cents={item.product.price} className="text-sm" />
        </div>
        {item.available ? (
          <div className="mt-auto flex items-center justify-between pt-3">
            <QuantityStepper
              value={item.quantity}
              max={item.product.stockQuantity}
              disabled={update.isPending}
              label={`Quantity of ${item.product.name}`}
              onChange={(quantity) => update.mutate({ id: item.id, quantity })}
            />
            <RemoveButton name={item.product.name} onClick={() => remove.mutate(item.id)} />
          </div>
        ) : (
          <div className="mt-auto flex items-center justify-between pt-3">
            <p className="text-sm text-sold">No longer available</p>
            <RemoveButton name={item.product.name} onClick={() => remove.mutate(item.id)} />
          </div>
        )}
      </div>
    </li>
  )
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" onClick={onClick} aria-label={`Remove ${name}`}>
      <Trash2 className="size-4" aria-hidden />
    </Button>
  )
}

/**
 * Subtotal, the discount code's line, shipping (free from the threshold, judged after the
 * discount), total and the progress toward free shipping.
 */
export function CartSummary({
  cart,
  tax,
  children,
}: {
  cart: Pick<Cart, 'subtotal' | 'discount' | 'discountCode' | 'taxAtCheckout'>
  /** At checkout, while the shop collects sales tax: the server's quote for the address typed. */
  tax?: TaxLineState
  children?: React.ReactNode
}) {
  const { data: store } = useQuery(queries.store())
  const threshold = store?.freeShippingThresholdCents ?? 15_000
  const { subtotal } = cart
  const discount = cart.discount ?? 0
  // Free shipping is judged on what the shopper pays for the pieces.
  const net = subtotal - discount
  const quote = useShippingQuote(net)
  const shipping =
    subtotal <= 0
      ? { cost: 0, method: '' }
      : net <= 0
        ? {
            cost: orderAmounts(subtotal, discount, {
              freeThresholdCents: threshold,
              flatCents: store?.flatShippingCents ?? 695,
            }).shippingCost,
            method: '',
          }
        : quote.data
  const qualifies = net >= threshold
  return (
    <div className="space-y-4 border-t border-ink/10 bg-sand/40 px-6 py-5">
      <div>
        <p className="text-sm text-ink" aria-live="polite">
          {qualifies
            ? 'Congratulations! You qualify for FREE shipping!'
            : `You're only ${formatCents(threshold - net)} away from FREE shipping!`}
        </p>
        <div
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink/10"
          role="progressbar"
          aria-label="Progress toward free shipping"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={freeShippingProgress(net, threshold)}
        >
          <div
            className="h-full bg-jade-700 transition-[width] duration-500"
            style={{ width: `${freeShippingProgress(net, threshold)}%` }}
          />
        </div>
      </div>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-muted">Subtotal</dt>
          <dd className="tabular-nums">{formatCents(subtotal)}</dd>
        </div>
        {discount > 0 && (
          <div className="flex justify-between gap-3">
            <dt className="min-w-0 truncate text-ink-muted">
              Discount{cart.discountCode && <span className="tracking-wide"> ({cart.discountCode})</span>}
            </dt>
            <dd className="tabular-nums text-jade-700">−{formatCents(discount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-ink-muted">Shipping</dt>
          <dd className="tabular-nums">
            {!shipping ? 'Calculating...' : shipping.cost === 0 ? 'FREE' : formatCents(shipping.cost)}
          </dd>
        </div>
        {tax && <SalesTaxLine tax={tax} />}
        <div className="flex justify-between border-t border-ink/10 pt-2 text-base font-medium">
          <dt>Total</dt>
          <dd className="tabular-nums" aria-live="polite">
            {/* Never a total lower than what will be charged: with the tax still unknown, it waits. */}
            {!tax || tax.status === 'ready'
              ? formatCents(net + (shipping?.cost ?? 0) + (tax?.status === 'ready' ? tax.quote.tax : 0))
              : tax.status === 'loading'
                ? 'Calculating...'
                : `${formatCents(net + (shipping?.cost ?? 0))} + tax`}
          </dd>
        </div>
      </dl>
      {cart.taxAtCheckout && !tax && <p className="text-xs text-ink-muted">Tax calculated at checkout</p>}
      {taxNote(tax) && (
        <p className="text-xs text-ink-muted" aria-live="polite">
          {taxNote(tax)}
        </p>
      )}
      {children}
    </div>
  )
}

/** The sales-tax line of the checkout summary, as far as the address allows. */
export type TaxLineState =
  | { status: 'address' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; quote: TaxCalculation }

function SalesTaxLine({ tax }: { tax: TaxLineState }) {
  const value = {
    address: 'Enter state and ZIP',
    loading: 'Calculating...',
    error: 'Unavailable',
    ready: tax.status === 'ready' ? formatCents(tax.quote.tax) : '',
  }[tax.status]
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-muted">Sales tax</dt>
      <dd className={tax.status === 'ready' ? 'tabular-nums' : 'text-ink-muted'}>{value}</dd>
    </div>
  )
}

/** Why an order carries no tax, or that the state rate stood in; a taxed order needs no words. */
const taxNote = (tax: TaxLineState | undefined) =>
  tax?.status === 'ready' && tax.quote.tax === 0 ? tax.quote.note : undefined
