import { type FormEvent, useId, useState } from 'react'
import { dollarsToCents, formatCents } from '../../../shared/money'
import {
  type AdminOrder,
  MAX_INSTALLMENTS,
  type PaymentPlanInput,
  splitInstallments,
} from '../../../shared/orders/admin-schema'
import { addMonths, formatDay } from '../../../shared/shop-dates/calendar'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { OrderDialog } from './order-dialog'
import { MoneyField } from './payment-fields'
import { useDialogSubmit } from './use-dialog-submit'

type Every = 'month' | 'two-weeks' | 'week'
const EVERY_LABELS: Record<Every, string> = {
  month: 'Every month',
  'two-weeks': 'Every two weeks',
  week: 'Every week',
}

/**
 * Set Up Payment Plan: a deposit, then equal instalments on a schedule; the owner sees every
 * instalment with its date before saving. The last instalment takes the odd cents.
 */
export function PlanDialog({
  order,
  onClose,
  onSubmit,
  onRemove,
}: {
  order: AdminOrder
  onClose: () => void
  onSubmit: (plan: PaymentPlanInput) => Promise<unknown>
  /** Offered when the order already has a plan. */
  onRemove?: () => void
}) {
  const id = useId()
  const [deposit, setDeposit] = useState(order.amountPaid ? String(order.amountPaid / 100) : '')
  const [count, setCount] = useState('3')
  const timeZone = useShopTimeZone()
  // A month from the shop's today.
  const [firstDue, setFirstDue] = useState(() => addMonths(dayIn(timeZone), 1))
  const [every, setEvery] = useState<Every>('month')
  const { error, setError, busy, run, edit } = useDialogSubmit(onClose)

  const depositCents = deposit.trim() ? dollarsToCents(Number(deposit)) : 0
  const validDeposit = Number.isFinite(depositCents) && depositCents >= 0 && depositCents < order.total
  const steps =
    validDeposit && /^\d{4}-\d{2}-\d{2}$/.test(firstDue)
      ? splitInstallments(order.total, depositCents, Number(count), firstDue, every)
      : []

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!validDeposit)
      return setError(`The deposit must be less than the total of ${formatCents(order.total)}`)
    if (steps.length === 0) return setError('Choose the first due date')
    await run(() => onSubmit({ depositAmount: depositCents, installments: steps }))
  }

  return (
    <OrderDialog
      title="Payment Plan"
      description={
        <>
          Order #{order.id}, {formatCents(order.total)}. The piece stays reserved until the last instalment is
          paid.
        </>
      }
      submitLabel="Save Plan"
      extraActions={
        onRemove && (
          <Button
            type="button"
            variant="ghost"
            className="mr-auto text-destructive"
            onClick={onRemove}
            disabled={busy}
          >
            Remove Plan
          </Button>
        )
      }
      className="sm:max-w-lg"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="my-4 grid gap-4 sm:grid-cols-2">
        <MoneyField
          label="Deposit ($)"
          htmlFor={`${id}-deposit`}
          hint={order.amountPaid ? `${formatCents(order.amountPaid)} already received` : undefined}
          value={deposit}
          onChange={edit(setDeposit)}
        />
        <FormField label="Instalments" htmlFor={`${id}-count`}>
          <Select id={`${id}-count`} value={count} onChange={(event) => setCount(event.target.value)}>
            {Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="First due date" htmlFor={`${id}-first`}>
          <Input
            id={`${id}-first`}
            type="date"
            value={firstDue}
            min={dayIn(timeZone)}
            onChange={(event) => edit(setFirstDue)(event.target.value)}
          />
        </FormField>
        <FormField label="Schedule" htmlFor={`${id}-every`}>
          <Select
            id={`${id}-every`}
            value={every}
            onChange={(event) => setEvery(event.target.value as Every)}
          >
            {(Object.keys(EVERY_LABELS) as Every[]).map((value) => (
              <option key={value} value={value}>
                {EVERY_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {steps.length > 0 && (
        <table className="mb-3 w-full text-sm">
          <caption className="sr-only">Instalments</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wider text-ink-muted">
              <th className="py-1 font-medium">Due</th>
              <th className="py-1 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10 tabular-nums">
            <tr>
              <td className="py-1.5 text-ink-muted">Deposit</td>
              <td className="py-1.5 text-right">{formatCents(depositCents)}</td>
            </tr>
            {steps.map((step) => (
              <tr key={step.dueDate}>
                <td className="py-1.5">{formatDay(step.dueDate)}</td>
                <td className="py-1.5 text-right">{formatCents(step.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {error}
        </p>
      )}
    </OrderDialog>
  )
}
