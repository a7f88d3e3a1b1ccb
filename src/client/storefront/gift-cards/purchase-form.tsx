import { zodResolver } from '@hookform/resolvers/zod'
import { type ComponentProps, type ReactNode, useEffect } from 'react'
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form'
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
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'

/** A suggested amount in cents ("10000"), or "other" for the one typed. */
type Choice = `${(typeof SUGGESTED_GIFT_CARD_AMOUNTS)[number]}` | 'other'

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
  return values.choice === 'other' ? centsOf(values.custom) : Number(values.choice)
}

/** What the form sends: the amount in cents (NaN when unreadable, which the schema refuses). */
const inputOf = (values: Values): GiftCardPurchaseInput => ({
  amount: amountOf(values) ?? Number.NaN,
  recipientName: values.recipientName,
  recipientEmail: values.recipientEmail,
  message: values.message,
  deliveryDate: values.deliveryDate,
  buyerName: values.buyerName,
  buyerEmail: values.buyerEmail,
  paymentMethod: values.paymentMethod,
})

/**
 * The fields in the order the page shows them: the first one refused gets the focus. (The typed
 * amount appears after the others were registered, so react-hook-form's own order would skip it.)
 */
const FIELD_ORDER = [
  'choice',
  'custom',
  'recipientName',
  'recipientEmail',
  'message',
  'deliveryDate',
  'buyerName',
  'buyerEmail',
  'paymentMethod',
] as const satisfies readonly (keyof Values)[]

/** The form's field for the amount: the typed one, or the suggested ones when one is chosen. */
const amountField = (values: Pick<Values, 'choice'>) => (values.choice === 'other' ? 'custom' : 'choice')

const checkPurchase = zodResolver(giftCardPurchaseSchema, undefined, { raw: true })

/**
 * Checked by the route's own schema, on what the form would send (the amount in cents), with the
 * two things only the page knows: dollars and cents as typed, and the shop's today.
 */
const purchaseResolver =
  (today: string): Resolver<Values, unknown, GiftCardPurchaseInput> =>
  async (values, context, options) => {
    const result = await checkPurchase(inputOf(values), context, options as never)
    const { amount, ...errors } = result.errors as FieldErrors<GiftCardPurchaseInput>
    if (amountOf(values) === undefined)
      Object.assign(errors, {
        custom: { type: 'pattern', message: 'Enter an amount in dollars and cents, e.g. 75 or 75.50' },
      })
    else if (amount) Object.assign(errors, { [amountField(values)]: amount })
    if (values.deliveryDate < today)
      errors.deliveryDate = { type: 'min', message: GIFT_CARD_PURCHASE_MESSAGES.deliveryPast }
    if (Object.keys(errors).length === 0)
      return result as Awaited<ReturnType<Resolver<Values, unknown, GiftCardPurchaseInput>>>
    return { values: {}, errors: errors as FieldErrors<Values> }
  }

