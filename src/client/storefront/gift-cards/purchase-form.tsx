import { type FormEvent, type ReactNode, useState } from 'react'
import {
  GIFT_CARD_PURCHASE_MESSAGES,
  type GiftCardPurchaseInput,
  giftCardPurchaseSchema,
  MAX_DELIVERY_DAYS_AHEAD,
  SUGGESTED_GIFT_CARD_AMOUNTS,
} from '../../../shared/gift-cards/purchase'
import { GIFT_CARD_MESSAGE_MAX } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { addDays } from '../../../shared/shop-dates/calendar'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'

export type FieldErrors = Partial<Record<string, string>>

type Choice = number | 'other'

interface Values {
  choice: Choice
  custom: string
  recipientName: string
  recipientEmail: string
  message: string
  deliveryDate: string
  buyerName: string
  buyerEmail: string
  paymentMethod: 'card' | 'zelle'
}

const DOLLARS = /^\d{1,4}(?:,\d{3})*(?:\.\d{1,2})?$|^\d+(?:\.\d{1,2})?$/

/** "$120.50" → 12050 cents; undefined when it is not dollars and cents. */
function centsOf(typed: string): number | undefined {
  const plain = typed.trim().replace(/^\$/, '')
  if (!DOLLARS.test(plain)) return undefined
  const [whole = '0', fraction = ''] = plain.replaceAll(',', '').split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export function amountOf(values: Pick<Values, 'choice' | 'custom'>): number | undefined {
  return values.choice === 'other' ? centsOf(values.custom) : values.choice
}

/** The purchase form: amount, who it is for, who it is from, how it is paid. */
export function PurchaseForm({
  today,
  busy,
  serverErrors,
  onAmount,
  onSubmit,
}: {
  /** 'YYYY-MM-DD' in the shop. */
  today: string
  busy: boolean
  serverErrors: FieldErrors
  onAmount: (amount: number | undefined) => void
  onSubmit: (input: GiftCardPurchaseInput) => void
}) {
  const [values, setValues] = useState<Values>({
    choice: 10_000,
    custom: '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliveryDate: today,
    buyerName: '',
    buyerEmail: '',
    paymentMethod: 'card',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const shown = { ...serverErrors, ...errors }
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    const next = { ...values, [name]: value }
    setValues(next)
    setErrors(({ [name === 'choice' || name === 'custom' ? 'amount' : name]: _, ...rest }) => rest)
    if (name === 'choice' || name === 'custom') onAmount(amountOf(next))
  }
  const text = (name: keyof Values) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const amount = amountOf(values)
    const input: GiftCardPurchaseInput = {
      amount: amount ?? Number.NaN,
      recipientName: values.recipientName,
      recipientEmail: values.recipientEmail,
      message: values.message,
      deliveryDate: values.deliveryDate,
      buyerName: values.buyerName,
      buyerEmail: values.buyerEmail,
      paymentMethod: values.paymentMethod,
    }
    const parsed = giftCardPurchaseSchema.safeParse(input)
    const found: FieldErrors = {}
    if (amount === undefined) found.amount = 'Enter an amount in dollars and cents, e.g. 75 or 75.50'
    if (values.deliveryDate < today) found.deliveryDate = GIFT_CARD_PURCHASE_MESSAGES.deliveryPast
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      found[field] ??= issue.message
    }
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) {
      document.getElementById(first === 'amount' ? 'amount-legend' : `gift-${first}`)?.focus()
      return
    }
    onSubmit(input)
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-10">
      <Section n={1} title="Choose an amount">
        <fieldset aria-describedby={shown.amount ? 'amount-error' : 'amount-hint'}>
          <legend id="amount-legend" tabIndex={-1} className="sr-only">
            Amount
          </legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {[...SUGGESTED_GIFT_CARD_AMOUNTS, 'other' as const].map((choice) => (
              <label
                key={choice}
                className={cn(
                  'flex h-12 cursor-pointer items-center justify-center rounded-sm border text-sm tabular-nums transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-jade-700',
                  values.choice === choice
                    ? 'border-jade-700 bg-jade-700 text-ivory'
                    : 'border-ink/30 text-ink hover:border-ink',
                  choice === 'other' && 'col-span-2 sm:col-span-1',
                )}
              >
                <input
                  type="radio"
                  name="amount-choice"
                  className="sr-only"
                  checked={values.choice === choice}
                  onChange={() => set('choice', choice)}
                />
                {choice === 'other' ? 'Other amount' : formatCents(choice).replace('.00', '')}
              </label>
            ))}
          </div>
          {values.choice === 'other' && (
            <FormField label="Amount in dollars" htmlFor="gift-amount" className="mt-5 max-w-xs">
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="75.00"
                {...text('custom')}
                aria-invalid={Boolean(shown.amount) || undefined}
              />
            </FormField>
          )}
          <p id="amount-hint" className="mt-3 text-sm text-ink-muted">
            Any amount from $25 to $5,000.
          </p>
          {shown.amount && (
            <p id="amount-error" role="alert" className="mt-2 text-sm text-destructive">
              {shown.amount}
            </p>
          )}
        </fieldset>
      </Section>

      <Section n={2} title="Who is it for?">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Recipient’s name" htmlFor="gift-recipientName" error={shown.recipientName}>
            <Input autoComplete="off" {...text('recipientName')} />
          </FormField>
          <FormField label="Recipient’s e-mail" htmlFor="gift-recipientEmail" error={shown.recipientEmail}>
            <Input type="email" autoComplete="off" {...text('recipientEmail')} />
          </FormField>
        </div>
        <FormField
          label="Your message (optional)"
          htmlFor="gift-message"
          error={shown.message}
          hint={`${values.message.length} / ${GIFT_CARD_MESSAGE_MAX} · plain text, seen only by the recipient`}
        >
          <Textarea rows={4} maxLength={GIFT_CARD_MESSAGE_MAX + 50} {...text('message')} />
        </FormField>
        <FormField
          label="Delivery date"
          htmlFor="gift-deliveryDate"
          error={shown.deliveryDate}
          hint="We e-mail the card on this day. Today sends it right away."
          className="max-w-xs"
        >
          <Input
            type="date"
            min={today}
            max={addDays(today, MAX_DELIVERY_DAYS_AHEAD)}
            {...text('deliveryDate')}
          />
        </FormField>
      </Section>

      <Section n={3} title="From you">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Your name" htmlFor="gift-buyerName" error={shown.buyerName}>
            <Input autoComplete="name" {...text('buyerName')} />
          </FormField>
          <FormField label="Your e-mail" htmlFor="gift-buyerEmail" error={shown.buyerEmail}>
            <Input type="email" autoComplete="email" {...text('buyerEmail')} />
          </FormField>
        </div>
        <p className="text-sm text-ink-muted">
          Your receipt goes here; the card’s code goes to the recipient only.
        </p>
      </Section>

      <Section n={4} title="Payment">
        <fieldset>
          <legend className="sr-only">Payment method</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <PayOption
              checked={values.paymentMethod === 'card'}
              onChange={() => set('paymentMethod', 'card')}
              title="Card"
              detail="Pay now; the card is issued at once."
            />
            <PayOption
              checked={values.paymentMethod === 'zelle'}
              onChange={() => set('paymentMethod', 'zelle')}
              title="Zelle"
              detail="Issued as soon as your payment arrives."
            />
          </div>
        </fieldset>
        {shown.paymentMethod && (
          <p role="alert" className="text-sm text-destructive">
            {shown.paymentMethod}
          </p>
        )}
      </Section>

      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {values.paymentMethod === 'card' ? 'Continue to payment' : 'Buy with Zelle'}
        {amountOf(values) ? ` · ${formatCents(amountOf(values)!)}` : ''}
      </Button>
    </form>
  )
}

function Section({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = `gift-step-${n}`
  return (
    <section aria-labelledby={id} className="space-y-5">
      <h2 id={id} className="flex items-baseline gap-3 font-display text-2xl text-ink">
        <span className="text-base tabular-nums text-gold-deep">{`0${n}`}</span>
        {title}
      </h2>
      {children}
    </section>
  )
}

function PayOption(props: { checked: boolean; onChange: () => void; title: string; detail: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-sm border p-4 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-jade-700',
        props.checked ? 'border-jade-700 bg-jade-50' : 'border-ink/30 hover:border-ink',
      )}
    >
      <input
        type="radio"
        name="payment-method"
        checked={props.checked}
        onChange={props.onChange}
        className="mt-1 size-4 accent-jade-700"
      />
      <span>
        <span className="block font-medium text-ink">{props.title}</span>
        <span className="block text-sm text-ink-muted">{props.detail}</span>
      </span>
    </label>
  )
}
