import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { GiftCardPurchaseAnswer, GiftCardPurchaseInput } from '../../../shared/gift-cards/purchase'
import { formatCents } from '../../../shared/money'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { ApiError } from '../../lib/api'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'
import { PaymentStep } from '../checkout/payment-step'
import { completePurchase, startPurchase } from './api'
import { GiftCardTerms } from './gift-card-terms'
import { GiftCardVisual } from './gift-card-visual'
import { PurchaseDone } from './purchase-done'
import { PurchaseForm } from './purchase-form'

type Step =
  | { kind: 'form' }
  | { kind: 'pay'; purchase: GiftCardPurchaseAnswer; buyerEmail: string }
  | { kind: 'done'; purchase: GiftCardPurchaseAnswer; buyerEmail: string }

/**
 * /gift-cards — buy a gift card (issue 36): the amount, who it is for, a message and a date, paid
 * by card (the checkout's card form) or by Zelle. The terms sit beside the form.
 */
export function GiftCardsPage() {
  const { data: store } = useQuery(queries.store())
  const storeName = store?.name ?? 'Jade'
  const today = dayIn(store?.timeZone)
  const [amount, setAmount] = useState<number | undefined>(10_000)
  const [step, setStep] = useState<Step>({ kind: 'form' })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  // Each step starts at the top of the panel (on a phone the form is long, the next step short).
  const panel = useRef<HTMLElement>(null)
  const shownStep = step.kind
  useEffect(() => {
    if (shownStep !== 'form') panel.current?.scrollIntoView({ block: 'start' })
  }, [shownStep])

  // A refusal about a field is shown beside it by the form; this is for one that names none.
  const refused = (error: unknown) =>
    setFailure(error instanceof ApiError ? error.serverMessage : 'Something went wrong. Please try again.')

  /** Rejects with the refusal, which the form places beside its fields. */
  const submit = async (input: GiftCardPurchaseInput) => {
    setBusy(true)
    setFailure(undefined)
    try {
      const purchase = await startPurchase(input)
      setStep({ kind: purchase.payment ? 'pay' : 'done', purchase, buyerEmail: input.buyerEmail })
    } finally {
      setBusy(false)
    }
  }

  const paid = async (purchase: GiftCardPurchaseAnswer, buyerEmail: string, intentId: string) => {
    try {
      setStep({ kind: 'done', purchase: await completePurchase(purchase.id, intentId), buyerEmail })
    } catch (error) {
      setFailure((error instanceof ApiError && error.serverMessage) || 'Payment processing failed')
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20 lg:px-8">
      <div className="grid gap-12 lg:grid-cols-12 lg:gap-16">
        <div className="min-w-0 space-y-10 lg:col-span-5">
          <header>
            <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Gift cards</p>
            <h1 className="mt-4 font-display text-5xl leading-tight text-ink sm:text-6xl">Give jade</h1>
            <div className="mt-6 h-px w-16 bg-gold" aria-hidden />
            <p className="mt-6 max-w-md text-lg leading-relaxed text-ink-muted">
              Most of our pieces are one of a kind. A gift card lets the person you love choose theirs: sent
              by e-mail on the day you pick, with your own words.
            </p>
          </header>
          <GiftCardVisual
            storeName={storeName}
            amount={step.kind === 'form' ? amount : step.purchase.amount}
          />
        </div>

        <section
          ref={panel}
          aria-label="Buy a gift card"
          className="min-w-0 scroll-mt-24 lg:col-span-7 lg:row-span-2"
        >
          <div className="border border-ink/10 bg-white/60 p-5 sm:p-10">
            {failure && (
              <p
                role="alert"
                className="mb-6 border-l-2 border-destructive bg-destructive/5 p-4 text-sm text-ink"
              >
                {failure}
              </p>
            )}
            {/* Kept mounted behind the card form, so "Back to the details" finds them as they were. */}
            <div hidden={step.kind !== 'form'}>
              <PurchaseForm
                today={today}
                busy={busy}
                onAmount={setAmount}
                onSubmit={submit}
                onFailure={refused}
              />
            </div>
            {step.kind === 'pay' && step.purchase.payment && (
              <div>
                <h2 className="font-display text-3xl text-ink">Pay {formatCents(step.purchase.amount)}</h2>
                <p className="mt-2 text-ink-muted">
                  A gift card for {step.purchase.recipientName}. Gift cards cannot pay for gift cards.
                </p>
                <PaymentStep
                  intent={step.purchase.payment}
                  total={step.purchase.amount}
                  onPaid={(intentId) => paid(step.purchase, step.buyerEmail, intentId)}
                  onFailed={setFailure}
                />
                <Button variant="link" className="mt-4 px-0" onClick={() => setStep({ kind: 'form' })}>
                  Back to the details
                </Button>
              </div>
            )}
            {step.kind === 'done' && (
              <PurchaseDone purchase={step.purchase} today={today} buyerEmail={step.buyerEmail} />
            )}
          </div>
          <p className="mt-6 text-sm text-ink-muted">
            Received a card?{' '}
            <Link
              to="/gift-cards/balance"
              className="text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700"
            >
              Check its balance
            </Link>
            .
          </p>
        </section>

        <div className="min-w-0 lg:col-span-5">
          <GiftCardTerms storeName={storeName} />
        </div>
      </div>
    </div>
  )
}
