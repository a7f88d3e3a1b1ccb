import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import type { CheckoutPaymentMethod, PaymentIntentResponse } from '../../../shared/checkout'
import { EMPTY_CART, queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { PageSkeleton } from '../../ui/page-skeleton'
import { toast } from '../../ui/use-toast'
import { type OrderDraft, orderError, submitOrder } from './api'
import { CheckoutForm } from './checkout-form'
import { OrderSummary } from './order-summary'
import { PaymentStep } from './payment-step'

type Step = { kind: 'details' } | { kind: 'payment'; draft: OrderDraft; intent: PaymentIntentResponse }

export function CheckoutPage() {
  const { data: cart, isPending } = useQuery(queries.cart())
  const [step, setStep] = useState<Step>({ kind: 'details' })
  const [idempotencyKey] = useState(() => globalThis.crypto.randomUUID())
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  if (isPending) return <PageSkeleton />
  const lines = (cart ?? EMPTY_CART).items.filter((item) => item.available)
  // An empty cart has nothing to check out (storefront.md §2).
  if (lines.length === 0) return <Navigate to="/" replace />

  /** The order exists: leave for the confirmation first, then empty the cart. */
  const finish = (
    orderId: number,
    paymentMethod: CheckoutPaymentMethod,
    warnings?: string[],
    total?: number,
  ) => {
    toast({
      title: 'Order Submitted Successfully',
      description: [`Your order number is #${orderId}.`, ...(warnings ?? [])].join(' '),
    })
    // The amount rides in the history entry (it stays there on reload), not in a link to share.
    navigate(
      `/order-confirmation?orderId=${orderId}&payment=${paymentMethod === 'zelle' ? 'zelle' : 'card'}`,
      {
        state: total === undefined ? undefined : { total },
      },
    )
    queryClient.setQueryData(queries.cart().queryKey, EMPTY_CART)
    void queryClient.invalidateQueries({ queryKey: queries.cart().queryKey })
    void queryClient.invalidateQueries({ queryKey: ['/api/products'] })
  }

  const payByCard = async (draft: OrderDraft, paymentIntentId: string) => {
    try {
      const response = await submitOrder(draft, paymentIntentId)
      finish(response.order?.id ?? response.id, 'stripe', response.warnings)
    } catch (error) {
      toast({ title: 'Order Processing Failed', description: orderError(error), variant: 'destructive' })
      setStep({ kind: 'details' })
      void queryClient.invalidateQueries({ queryKey: queries.cart().queryKey })
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Secure checkout</p>
      <h1 className="mt-3 font-display text-5xl text-ink">Checkout</h1>
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
              onZelleOrder={(orderId, total) => finish(orderId, 'zelle', undefined, total)}
              onPaymentReady={(draft, intent) => setStep({ kind: 'payment', draft, intent })}
            />
          </div>
          {step.kind === 'payment' && (
            <section aria-labelledby="payment-heading">
              <Button variant="link" className="px-0" onClick={() => setStep({ kind: 'details' })}>
                <ArrowLeft className="size-4" aria-hidden /> Back to details
              </Button>
              <h2 id="payment-heading" className="mt-4 font-display text-3xl text-ink">
                Complete Payment
              </h2>
              <PaymentStep
                intent={step.intent}
                total={step.draft.total}
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
          <OrderSummary items={lines} cart={cart ?? EMPTY_CART} />
        </aside>
      </div>
    </div>
  )
}
