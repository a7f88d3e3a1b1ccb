import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, CheckCircle2, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { formatCents } from '../../../shared/money'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { toast } from '../../ui/use-toast'

const COPY_FEEDBACK_MS = 2000

export function ConfirmationPage() {
  const [searchParams] = useSearchParams()
  const orderId = searchParams.get('orderId')
  // Card orders (and Stripe's return after a redirect) are paid; everything else waits for Zelle.
  const paidByCard = searchParams.get('payment') === 'card' || searchParams.has('payment_intent')
  const { data: store } = useQuery(queries.store())
  const queryClient = useQueryClient()
  const zelleTotal = useZelleTotal()

  // The cart is refreshed on arrival (storefront.md §2): it may have just been emptied.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queries.cart().queryKey })
  }, [queryClient])

  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-jade-700" aria-hidden />
        <h1 className="mt-6 font-display text-5xl text-ink">Order Confirmed!</h1>
        {orderId && (
          <p className="mt-4 text-lg text-ink">
            Your order number is <strong className="tabular-nums">#{orderId}</strong>
          </p>
        )}
        <p className="mt-3 text-ink-muted">
          A confirmation email has been sent to you. Items ship after payment is confirmed.
        </p>
      </div>

      {!paidByCard && store && (
        <div className="mt-12 border border-ink/10 bg-sand/40 p-6 sm:p-8">
          <h2 className="font-display text-3xl text-ink">Pay with Zelle</h2>
          <ol className="mt-6 space-y-4">
            <Step n={1}>Open the Zelle app or your bank's app.</Step>
            <Step n={2}>
              <span className="flex flex-wrap items-center gap-3">
                {zelleTotal === undefined ? (
                  'Send the total'
                ) : (
                  <>
                    Send <strong className="tabular-nums text-ink">{formatCents(zelleTotal)}</strong>
                  </>
                )}{' '}
                to our phone number <strong className="tabular-nums text-ink">{store.phone}</strong>
                <CopyButton value={store.phone} />
              </span>
            </Step>
            <Step n={3}>
              Include your order number{orderId ? <strong className="text-ink"> #{orderId}</strong> : null} in
              the memo.
            </Step>
            <Step n={4}>Verify the details and send.</Step>
          </ol>
          <p className="mt-6 text-sm text-ink-muted">
            Questions about your payment? Please text us at {store.phone} rather than call, so we can reply
            with details in writing.
          </p>
        </div>
      )}

      <div className="mt-12 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Continue Shopping</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </section>
  )
}

/**
 * The amount to send, which checkout leaves in the history entry. Read after hydration: the
 * server-rendered page cannot know it, and says "the total" until then.
 */
function useZelleTotal(): number | undefined {
  const { state } = useLocation()
  const [total, setTotal] = useState<number>()
  useEffect(() => {
    const value = (state as { total?: unknown } | null)?.total
    setTotal(typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined)
  }, [state])
  return total
}

function Step({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-jade-700 text-sm font-medium text-ivory">
        {n}
      </span>
      <span className="pt-1 text-ink">{children}</span>
    </li>
  )
}

function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      toast({
        title: 'Failed to copy',
        description: 'Please copy the number manually',
        variant: 'destructive',
      })
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? 'Copied!' : 'Copy number'}
    </Button>
  )
}
