import { type FormEvent, useId, useState } from 'react'
import { centsToDollars, dollarsToCents, formatCents } from '../../../shared/money'
import { type AdminOrder, TRACKING_REQUIRED } from '../../../shared/orders/admin-schema'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/orders/rules'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { Textarea } from '../../ui/textarea'
import type { OrderView } from './api'
import { methodLabel } from './order-card'
import { OrderDialog } from './order-dialog'
import { MethodField, MoneyField } from './payment-fields'
import { useDialogSubmit } from './use-dialog-submit'

// The dialogs of the orders page. Each keeps what was typed and show the server's reason when
// the request fails, so nothing is lost on a bad connection.

interface DialogProps {
  order: OrderView | undefined
  onClose: () => void
}

/** Add Tracking Number, and the step Mark Shipped (which needs one). */
export function TrackingDialog({
  order,
  onClose,
  shipping,
  onSubmit,
}: DialogProps & { shipping: boolean; onSubmit: (trackingNumber: string) => Promise<unknown> }) {
  const id = useId()
  const [value, setValue] = useState(order?.trackingNumber ?? '')
  const { error, setError, busy, run, edit } = useDialogSubmit(onClose)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const trackingNumber = value.trim()
    if (!trackingNumber) return setError(TRACKING_REQUIRED)
    await run(() => onSubmit(trackingNumber))
  }

  return (
    <OrderDialog
      title={shipping ? 'Mark Shipped' : 'Add Tracking Number'}
      description={
        shipping
          ? `Order #${order?.id} ships with this tracking number; the customer can follow it.`
          : `The carrier's tracking number for order #${order?.id}.`
      }
      submitLabel={shipping ? 'Mark Shipped' : 'Save Tracking Number'}
      open={!!order}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField label="Tracking number" htmlFor={`${id}-tracking`} error={error} className="my-4">
        <Input
          id={`${id}-tracking`}
          value={value}
          autoFocus
          autoComplete="off"
          placeholder="e.g. 9400 1118 9922 3100 0123 45"
          onChange={(event) => edit(setValue)(event.target.value)}
        />
      </FormField>
    </OrderDialog>
  )
}

/**
 * Record Payment: an amount received (or the whole balance), how, and a note. Opened by Confirm on
 * an order with nothing paid and no plan, it confirms the payment of the balance: recording it is
 * what confirms the order (an order is never Payment Confirmed on nothing).
 */
export function PaymentDialog({
  order,
  confirming = false,
  onClose,
  onSubmit,
}: Omit<DialogProps, 'order'> & {
  /** Recording a payment shows the balance: opened only with the order's money in the answer. */
  order: AdminOrder | undefined
  confirming?: boolean
  onSubmit: (update: {
    paymentStatus: 'partial' | 'paid'
    amount?: number
    method: PaymentMethod
    note?: string
  }) => Promise<unknown>
}) {
  const id = useId()
  const [kind, setKind] = useState<'paid' | 'partial'>('paid')
  const [amount, setAmount] = useState(confirming && order ? String(centsToDollars(order.balance)) : '')
  const [method, setMethod] = useState<PaymentMethod>(
    order && order.paymentMethod !== 'stripe' ? order.paymentMethod : 'zelle',
  )
  const [note, setNote] = useState('')
  const { error, setError, busy, run, edit } = useDialogSubmit(onClose)
  const balance = order?.balance ?? 0

  async function submit(event: FormEvent) {
    event.preventDefault()
    let cents: number | undefined
    if (kind === 'partial' || amount.trim()) {
      const dollars = Number(amount)
      if (!amount.trim() || !Number.isFinite(dollars) || dollars <= 0)
        return setError('Enter the amount received')
      cents = dollarsToCents(dollars)
      if (cents > balance) return setError(`The payment exceeds the balance of ${formatCents(balance)}`)
    }
    await run(() => onSubmit({ paymentStatus: kind, amount: cents, method, note: note.trim() || undefined }))
  }

  return (
    <OrderDialog
      title={
        confirming ? `Confirm ${formatCents(balance)} received by ${methodLabel(method)}` : 'Record Payment'
      }
      description={
        <>
          Order #{order?.id}: {formatCents(order?.amountPaid ?? 0)} of {formatCents(order?.total ?? 0)}{' '}
          received, balance {formatCents(balance)}.
        </>
      }
      submitLabel={confirming ? 'Confirm Payment' : 'Record Payment'}
      open={!!order}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="my-4 grid gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Payment</legend>
          <div className="grid grid-cols-2 gap-2">
            {(
              [
                ['paid', 'Paid in Full', `The balance, ${formatCents(balance)}`],
                ['partial', 'Partial Payment', 'Part of the balance'],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className="flex cursor-pointer flex-col rounded-md border border-ink/15 p-3 text-sm has-checked:border-jade-700 has-checked:bg-jade-50"
              >
                <span className="flex items-center gap-2 font-medium text-ink">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => edit(setKind)(value)}
                    className="accent-jade-700"
                  />
                  {label}
                </span>
                <span className="mt-0.5 text-xs text-ink-muted">{hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <MoneyField
          label={kind === 'paid' ? 'Amount (optional)' : 'Amount'}
          htmlFor={`${id}-amount`}
          error={error}
          hint={kind === 'paid' ? 'Leave empty to record the whole balance.' : undefined}
          value={amount}
          onChange={edit(setAmount)}
        />
        <MethodField
          label="Method"
          htmlFor={`${id}-method`}
          methods={PAYMENT_METHODS.filter((candidate) => candidate !== 'stripe')}
          value={method}
          onChange={setMethod}
        />
        <FormField label="Note (optional)" htmlFor={`${id}-note`}>
          <Textarea
            id={`${id}-note`}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </div>
    </OrderDialog>
  )
}

const EXTENSIONS = [
  [24, '1 more day'],
  [72, '3 more days'],
  [168, '1 more week'],
] as const

/** Extend Reservation: more time for a shopper to pay before the order gives its pieces back. */
export function ReservationDialog({
  order,
  onClose,
  onSubmit,
}: DialogProps & { onSubmit: (hours: number) => Promise<unknown> }) {
  const id = useId()
  const [hours, setHours] = useState<number>(72)
  const { error, busy, run, edit } = useDialogSubmit(onClose)
  const current = order?.reservedUntil ? new Date(order.reservedUntil) : undefined
  const from = current && current.getTime() > Date.now() ? current : new Date()
  const until = new Date(from.getTime() + hours * 3600_000)
  const timeZone = useShopTimeZone()
  const when = (at: Date) => formatDateTime(at, timeZone, { zoneName: true })

  async function submit(event: FormEvent) {
    event.preventDefault()
    await run(() => onSubmit(hours))
  }

  return (
    <OrderDialog
      title="Extend Reservation"
      description={
        <>
          Order #{order?.id} holds its pieces until {current ? when(current) : '—'}; unpaid then, it is
          cancelled and the pieces go back on sale. The customer gets a reminder a day before the new end (at
          once, if that is sooner).
        </>
      }
      submitLabel="Extend Reservation"
      open={!!order}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        label="Hold for"
        htmlFor={`${id}-hours`}
        error={error}
        hint={`Until ${when(until)}`}
        className="my-4"
      >
        <Select
          id={`${id}-hours`}
          value={String(hours)}
          onChange={(event) => edit(setHours)(Number(event.target.value))}
        >
          {EXTENSIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
    </OrderDialog>
  )
}
