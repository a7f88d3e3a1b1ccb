import { CalendarClock, ShieldCheck } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import type { AdminOrder } from '../../../shared/orders-admin'
import { Checkbox } from '../../ui/checkbox'
import { ShopTime } from '../../ui/shop-time'
import { useUpdateRequests } from './api'

/**
 * What the shopper asked for at checkout, as the owner's to-dos on the order card: an appointment
 * to see the pieces, and shipping insurance. Each is ticked off when done; the time it was says so.
 */
export function OrderRequests({ order, disabled }: { order: AdminOrder; disabled: boolean }) {
  const { requests } = order
  const update = useUpdateRequests()
  if (!requests.appointment && !requests.insurance) return null
  return (
    <ul
      aria-label="The shopper's requests"
      className="flex flex-wrap gap-x-6 gap-y-2 border-t border-ink/10 px-4 py-2.5 text-sm sm:px-5"
    >
      {requests.appointment && (
        <Request
          icon={<CalendarClock className="size-4 text-jade-800" aria-hidden />}
          asked="Asked for an appointment to see the pieces"
          done="Appointment arranged"
          doneAt={requests.appointmentArrangedAt}
          disabled={disabled || update.isPending}
          onChange={(arranged) => update.mutate({ order, update: { appointmentArranged: arranged } })}
        />
      )}
      {requests.insurance && (
        <Request
          icon={<ShieldCheck className="size-4 text-jade-800" aria-hidden />}
          asked="Asked for shipping insurance"
          done="Insured"
          doneAt={requests.insuredAt}
          disabled={disabled || update.isPending}
          onChange={(insured) => update.mutate({ order, update: { insured } })}
        />
      )}
    </ul>
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
    <li className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {icon}
      <span className="text-ink-muted">{asked}:</span>
      <span className="inline-flex min-h-8 items-center gap-2">
        <Checkbox
          id={id}
          checked={doneAt !== null}
          disabled={disabled}
          onCheckedChange={(checked) => onChange(checked === true)}
        />
        <label htmlFor={id} className="cursor-pointer font-medium text-ink">
          {done}
        </label>
        {doneAt && <ShopTime iso={doneAt} className="text-xs text-ink-muted" />}
      </span>
    </li>
  )
}
