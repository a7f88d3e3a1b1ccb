import { CalendarClock, ShieldCheck } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Checkbox } from '../../ui/checkbox'
import { ShopTime } from '../../ui/shop-time'
import { type OrderView, useUpdateRequests } from './api'

/**
 * What the shopper asked for at checkout, as the owner's to-dos on the order card: an appointment
 * to see the pieces, and shipping insurance. Each is ticked off when done; the time it was says so.
 */
export function OrderRequests({ order, disabled }: { order: OrderView; disabled: boolean }) {
  const { requests } = order
  const update = useUpdateRequests()
  if (!requests.appointment && !requests.insurance) return null
  return (
    <section
      aria-label={`The shopper's requests for order #${order.id}`}
      className="border-t border-ink/10 px-4 py-3 text-sm sm:px-5"
    >
      <h3 className="mb-2 text-xs font-medium uppercase tracking-wider text-ink-muted">Shopper's requests</h3>
      <ul className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
        {requests.appointment && (
          <Request
            icon={<CalendarClock className="size-3.5" aria-hidden />}
            asked="Asked to see the pieces first"
            done="Appointment arranged"
            doneAt={requests.appointmentArrangedAt}
            disabled={disabled || update.isPending}
            onChange={(arranged) => update.mutate({ order, update: { appointmentArranged: arranged } })}
          />
        )}
        {requests.insurance && (
          <Request
            icon={<ShieldCheck className="size-3.5" aria-hidden />}
            asked="Asked for shipping insurance"
            done="Insured"
            doneAt={requests.insuredAt}
            disabled={disabled || update.isPending}
            onChange={(insured) => update.mutate({ order, update: { insured } })}
          />
        )}
      </ul>
    </section>
  )
}

function Request({
  icon,
  asked,
  done,
  doneAt,
  disabled,
  onChange,
}: {
  icon: ReactNode
  asked: string
  done: string
  doneAt: string | null
  disabled: boolean
  onChange: (done: boolean) => void
}) {
  const id = useId()
  return (
    <li className="flex min-w-0 items-start gap-3">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={doneAt !== null}
        disabled={disabled}
        aria-describedby={`${id}-asked`}
        onCheckedChange={(checked) => onChange(checked === true)}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer font-medium text-ink">
          {done}
        </label>
        <p id={`${id}-asked`} className="flex flex-wrap items-center gap-x-1.5 text-xs text-ink-muted">
          {icon}
          {asked}
          {doneAt && (
            <>
              {' · '}
              <ShopTime iso={doneAt} />
            </>
          )}
        </p>
      </div>
    </li>
  )
}
