import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { type Cart, orderAmounts } from '../../../shared/cart/rules'
import type {
  CheckoutPaymentMethod,
  CheckoutResponse,
  PaymentIntentResponse,
} from '../../../shared/checkout/schema'
import { type GiftCardPlan, planCartGiftCards } from '../../../shared/gift-cards/payments'
import { useAuth } from '../../lib/auth'
import { EMPTY_CART, queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { PageSkeleton } from '../../ui/page-skeleton'
import { toast } from '../../ui/use-toast'
import type { TaxLineState } from '../layout/cart-sheet'
import { type OrderDraft, orderError, orderLines, submitOrder } from './api'
import { CheckoutForm } from './checkout-form'
import { OrderSummary } from './order-summary'
import { PaymentStep } from './payment-step'
import { OUTSIDE_US, TAX_QUOTES, type TypedAddress, taxAddress, taxQuery } from './tax-quote'

type Step = { kind: 'details' } | { kind: 'payment'; draft: OrderDraft; intent: PaymentIntentResponse }

export function CheckoutPage() {
  const { data: cart, isPending } = useQuery(queries.cart())
  const [step, setStep] = useState<Step>({ kind: 'details' })
  const [idempotencyKey] = useState(() => globalThis.crypto.randomUUID())
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [address, setAddress] = useState<TypedAddress>()
  const tax = useSalesTax(cart, address)
  const detailsHeading = useRef<HTMLHeadingElement>(null)
  const paymentHeading = useRef<HTMLHeadingElement>(null)
  useStepFocus(step.kind, step.kind === 'payment' ? paymentHeading : detailsHeading)

  const giftCards = useGiftCardPlan(cart, tax)

  if (isPending) return <PageSkeleton />
  const lines = (cart ?? EMPTY_CART).items.filter((item) => item.available)
  // An empty cart has nothing to check out (storefront.md §2).
  if (lines.length === 0) return <Navigate to="/" replace />

  /** The order exists: leave for the confirmation first, then empty the cart. */
  const finish = (response: CheckoutResponse, draft: OrderDraft) => {
    const paymentMethod: CheckoutPaymentMethod = draft.form.paymentMethod
    const orderId = response.order?.id ?? response.id
    toast({
      title: 'Order Submitted Successfully',
      description: [`Your order number is #${orderId}.`, ...(response.warnings ?? [])].join(' '),
    })
    // The key lets the confirmation page read the order back, on a reload too (as the e-mail's link).
    const query = new URLSearchParams({
      orderId: String(orderId),
      payment: paymentMethod === 'zelle' ? 'zelle' : 'card',
      key: response.statusKey,
    })
    navigate(`/order-confirmation?${query}`)
    queryClient.setQueryData(queries.cart().queryKey, EMPTY_CART)
    void queryClient.invalidateQueries({ queryKey: queries.cart().queryKey })
    void queryClient.invalidateQueries({ queryKey: ['/api/products'] })
    // The profile now carries the address (and the next checkout starts from it).
    if (draft.saveAddress) void queryClient.invalidateQueries({ queryKey: queries.auth().queryKey })
  }

  const payByCard = async (draft: OrderDraft, paymentIntentId: string) => {
    try {
      finish(await submitOrder(draft, paymentIntentId), draft)
    } catch (error) {
      toast({ title: 'Order Processing Failed', description: orderError(error), variant: 'destructive' })
      setStep({ kind: 'details' })
      void queryClient.invalidateQueries({ queryKey: queries.cart().queryKey })
      void queryClient.invalidateQueries({ queryKey: [TAX_QUOTES] })
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Secure checkout</p>
      <h1
        ref={detailsHeading}
        tabIndex={-1}
        className="mt-3 scroll-mt-28 font-display text-5xl text-ink outline-none"
      >
        Checkout
      </h1>
      <div className="mt-10 grid grid-cols-1 gap-12 lg:grid-cols-12">
        <div className="lg:col-span-7">
          {/* The details form stays mounted while paying, so going back keeps what was typed. */}
          <div hidden={step.kind !== 'details'}>
            <CheckoutForm
              lines={lines}
              subtotal={cart?.subtotal ?? 0}
              discountCode={cart?.discountCode}
              discount={cart?.discount ?? 0}
              idempotencyKey={idempotencyKey}
              taxAtCheckout={!!cart?.taxAtCheckout}
              giftCards={cart?.giftCards ?? []}
              coveredByGiftCards={giftCards.payments.length > 0 && giftCards.amountDue === 0}
              onAddressChange={setAddress}
              onZelleOrder={finish}
              onPaymentReady={(draft, intent) => setStep({ kind: 'payment', draft, intent })}
            />
          </div>
          {step.kind === 'payment' && (
            <section aria-labelledby="payment-heading">
              <Button variant="link" className="px-0" onClick={() => setStep({ kind: 'details' })}>
                <ArrowLeft className="size-4" aria-hidden /> Back to details
              </Button>
              <h2
                id="payment-heading"
                ref={paymentHeading}
                tabIndex={-1}
                className="mt-4 scroll-mt-28 font-display text-3xl text-ink outline-none"
              >
                Complete Payment
              </h2>
              <PaymentStep
                intent={step.intent}
                total={step.draft.amountDue}
                onPaid={(intentId) => payByCard(step.draft, intentId)}
                onFailed={(message) => {
                  toast({ title: 'Payment Failed', description: message, variant: 'destructive' })
                  // A card failure closes the payment view (storefront.md §4).
                  setStep({ kind: 'details' })
                }}
              />
            </section>
          )}
        </div>
        <aside className="lg:col-span-5">
          <OrderSummary items={lines} cart={cart ?? EMPTY_CART} tax={tax} giftCards={giftCards} />
        </aside>
      </div>
    </div>
  )
}

/**
 * What the cart's gift cards pay of the total with its tax (issue 36), in the order applied, as
 * checkout will debit them; before the tax is known, of the total without it.
 */
function useGiftCardPlan(cart: Cart | undefined, tax: TaxLineState | undefined): GiftCardPlan {
  const { data: store } = useQuery(queries.store())
  const { total } = orderAmounts(cart?.subtotal ?? 0, cart?.discount ?? 0, {
    freeThresholdCents: store?.freeShippingThresholdCents ?? 15_000,
    flatCents: store?.flatShippingCents ?? 695,
  })
  return planCartGiftCards(cart?.giftCards ?? [], total + (tax?.status === 'ready' ? tax.quote.tax : 0))
}

/**
 * The summary's "Sales tax" line while the shop collects it: nothing until the state and ZIP are
 * complete, then the server's quote for this cart, asked again when either changes.
 */
function useSalesTax(cart: Cart | undefined, typed: TypedAddress | undefined): TaxLineState | undefined {
  const { data: store } = useQuery(queries.store())
  const { user } = useAuth()
  const address = typed && taxAddress(typed)
  const taxOn = !!cart?.taxAtCheckout
  const discount = cart?.discount ?? 0
  const { shippingCost } = orderAmounts(cart?.subtotal ?? 0, discount, {
    freeThresholdCents: store?.freeShippingThresholdCents ?? 15_000,
    flatCents: store?.flatShippingCents ?? 695,
  })
  const input =
    taxOn && cart && address && address !== 'abroad'
      ? {
          lines: orderLines(cart.items.filter((item) => item.available)),
          discountCode: discount > 0 ? cart.discountCode : undefined,
          shippingCost,
          userId: user?.id,
          ...address,
        }
      : undefined
  const quote = useQuery({ ...taxQuery(input ?? EMPTY_QUOTE), enabled: !!input })
  if (!taxOn) return undefined
  if (address === 'abroad') return { status: 'ready', quote: OUTSIDE_US }
  if (!input) return { status: 'address' }
  if (quote.data) return { status: 'ready', quote: quote.data }
  return quote.isError ? { status: 'error' } : { status: 'loading' }
}

const EMPTY_QUOTE = {
  lines: [],
  discountCode: undefined,
  shippingCost: 0,
  state: '',
  zipCode: '',
  userId: undefined,
}

/**
 * Each step replaces the other in place, so on a phone the new one would start above the screen
 * (the shopper sees only the summary) and focus would fall to the page body. Bring the step's
 * heading into view and focus it, on every width; not on the first render, where the page starts.
 */
function useStepFocus(step: Step['kind'], heading: React.RefObject<HTMLHeadingElement | null>) {
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, the ref is stable per step
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const target = heading.current
    if (!target) return
    target.focus({ preventScroll: true })
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
  }, [step])
}
