import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CreditCard, Smartphone } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { PublicUser } from '../../../shared/accounts/users'
import { type CartItem, orderAmounts } from '../../../shared/cart/rules'
import {
  type CheckoutFormInput,
  type CheckoutForm as CheckoutFormValues,
  type CheckoutResponse,
  checkoutFormSchema,
  type PaymentIntentResponse,
} from '../../../shared/checkout/schema'
import { planCartGiftCards } from '../../../shared/gift-cards/payments'
import { useAuth } from '../../lib/auth'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { showServerErrors } from '../../lib/server-errors'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { Textarea } from '../../ui/textarea'
import { UsStateOptions } from '../../ui/us-state-options'
import { toast } from '../../ui/use-toast'
import {
  createPaymentIntent,
  type OrderDraft,
  orderError,
  orderLines,
  paymentIntentError,
  submitOrder,
} from './api'
import { TAX_QUOTES, type TypedAddress, taxAddress, taxQuery } from './tax-quote'

interface CheckoutFormProps {
  lines: CartItem[]
  subtotal: number
  /** The cart's applied code, while it takes something off. */
  discountCode: string | undefined
  discount: number
  idempotencyKey: string
  /** The shop collects sales tax: the order carries the server's quote for the address. */
  taxAtCheckout: boolean
  /** The cart's gift cards (issue 36), in the order applied: they pay first, after tax. */
  giftCards: { last4: string; balance: number }[]
  /** Whether they pay the whole order as the summary shows it now. */
  coveredByGiftCards: boolean
  /** The state and ZIP as typed, once complete, for the summary's "Sales tax" line. */
  onAddressChange: (address: TypedAddress) => void
  /** The Zelle order exists: the confirmation page reads what to send from it. */
  onZelleOrder: (response: CheckoutResponse, draft: OrderDraft) => void
  onPaymentReady: (draft: OrderDraft, intent: PaymentIntentResponse) => void
}

const sectionTitle = 'font-display text-2xl text-ink'

type ProfileField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'country'

/** The profile's contact details and address, as the form's fields. */
function profileDetails(user: PublicUser | null): Record<ProfileField, string> {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
    city: user?.city ?? '',
    state: user?.state ?? '',
    zipCode: user?.zipCode ?? '',
    country: user?.country || 'United States',
  }
}

/** The order's and the payment's requests carry the form under `form`: `form.email` is the email field. */
const checkoutField = (field: string) => (field.startsWith('form.') ? field.slice('form.'.length) : undefined)

