import { useQuery } from '@tanstack/react-query'
import { formatCents } from '../../../shared/money'
import type { OrderDetail, ShopperPaymentPlan } from '../../../shared/orders/rules'
import { formatDay } from '../../../shared/shop-dates/calendar'
import { queries } from '../../lib/queries'
import { Badge } from '../../ui/badge'
import { orderNumber } from './order-format'

interface ScheduleStep {
  label: string
  amount: number
  /** 'yyyy-MM-dd'; the deposit has none. */
  dueDate: string | null
  state: 'paid' | 'due' | 'overdue'
}

const STATE_BADGES = {
  paid: { variant: 'available', label: 'Paid' },
  due: { variant: 'neutral', label: 'Due' },
  overdue: { variant: 'sold', label: 'Overdue' },
} as const

function schedule(plan: ShopperPaymentPlan): ScheduleStep[] {
  const deposit: ScheduleStep[] =
    plan.depositAmount > 0
      ? [
          {
            label: 'Deposit',
            amount: plan.depositAmount,
            dueDate: null,
            state: plan.depositDue === 0 ? 'paid' : 'due',
          },
        ]
      : []
  return [
    ...deposit,
    ...plan.installments.map((step, index) => ({
      label: `Instalment ${index + 1}`,
      amount: step.amount,
      dueDate: step.dueDate,
      state: step.paid ? ('paid' as const) : step.overdue ? ('overdue' as const) : ('due' as const),
    })),
  ]
}

/**
 * What to send now: everything overdue, else the deposit's rest, else the next instalment, never
 * more than the balance.
 */
function amountToSend(steps: ScheduleStep[], plan: ShopperPaymentPlan): number {
  const overdue = steps.filter((step) => step.state === 'overdue').reduce((sum, step) => sum + step.amount, 0)
  const depositLeft = plan.depositDue
  const next = steps.find((step) => step.state === 'due' && step.dueDate !== null)?.amount ?? 0
  return Math.min(plan.balance, overdue > 0 ? overdue + depositLeft : depositLeft > 0 ? depositLeft : next)
}

/** A plan shopper's balance, schedule and how to pay the next part by Zelle (back-office.md §4). */
export function PaymentPlanSection({ order, plan }: { order: OrderDetail; plan: ShopperPaymentPlan }) {
  const { data: store } = useQuery(queries.store())
  const steps = schedule(plan)
  const anyOverdue = steps.some((step) => step.state === 'overdue')
  const toSend = amountToSend(steps, plan)

  return (
    <section aria-labelledby="payment-plan-title" className="mt-10 border border-ink/10 p-5 sm:mt-12 sm:p-8">
      <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-4">
        <div>
          <h2 id="payment-plan-title" className="font-display text-2xl text-ink">
            Payment Plan
          </h2>
          <p className="mt-1 text-sm text-ink-muted tabular-nums">
            {formatCents(order.amountPaid)} paid of {formatCents(order.total - order.refundedAmount)}
          </p>
        </div>
        <div className="text-left sm:text-right">
          <p className="text-xs uppercase tracking-[0.2em] text-ink-muted">Balance due</p>
          <p className="font-display text-4xl text-ink lining-nums tabular-nums">
            {formatCents(plan.balance)}
          </p>
        </div>
      </div>

      <ol className="mt-6 divide-y divide-ink/10 border-y border-ink/10 text-sm">
        {steps.map((step) => (
          <li key={step.label} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <p className="text-ink">{step.label}</p>
              <p className="text-ink-muted">
                {step.dueDate ? (
                  <>
                    Due <time dateTime={step.dueDate}>{formatDay(step.dueDate)}</time>
                  </>
                ) : (
                  'On agreeing the plan'
                )}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="text-ink tabular-nums">{formatCents(step.amount)}</span>
              <Badge variant={STATE_BADGES[step.state].variant}>{STATE_BADGES[step.state].label}</Badge>
            </div>
          </li>
        ))}
      </ol>

      {plan.balance > 0 && (
        <div className="mt-6 bg-jade-50 p-4 text-sm leading-relaxed sm:p-5">
          <p className="font-medium text-ink">{anyOverdue ? 'A payment is overdue' : 'How to pay'}</p>
          <p className="mt-1 text-ink-muted">
            Send <strong className="text-ink tabular-nums">{formatCents(toSend)}</strong> with Zelle
            {store?.phone && (
              <>
                {' '}
                to <strong className="whitespace-nowrap text-ink tabular-nums">{store.phone}</strong>
              </>
            )}
            {store?.email && (
              <>
                {' '}
                or <strong className="break-all text-ink">{store.email}</strong>
              </>
            )}{' '}
            and include your order number{' '}
            <strong className="text-ink tabular-nums">{orderNumber(order.id)}</strong> in the memo. Your piece
            ships once the balance is paid.
          </p>
        </div>
      )}
    </section>
  )
}
