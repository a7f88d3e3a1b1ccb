import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminGiftCardPurchase } from '../../../shared/gift-cards/purchase'
import { formatCents } from '../../../shared/money'
import { formatDay } from '../../../shared/shop-dates/calendar'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { awaitingZelleQuery, useCancelZelle, useRecordZelle } from './api'

/**
 * Gift cards bought on the storefront with Zelle, waiting for the money (issue 36). Recording the
 * payment issues the card, sends the buyer's receipt and schedules the recipient's e-mail. Shown
 * only while there is something to do. A purchase never paid can be cancelled (no card exists yet);
 * one left unpaid past a Zelle order's hold expires on its own (gift-cards/purchase-ends.ts).
 */
export function AwaitingZelle() {
  const { data } = useQuery(awaitingZelleQuery())
  const [recording, setRecording] = useState<AdminGiftCardPurchase>()
  const [cancelling, setCancelling] = useState<AdminGiftCardPurchase>()
  const record = useRecordZelle()
  const cancel = useCancelZelle()
  if (!data?.items.length) return null
  return (
    <section aria-labelledby="awaiting-zelle" className="mb-8 border border-gold/50 bg-sand/40 p-4 sm:p-6">
      <h2 id="awaiting-zelle" className="font-display text-xl text-ink">
        Awaiting Zelle <span className="text-base tabular-nums text-ink-muted">({data.total})</span>
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Gift cards bought with Zelle. Record the payment once it has arrived: the card is issued then.
      </p>
      <ul className="mt-4 divide-y divide-ink/10">
        {data.items.map((purchase) => (
          <li key={purchase.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-ink">
                <span className="tabular-nums">{formatCents(purchase.amount)}</span> · memo “{purchase.memo}”
              </p>
              <p className="text-ink-muted [overflow-wrap:anywhere]">
                From {purchase.buyerName} ({purchase.buyerEmail}) for {purchase.recipientName} (
                {purchase.recipientEmail}), delivery {formatDay(purchase.deliveryDate)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setCancelling(purchase)}>
                Cancel
              </Button>
              <Button size="sm" onClick={() => setRecording(purchase)}>
                Record Zelle payment
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {recording && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRecording(undefined)}
          title={`Record ${formatCents(recording.amount)} by Zelle for ${recording.memo}?`}
          description={`Only once the money is in the account: the ${formatCents(recording.amount)} gift card for ${recording.recipientName} is issued at once, ${recording.buyerName} gets the receipt, and ${recording.recipientName} gets the card on ${formatDay(recording.deliveryDate)}.`}
          confirmLabel="Record payment"
          pendingLabel="Recording…"
          onConfirm={() => record.mutateAsync(recording.id)}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(undefined)}
          title={`Cancel the ${formatCents(cancelling.amount)} gift card purchase ${cancelling.memo}?`}
          description={`Only if no payment is coming: no card is issued, ${cancelling.buyerName} is e-mailed that the purchase is cancelled, ${cancelling.recipientName} gets nothing, and a Zelle payment that arrives later cannot be recorded against it.`}
          confirmLabel="Cancel purchase"
          pendingLabel="Cancelling…"
          destructive
          onConfirm={() => cancel.mutateAsync(cancelling.id)}
        />
      )}
    </section>
  )
}