export function CheckoutForm({
  lines,
  subtotal,
  discountCode,
  discount,
  idempotencyKey,
  taxAtCheckout,
  giftCards,
  coveredByGiftCards,
  onAddressChange,
  onZelleOrder,
  onPaymentReady,
}: CheckoutFormProps) {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const { data: store } = useQuery(queries.store())
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      ...profileDetails(user),
      paymentMethod: 'stripe',
      specialInstructions: '',
      appointmentRequest: false,
      insuranceInterest: false,
    },
  })
  // A signed-in shopper starts from their saved details, also when the session arrives after the
  // form (a client-side visit): only the fields still empty take them.
  const prefilled = useRef(!!user)
  useEffect(() => {
    if (!user || prefilled.current) return
    prefilled.current = true
    for (const [name, value] of Object.entries(profileDetails(user)) as [ProfileField, string][]) {
      if (value && !form.getValues(name)) form.setValue(name, value)
    }
  }, [user, form])
  // Ticked until the shopper says otherwise when the profile has no address yet.
  const [saveChoice, setSaveChoice] = useState<boolean>()
  const saveAddress = !!user && (saveChoice ?? !user.address)
  const { errors, isSubmitting } = form.formState
  const method = form.watch('paymentMethod')
  const state = form.watch('state') ?? ''
  const zipCode = form.watch('zipCode') ?? ''
  const country = form.watch('country') ?? ''
  useEffect(() => {
    onAddressChange({ state, zipCode, country })
  }, [state, zipCode, country, onAddressChange])

  const onSubmit = form.handleSubmit(async (values) => {
    const amounts = orderAmounts(subtotal, discount, {
      freeThresholdCents: store?.freeShippingThresholdCents ?? 15_000,
      flatCents: store?.flatShippingCents ?? 695,
    })
    const draftLines = orderLines(lines)
    const appliedCode = discount > 0 ? discountCode : undefined
    let tax: number | undefined
    const address = taxAtCheckout ? taxAddress(values) : 'abroad'
    if (address === undefined) {
      form.setError('zipCode', { message: 'Enter a five-digit ZIP code' }, { shouldFocus: true })
      return
    }
    if (address === 'abroad') tax = taxAtCheckout ? 0 : undefined
    else {
      try {
        // Asked again, not taken from the summary's cache: the order must carry today's tax.
        const quote = await queryClient.fetchQuery({
          ...taxQuery({
            lines: draftLines,
            discountCode: appliedCode,
            shippingCost: amounts.shippingCost,
            userId: user?.id,
            ...address,
          }),
          staleTime: 0,
        })
        tax = quote.tax
      } catch (error) {
        toast({ title: 'Checkout Failed', description: orderError(error), variant: 'destructive' })
        return
      }
    }
    const total = amounts.total + (tax ?? 0)
    // The cart's cards pay first; covering everything, the order is placed with them alone.
    const { amountDue } = planCartGiftCards(giftCards, total)
    if (giftCards.length > 0 && amountDue === 0) values = { ...values, paymentMethod: 'gift_card' }
    else if (values.paymentMethod === 'gift_card') values = { ...values, paymentMethod: 'stripe' }
    const draft: OrderDraft = {
      form: values,
      lines: draftLines,
      subtotal,
      discountCode: appliedCode,
      discount: amounts.discount,
      shippingCost: amounts.shippingCost,
      tax,
      total,
      amountDue,
      idempotencyKey,
      saveAddress,
    }
    if (values.paymentMethod !== 'stripe') {
      if (!values.firstName || !values.lastName || !values.email || !values.address) {
        toast({
          title: 'Checkout Failed',
          description: 'Missing required customer information',
          variant: 'destructive',
        })
        return
      }
      if (draft.lines.length === 0) {
        toast({ title: 'Checkout Failed', description: 'Cart is empty', variant: 'destructive' })
        return
      }
      try {
        onZelleOrder(await submitOrder(draft), draft)
      } catch (error) {
        showServerErrors(form, error, { fieldOf: checkoutField })
        toast({ title: 'Order Processing Failed', description: orderError(error), variant: 'destructive' })
        void queryClient.invalidateQueries({ queryKey: [TAX_QUOTES] })
      }
      return
    }
    try {
      onPaymentReady(draft, await createPaymentIntent(draft))
    } catch (error) {
      const description =
        error instanceof Error && error.message.startsWith('Invalid payment response')
          ? error.message
          : paymentIntentError(error)
      showServerErrors(form, error, { fieldOf: checkoutField })
      toast({ title: 'Checkout Failed', description, variant: 'destructive' })
      void queryClient.invalidateQueries({ queryKey: [TAX_QUOTES] })
    }
  })

  const text = (name: keyof CheckoutFormInput, label: string, autoComplete: string, type = 'text') => (
    <FormField label={label} htmlFor={`checkout-${name}`} error={errors[name]?.message}>
      <Input id={`checkout-${name}`} type={type} autoComplete={autoComplete} {...form.register(name)} />
    </FormField>
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-12">
      <fieldset className="space-y-5">
        <legend className={sectionTitle}>Contact</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First name', 'given-name')}
          {text('lastName', 'Last name', 'family-name')}
          {text('email', 'Email', 'email', 'email')}
          {text('phone', 'Phone', 'tel', 'tel')}
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className={sectionTitle}>Shipping address</legend>
        {text('address', 'Address', 'shipping street-address')}
        <div className="grid gap-5 sm:grid-cols-3">
          {text('city', 'City', 'shipping address-level2')}
          <FormField label="State" htmlFor="checkout-state" error={errors.state?.message}>
            <Select id="checkout-state" autoComplete="shipping address-level1" {...form.register('state')}>
              <option value="">Select…</option>
              <UsStateOptions />
            </Select>
          </FormField>
          {text('zipCode', 'ZIP code', 'shipping postal-code')}
        </div>
        {text('country', 'Country', 'shipping country-name')}
        {user && (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-jade-700"
              checked={saveAddress}
              onChange={(event) => setSaveChoice(event.target.checked)}
            />
            <span>Save this address to my account</span>
          </label>
        )}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={sectionTitle}>Payment method</legend>
        {coveredByGiftCards && (
          <p className="border border-jade-700 bg-jade-50 px-4 py-4 text-sm text-ink" role="status">
            Your gift cards pay this whole order: there is nothing more to pay.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2" hidden={coveredByGiftCards}>
          {(
            [
              ['stripe', 'Credit or debit card', CreditCard],
              ['zelle', 'Zelle', Smartphone],
            ] as const
          ).map(([value, label, Icon]) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 border px-4 py-4 transition-colors',
                method === value ? 'border-jade-700 bg-jade-50' : 'border-ink/15 hover:border-ink/40',
              )}
            >
              <input
                type="radio"
                value={value}
                className="accent-jade-700"
                {...form.register('paymentMethod')}
              />
              <Icon className="size-5 text-jade-700" aria-hidden />
              <span className="text-sm font-medium">{label}</span>
            </label>
          ))}
        </div>
        {errors.paymentMethod && (
          <p role="alert" className="text-sm text-destructive">
            {errors.paymentMethod.message}
          </p>
        )}
        {method === 'zelle' && store && !coveredByGiftCards && (
          <p className="text-sm text-ink-muted">
            After you place the order, send the total by Zelle to{' '}
            <strong className="text-ink">{store.phone}</strong> with your order number in the memo. Your
            pieces are held for you until payment arrives.
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-5">
        <legend className={sectionTitle}>Optional services</legend>
        <FormField
          label="Special instructions"
          htmlFor="checkout-specialInstructions"
          error={errors.specialInstructions?.message}
        >
          <Textarea id="checkout-specialInstructions" rows={3} {...form.register('specialInstructions')} />
        </FormField>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-jade-700"
            {...form.register('appointmentRequest')}
          />
          <span>I would like an appointment to see pieces in person or by video call</span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-jade-700"
            {...form.register('insuranceInterest')}
          />
          <span>I am interested in shipping insurance for my order</span>
        </label>
      </fieldset>

      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting
          ? 'Processing...'
          : method === 'zelle' || coveredByGiftCards
            ? 'Place Order'
            : 'Continue to Payment'}
      </Button>
    </form>
  )
}
