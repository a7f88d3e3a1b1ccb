import { lazy, Suspense } from 'react'
import type { PaymentIntentResponse } from '../../../shared/checkout/schema'
import { Spinner } from '../../ui/spinner'
import { TestCardForm } from './test-card-form'

// Stripe's Payment Element loads only when the shop runs with Stripe keys and a shopper pays.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'))

export interface PaymentStepProps {
  intent: PaymentIntentResponse
  total: number
  onPaid: (intentId: string) => void
  onFailed: (message: string) => void
}

export function PaymentStep({ intent, total, onPaid, onFailed }: PaymentStepProps) {
  if (intent.provider === 'stripe' && intent.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading secure payment form" />}>
        <StripePaymentForm
          publishableKey={intent.publishableKey}
          clientSecret={intent.clientSecret}
          total={total}
          onPaid={() => onPaid(intent.paymentIntentId)}
          onFailed={onFailed}
        />
      </Suspense>
    )
  }
  return <TestCardForm intentId={intent.paymentIntentId} total={total} onPaid={onPaid} onFailed={onFailed} />
}
