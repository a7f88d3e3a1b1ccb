import { AlertTriangle, CalendarCheck } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { dollarsToCents, formatCents } from '../../../shared/money'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import {
  linePaid,
  REFUND_REASON_REQUIRED,
  type RefundInput,
  returnRefundLimit,
  returnWindow,
  taxShare,
  withTaxable,
} from '../../../shared/orders/refunds'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/orders/rules'
import { cn } from '../../lib/cn'
import { Checkbox } from '../../ui/checkbox'
import { FormField } from '../../ui/form-field'
import { Textarea } from '../../ui/textarea'
import { refundable } from './after-sale'
import { methodLabel } from './order-card'
import { OrderDialog } from './order-dialog'
import { MethodField, MoneyField } from './payment-fields'
import { useDialogSubmit } from './use-dialog-submit'

/**
 * Refund / Return: the pieces coming back (each pre-fills its price), the amount, the reason and
 * how the money goes back, with where the order stands in the 14-day return window. The owner may
 * refund past the window; the dialog only says so.
 */
export function RefundDialog({
  order,
  onClose,
  onSubmit,
}: {
  order: AdminOrder
  onClose: () => void
  onSubmit: (input: RefundInput) => Promise<unknown>
}) {
  const id = useId()
  const returned = new Set(order.refunds.flatMap((refund) => refund.restockedProductIds))
  const pieces = order.items.filter((item) => !returned.has(item.productId))
  const [restock, setRestock] = useState<number[]>([])
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [method, setMethod] = useState<PaymentMethod>(order.paymentMethod)
  // Store credit (issue 36): only when the shopper agreed, never by default.
  const [asStoreCredit, setAsStoreCredit] = useState(false)
  const { error, setError, busy, run, edit } = useDialogSubmit(onClose)
  const [reasonError, setReasonError] = useState<string>()
  const left = refundable(order)
  const windowState = order.status === 'delivered' ? returnWindow(order.deliveredAt) : undefined

  function toggle(productId: number, checked: boolean) {
    const next = checked ? [...restock, productId] : restock.filter((piece) => piece !== productId)
    setRestock(next)
    // What the shopper paid for the pieces: their prices less their share of the discount, and
    // the sales tax levied on that (issue 34).
    const paid = order.items
      .filter((item) => next.includes(item.productId))
      .reduce((sum, item) => sum + linePaid(item), 0)
    const prefill = paid + taxShare(paid, withTaxable(order))
    setAmount(prefill > 0 ? (Math.min(prefill, left) / 100).toFixed(2) : '')
    setError(undefined)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const dollars = Number(amount)
    if (!amount.trim() || !Number.isFinite(dollars) || dollars <= 0)
      return setError('Enter the amount to refund')
    const cents = dollarsToCents(dollars)
    if (cents > left) return setError(`The refund exceeds the ${formatCents(left)} paid and not yet refunded`)
    const returnLimit = returnRefundLimit(withTaxable(order), restock)
    if (returnLimit && cents > returnLimit.limit) return setError(returnLimit.message)
    if (!reason.trim()) return setReasonError(REFUND_REASON_REQUIRED)
    await run(() =>
      onSubmit(
        asStoreCredit
          ? { amount: cents, reason: reason.trim(), restock, asStoreCredit: true }
          : { amount: cents, reason: reason.trim(), restock, method },
      ),
    )
  }

  const methods = PAYMENT_METHODS.filter(
    (candidate) => candidate !== 'stripe' || order.paymentMethod === 'stripe',
  )
  return (
    <OrderDialog
      title="Refund / Return"
      description={
        <>
          Order #{order.id}: {formatCents(order.amountPaid)} received
          {order.refundedAmount > 0 && <>, {formatCents(order.refundedAmount)} refunded</>}. Up to{' '}
          {formatCents(left)} can go back.
        </>
      }
      submitLabel={
        <>
          {asStoreCredit ? 'Give' : 'Refund'}{' '}
          {amount && Number(amount) > 0 ? formatCents(dollarsToCents(Number(amount))) : ''}
          {asStoreCredit && ' as credit'}
        </>
      }
      className="sm:max-w-lg"
      formClassName="min-w-0"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {windowState && (
        <p
          role="status"
          className={cn(
            'mt-4 flex items-start gap-2 rounded-md px-3 py-2 text-sm',
            windowState.within ? 'bg-jade-50 text-jade-900' : 'bg-gold/15 text-ink',
          )}
        >
          {windowState.within ? (
            <CalendarCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-gold-deep" aria-hidden />
          )}
          {windowState.message}
        </p>
      )}

      <div className="my-4 grid gap-4">
        {pieces.length > 0 && (
          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-medium text-ink">Pieces coming back</legend>
            <p className="mb-2 text-xs text-ink-muted">
              Checked pieces go back on sale; their sales leave the ledger.
            </p>
            <ul className="divide-y divide-ink/5 rounded-md border border-ink/10">
              {pieces.map((item) => (
                <li key={item.productId}>
                  <label
                    htmlFor={`${id}-piece-${item.productId}`}
                    className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm"
                  >
                    <Checkbox
                      id={`${id}-piece-${item.productId}`}
                      checked={restock.includes(item.productId)}
                      onCheckedChange={(checked) => toggle(item.productId, checked === true)}
                    />
                    <span className="min-w-0 flex-1 truncate text-ink">{item.productName}</span>
                    <span className="shrink-0 tabular-nums text-ink-muted">
                      {formatCents(item.price * item.quantity)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            label="Amount"
            htmlFor={`${id}-amount`}
            error={error}
            value={amount}
            onChange={edit(setAmount)}
          />
          {!asStoreCredit && (
            <MethodField
              label="Refund to"
              htmlFor={`${id}-method`}
              methods={methods}
              value={method}
              onChange={setMethod}
            />
          )}
        </div>
        <label
          htmlFor={`${id}-credit`}
          className="-mt-1 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink"
        >
          <Checkbox
            id={`${id}-credit`}
            checked={asStoreCredit}
            onCheckedChange={(checked) => setAsStoreCredit(checked === true)}
          />
          Give as store credit (the shopper agreed)
        </label>
        <p className="-mt-2 text-xs text-ink-muted">
          {asStoreCredit ? storeCreditNote(order) : destinationNote(order, method)}
        </p>
        <FormField label="Reason" htmlFor={`${id}-reason`} error={reasonError}>
          <Textarea
            id={`${id}-reason`}
            rows={2}
            value={reason}
            placeholder="e.g. Returned within 14 days: bangle too small"
            onChange={(event) => {
              setReason(event.target.value)
              setReasonError(undefined)
            }}
          />
        </FormField>
      </div>
    </OrderDialog>
  )
}

/** Store credit: a new card for the whole amount, in the shopper's name, its code e-mailed to them. */
function storeCreditNote(order: AdminOrder): string {
  const to = order.customerEmail ? ` and its code e-mailed to ${order.customerEmail}` : ''
  return `The whole amount becomes a new gift card in the shopper's name${to}, at once; no money goes back.`
}

/** How the money reaches the shopper: through Stripe at once, or by hand (with the Zelle contact). */
function destinationNote(order: AdminOrder, method: PaymentMethod): string {
  if (method === 'stripe') return 'Refunded to the card through Stripe at once.'
  const contact = [order.customerPhone, order.customerEmail].filter(Boolean).join(' or ')
  if (method === 'zelle')
    return `Pay it back by Zelle to the same phone or e-mail${contact ? `: ${contact}` : ''}; the refund is recorded here.`
  return `Pay it back by ${methodLabel(method).toLowerCase()}; the refund is recorded here.`
}
