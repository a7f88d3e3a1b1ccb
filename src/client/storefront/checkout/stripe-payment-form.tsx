import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { type FormEvent, useState } from 'react'
import { formatCents } from '../../../shared/money'
import { Button } from '../../ui/button'

const stripes = new Map<string, Promise<Stripe | null>>()
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key))
  return stripes.get(key)!
}

interface StripePaymentFormProps {
  publishableKey: string
  clientSecret: string
  total: number
  onPaid: () => void
  onFailed: (message: string) => void
}

/** Stripe's Payment Element: card details go to Stripe, never through our server. */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...props
}: StripePaymentFormProps) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          theme: 'flat',
          variables: {
            colorPrimary: '#0F6B4B',
            colorBackground: '#FAF7F2',
            colorText: '#1F2A24',
            borderRadius: '2px',
          },
        },
      }}
    >
      <PaymentForm {...props} />
    </Elements>
  )
}

function PaymentForm({
  total,
  onPaid,
  onFailed,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe()
  const elements = useElements()
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/order-confirmation` },
      redirect: 'if_required',
    })
    setBusy(false)
    if (error) onFailed(error.message ?? 'Payment failed')
    else if (paymentIntent?.status === 'succeeded') onPaid()
    else onFailed('Payment processing failed')
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-6">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || busy}>
        {busy ? 'Processing...' : `Pay ${formatCents(total)}`}
      </Button>
    </form>
  )
}
