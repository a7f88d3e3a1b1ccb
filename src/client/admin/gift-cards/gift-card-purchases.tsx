import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import {
  type AdminGiftCardPurchase,
  type GiftCardPurchaseStatus,
  zelleRecordable,
} from '../../../shared/gift-cards/purchase'
import { formatCents } from '../../../shared/money'
import { formatDay } from '../../../shared/shop-dates/calendar'
import { cn } from '../../lib/cn'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { ShopTime } from '../../ui/shop-time'
import { Skeleton } from '../../ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs'
import { awaitingZelleQuery, endedPurchasesQuery, useCancelZelle, useRecordZelle } from './api'

/**
 * Gift cards bought on the storefront (issue 36), in two tabs. Awaiting Zelle: the ones waiting for
 * the money; recording the payment issues the card, sends the buyer's receipt and schedules the
 * recipient's e-mail, and one never paid can be cancelled (no card exists yet; the buyer is told).
 * Ended: the ones that expired unpaid past a Zelle order's hold, were cancelled, or were never paid
 * by card (gift-cards/purchase-ends.ts); an expired one can still take a Zelle payment that came
 * after all. The box is marked in gold only while something awaits the owner.
 */
export function GiftCardPurchases() {
  const awaiting = useQuery(awaitingZelleQuery())
  const [recording, setRecording] = useState<AdminGiftCardPurchase>()
  const [cancelling, setCancelling] = useState<AdminGiftCardPurchase>()
  const record = useRecordZelle()
  const cancel = useCancelZelle()
  const waiting = awaiting.data?.total ?? 0
  return (
    <section
      aria-labelledby="gift-card-purchases"
      className={cn('mb-8 border p-4 sm:p-6', waiting ? 'border-gold/50 bg-sand/40' : 'border-ink/10')}
    >
      <h2 id="gift-card-purchases" className="font-display text-xl text-ink">
        Gift card purchases
      </h2>
      <Tabs defaultValue="awaiting">
        <TabsList aria-label="Gift card purchases" className="mt-2">
          <TabsTrigger value="awaiting" className="gap-1">
            Awaiting Zelle
            {waiting > 0 && <span className="tabular-nums text-ink-muted">({waiting})</span>}
          </TabsTrigger>
          <TabsTrigger value="ended">Ended</TabsTrigger>
        </TabsList>
        <TabsContent value="awaiting" className="pt-4">
          <p className="text-sm text-ink-muted">
            Gift cards bought with Zelle. Record the payment once it has arrived: the card is issued then.
          </p>
          <PurchaseList
            items={awaiting.data?.items}
            empty="No purchase is waiting for a Zelle payment."
            actions={(purchase) => (
              <>
                <Button size="sm" variant="secondary" onClick={() => setCancelling(purchase)}>
                  Cancel
                </Button>
                <Button size="sm" onClick={() => setRecording(purchase)}>
                  Record Zelle payment
                </Button>
              </>
            )}
          />
        </TabsContent>
        <TabsContent value="ended" className="pt-4">
          <EndedPurchases onRecord={setRecording} />
        </TabsContent>
      </Tabs>
      {recording && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRecording(undefined)}
          title={`Record ${formatCents(recording.amount)} by Zelle for ${recording.memo}?`}
          description={`${recording.status === 'expired' ? `It expired unpaid and ${recording.buyerName} was told it was cancelled. ` : ''}Only once the money is in the account: the ${formatCents(recording.amount)} gift card for ${recording.recipientName} is issued at once, ${recording.buyerName} gets the receipt, and ${recording.recipientName} gets the card on ${formatDay(recording.deliveryDate)}${recording.status === 'expired' ? ', or today if that date has passed' : ''}.`}
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

const ENDED_LABELS: Partial<Record<GiftCardPurchaseStatus, string>> = {
  expired: 'Expired',
  cancelled: 'Cancelled',
  abandoned: 'Abandoned',
}

/** Fetched when its tab is first opened (Radix mounts a tab's panel only while it is shown). */
function EndedPurchases({ onRecord }: { onRecord: (purchase: AdminGiftCardPurchase) => void }) {
  const { data } = useQuery(endedPurchasesQuery())
  return (
    <>
      <p className="text-sm text-ink-muted">
        Unpaid purchases that expired after a Zelle order’s hold, were cancelled, or were never paid by card.
        No card was issued for them.
        {data && data.total > data.items.length && ` The ${data.items.length} most recent of ${data.total}.`}
      </p>
      <PurchaseList
        items={data?.items}
        empty="No purchase has ended unpaid."
        details={(purchase) => (
          <>
            <Badge variant={purchase.status === 'expired' ? 'gold' : 'neutral'}>
              {ENDED_LABELS[purchase.status] ?? purchase.status}
            </Badge>{' '}
            {purchase.paymentMethod === 'card' ? 'Card' : 'Zelle'}
            {purchase.endedAt && (
              <>
                , ended <ShopTime iso={purchase.endedAt} dateOnly />
              </>
            )}
            {purchase.endedBy && ` by ${purchase.endedBy}`}
          </>
        )}
        actions={(purchase) =>
          zelleRecordable(purchase) && (
            <Button size="sm" variant="secondary" onClick={() => onRecord(purchase)}>
              Record Zelle payment
            </Button>
          )
        }
      />
    </>
  )
}

/** One tab's purchases: a placeholder while loading, a line of copy when there are none. */
function PurchaseList({
  items,
  empty,
  details,
  actions,
}: {
  items: AdminGiftCardPurchase[] | undefined
  empty: string
  details?: (purchase: AdminGiftCardPurchase) => ReactNode
  actions: (purchase: AdminGiftCardPurchase) => ReactNode
}) {
  if (!items) return <Skeleton className="mt-4 h-14 w-full" />
  if (!items.length)
    return <p className="mt-4 border-t border-ink/10 pt-4 text-sm font-medium text-ink">{empty}</p>
  return (
    <ul className="mt-4 divide-y divide-ink/10">
      {items.map((purchase) => (
        <li key={purchase.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-ink">
              <span className="tabular-nums">{formatCents(purchase.amount)}</span> · memo “{purchase.memo}”
            </p>
            <p className="text-ink-muted [overflow-wrap:anywhere]">
              From {purchase.buyerName} ({purchase.buyerEmail}) for {purchase.recipientName} (
              {purchase.recipientEmail}), delivery {formatDay(purchase.deliveryDate)}
            </p>
            {details && <p className="mt-1 text-ink-muted">{details(purchase)}</p>}
          </div>
          <div className="flex flex-wrap gap-2">{actions(purchase)}</div>
        </li>
      ))}
    </ul>
  )
}
