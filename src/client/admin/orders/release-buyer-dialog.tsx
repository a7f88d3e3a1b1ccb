import { useQuery } from '@tanstack/react-query'
import type { BuyerReservations } from '../../../shared/orders/admin-schema'
import { failureMessage } from '../../lib/mutation-toasts'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { type OrderView, orderQueries, useReleaseBuyerReservations } from './api'

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What the release ends, counted by the server when the dialog opens. */
function releaseWarning(reservations: BuyerReservations): string {
  if (reservations.orders === 0) return `${reservations.email} holds no pieces in unpaid orders any more.`
  return `This cancels ${count(reservations.orders, 'order', 'orders')} awaiting payment from ${reservations.email} and puts ${reservations.orders === 1 ? 'its' : 'their'} ${count(reservations.pieces, 'piece', 'pieces')} back on sale. The buyer is told of each cancellation by e-mail. This cannot be undone.`
}

/**
 * "Release all of this buyer's reservations": every order of this order's e-mail address holding
 * pieces unpaid ends in one action, once the owner has read how many orders and pieces that is.
 */
export function ReleaseBuyerDialog({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const preview = useQuery(orderQueries.buyerReservations(order.id))
  const release = useReleaseBuyerReservations()
  const reservations = preview.data
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Release all of this buyer's reservations?"
      description={
        reservations
          ? releaseWarning(reservations)
          : preview.error
            ? `The reservations could not be counted: ${failureMessage(preview.error)}`
            : "Counting this buyer's orders awaiting payment…"
      }
      confirmLabel={
        reservations ? `Release ${count(reservations.orders, 'order', 'orders')}` : 'Release reservations'
      }
      pendingLabel="Releasing…"
      destructive
      confirmDisabled={!reservations || reservations.orders === 0}
      onConfirm={() => release.mutateAsync(order)}
    />
  )
}
