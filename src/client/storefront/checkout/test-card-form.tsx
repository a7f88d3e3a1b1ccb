import { FlaskConical } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { formatCents } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { confirmTestPayment } from './api'

/**
 * The built-in test provider's card form, used when the shop has no Stripe keys. It says so
 * plainly: nothing is charged. Stripe's test numbers behave as they do at Stripe.
 */
export function TestCardForm({
  intentId,
  total,
  onPaid,
  onFailed,
}: {
  intentId: string
  total: number
  onPaid: (intentId: string) => void
  onFailed: (message: string) => void
}) {
  const [cardNumber, setCardNumber] = useState('')
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const result = await confirmTestPayment(intentId, cardNumber)
      if (result.status === 'succeeded') onPaid(intentId)
      else onFailed('Payment failed')
    } catch (error) {
      onFailed((error instanceof ApiError && error.serverMessage) || 'Payment processing failed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-5 border border-dashed border-gold p-6" noValidate>
      <p className="flex items-center gap-2 text-sm font-medium text-gold-deep">
        <FlaskConical className="size-4" aria-hidden /> Test mode: no real card is charged
      </p>
      <p className="text-sm text-ink-muted">
        Use 4242 4242 4242 4242 for a successful payment, or 4000 0000 0000 0002 to see a declined card.
      </p>
      <FormField label="Card number" htmlFor="test-card-number">
        <Input
          id="test-card-number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry" htmlFor="test-card-expiry">
          <Input id="test-card-expiry" placeholder="12 / 34" autoComplete="off" defaultValue="12 / 34" />
        </FormField>
        <FormField label="CVC" htmlFor="test-card-cvc">
          <Input id="test-card-cvc" placeholder="123" autoComplete="off" defaultValue="123" />
        </FormField>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy || !cardNumber.trim()}>
        {busy ? 'Processing...' : `Pay ${formatCents(total)}`}
      </Button>
    </form>
  )
}