/** The purchase form: amount, who it is for, who it is from, how it is paid. */
export function PurchaseForm({
  today,
  busy,
  onAmount,
  onSubmit,
  onFailure,
}: {
  /** 'YYYY-MM-DD' in the shop. */
  today: string
  busy: boolean
  onAmount: (amount: number | undefined) => void
  /** Starts the purchase; a refusal it throws is shown beside the fields it names. */
  onSubmit: (input: GiftCardPurchaseInput) => Promise<void>
  /** A refusal that names no field the form shows. */
  onFailure: (error: unknown) => void
}) {
  const defaults: Values = {
    choice: '10000',
    custom: '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliveryDate: today,
    buyerName: '',
    buyerEmail: '',
    paymentMethod: 'card',
  }
  const form = useForm<Values, unknown, GiftCardPurchaseInput>({
    resolver: purchaseResolver(today),
    shouldFocusError: false,
    defaultValues: defaults,
  })
  const { errors } = form.formState
  const [choice, custom, message, paymentMethod] = form.watch([
    'choice',
    'custom',
    'message',
    'paymentMethod',
  ])
  const amount = amountOf({ choice, custom })
  useEffect(() => onAmount(amount), [amount, onAmount])
  // The typed amount's message only while it is the one chosen (it is kept, with what was typed).
  const amountError = (choice === 'other' ? errors.custom : errors.choice)?.message

  const submit = form.handleSubmit(
    async (input) => {
      try {
        await onSubmit(input)
      } catch (error) {
        const fieldOf = (field: string) => (field === 'amount' ? amountField(form.getValues()) : undefined)
        if (!showServerErrors(form, error, { fieldOf })) onFailure(error)
      }
    },
    (refused) => {
      const first = FIELD_ORDER.find((name) => refused[name])
      if (first) form.setFocus(first)
    },
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-10">
      <Section n={1} title="Choose an amount">
        <fieldset aria-describedby={amountError ? 'amount-error' : 'amount-hint'}>
          <legend id="amount-legend" tabIndex={-1} className="sr-only">
            Amount
          </legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {[...SUGGESTED_GIFT_CARD_AMOUNTS, 'other' as const].map((suggested) => (
              <label
                key={suggested}
                className={cn(
                  'flex h-12 cursor-pointer items-center justify-center rounded-sm border text-sm tabular-nums transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-jade-700',
                  choice === String(suggested)
                    ? 'border-jade-700 bg-jade-700 text-ivory'
                    : 'border-ink/30 text-ink hover:border-ink',
                  suggested === 'other' && 'col-span-2 sm:col-span-1',
                )}
              >
                <input
                  type="radio"
                  value={suggested}
                  defaultChecked={String(suggested) === defaults.choice}
                  className="sr-only"
                  {...form.register('choice')}
                />
                {suggested === 'other' ? 'Other amount' : formatCents(suggested).replace('.00', '')}
              </label>
            ))}
          </div>
          {choice === 'other' && (
            <FormField label="Amount in dollars" htmlFor="gift-amount" className="mt-5 max-w-xs">
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="75.00"
                {...form.register('custom')}
                aria-invalid={Boolean(amountError) || undefined}
                aria-describedby={amountError ? 'amount-error' : undefined}
              />
            </FormField>
          )}
          <p id="amount-hint" className="mt-3 text-sm text-ink-muted">
            Any amount from $25 to $5,000.
          </p>
          {amountError && (
            <p id="amount-error" role="alert" className="mt-2 text-sm text-destructive">
              {amountError}
            </p>
          )}
        </fieldset>
      </Section>

      <Section n={2} title="Who is it for?">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Recipient’s name"
            htmlFor="gift-recipientName"
            error={errors.recipientName?.message}
          >
            <Input autoComplete="off" {...form.register('recipientName')} />
          </FormField>
          <FormField
            label="Recipient’s e-mail"
            htmlFor="gift-recipientEmail"
            error={errors.recipientEmail?.message}
          >
            <Input type="email" autoComplete="off" {...form.register('recipientEmail')} />
          </FormField>
        </div>
        <FormField
          label="Your message (optional)"
          htmlFor="gift-message"
          error={errors.message?.message}
          hint={`${message.length} / ${GIFT_CARD_MESSAGE_MAX} · plain text, seen only by the recipient`}
        >
          <Textarea rows={4} maxLength={GIFT_CARD_MESSAGE_MAX + 50} {...form.register('message')} />
        </FormField>
        <FormField
          label="Delivery date"
          htmlFor="gift-deliveryDate"
          error={errors.deliveryDate?.message}
          hint="We e-mail the card on this day. Today sends it right away."
          className="max-w-xs"
        >
          <Input
            type="date"
            min={today}
            max={addDays(today, MAX_DELIVERY_DAYS_AHEAD)}
            defaultValue={defaults.deliveryDate}
            {...form.register('deliveryDate')}
          />
        </FormField>
      </Section>

      <Section n={3} title="From you">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Your name" htmlFor="gift-buyerName" error={errors.buyerName?.message}>
            <Input autoComplete="name" {...form.register('buyerName')} />
          </FormField>
          <FormField label="Your e-mail" htmlFor="gift-buyerEmail" error={errors.buyerEmail?.message}>
            <Input type="email" autoComplete="email" {...form.register('buyerEmail')} />
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
              checked={paymentMethod === 'card'}
              value="card"
              defaultChecked={defaults.paymentMethod === 'card'}
              {...form.register('paymentMethod')}
              title="Card"
              detail="Pay now; the card is issued at once."
            />
            <PayOption
              checked={paymentMethod === 'zelle'}
              value="zelle"
              defaultChecked={defaults.paymentMethod === 'zelle'}
              {...form.register('paymentMethod')}
              title="Zelle"
              detail="Issued as soon as your payment arrives."
            />
          </div>
        </fieldset>
        {errors.paymentMethod && (
          <p role="alert" className="text-sm text-destructive">
            {errors.paymentMethod.message}
          </p>
        )}
      </Section>

      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {paymentMethod === 'card' ? 'Continue to payment' : 'Buy with Zelle'}
        {amount ? ` · ${formatCents(amount)}` : ''}
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

function PayOption({
  checked,
  title,
  detail,
  ...input
}: ComponentProps<'input'> & { checked: boolean; title: string; detail: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-sm border p-4 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-jade-700',
        checked ? 'border-jade-700 bg-jade-50' : 'border-ink/30 hover:border-ink',
      )}
    >
      <input type="radio" {...input} className="mt-1 size-4 accent-jade-700" />
      <span>
        <span className="block font-medium text-ink">{title}</span>
        <span className="block text-sm text-ink-muted">{detail}</span>
      </span>
    </label>
  )
}
