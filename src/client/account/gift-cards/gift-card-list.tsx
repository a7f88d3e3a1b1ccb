import { Gift } from 'lucide-react'
import { Link } from 'react-router'
import { ACCOUNT_CARD_SOURCE_LABELS, type AccountGiftCard } from '../../../shared/gift-cards/account-contract'
import { GIFT_CARD_STATUS_LABELS, type GiftCardStatus, maskedCode } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { formatDate } from '../../../shared/shop-dates/format'
import { useAccountGiftCards } from '../../lib/account-gift-cards'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { Skeleton } from '../../ui/skeleton'

// The account's "Gift cards" tab (issue 36): store credit from returns and gift cards in the
// shopper's name, with what each still holds. Checkout offers the usable ones without a code.

/** As the back office's list colours them (one colour per meaning): usable green, ended grey, stopped red. */
const STATUS_BADGE: Record<GiftCardStatus, 'available' | 'draft' | 'sold'> = {
  active: 'available',
  spent: 'draft',
  expired: 'draft',
  disabled: 'sold',
}

export function GiftCardList() {
  const { data, isPending, isError, refetch, isFetching } = useAccountGiftCards()
  const timeZone = useShopTimeZone()

  if (isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-hidden>
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    )
  if (isError)
    return (
      <EmptyState
        title="We couldn't load your gift cards"
        description="Please check your connection and try again."
        action={
          <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      />
    )
  if (data.items.length === 0)
    return (
      <EmptyState
        icon={<Gift className="size-7" aria-hidden />}
        title="No store credit or gift cards yet"
        description="Store credit from a return and gift cards sent to your e-mail appear here."
        action={
          <Button asChild>
            <Link to="/products">Explore the collection</Link>
          </Button>
        }
      />
    )

  const available = data.items
    .filter((card) => card.status === 'active')
    .reduce((sum, card) => sum + card.balance, 0)
  return (
    <div className="grid gap-8">
      <div className="border-b border-ink/10 pb-6">
        <p className="text-xs uppercase tracking-[0.3em] text-ink-muted">Available to spend</p>
        <p className="mt-2 font-display text-4xl tabular-nums text-ink">{formatCents(available)}</p>
        <p className="mt-2 text-sm text-ink-muted">
          Checkout offers your store credit when you are signed in: no code to type.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your store credit and gift cards">
        {data.items.map((card) => (
          <CardTile key={card.id} card={card} timeZone={timeZone} />
        ))}
      </ul>
    </div>
  )
}

function CardTile({ card, timeZone }: { card: AccountGiftCard; timeZone: string | undefined }) {
  const usable = card.status === 'active'
  const name = `${ACCOUNT_CARD_SOURCE_LABELS[card.source]} ${maskedCode(card.last4)}`
  return (
    <li
      className={
        usable
          ? 'rounded-sm border border-jade-700/20 border-t-2 border-t-gold bg-jade-50 p-5'
          : 'rounded-sm border border-ink/10 p-5'
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-2 font-sans text-sm font-medium tracking-wide text-ink">
          <Gift className="size-4 shrink-0 text-jade-700" aria-hidden />
          <span className="break-words">{name}</span>
        </h3>
        <Badge variant={STATUS_BADGE[card.status]}>{GIFT_CARD_STATUS_LABELS[card.status]}</Badge>
      </div>
      <p className="mt-4 font-display text-3xl tabular-nums text-ink">
        {formatCents(card.balance)}
        {card.balance !== card.initialAmount && (
          <span className="ml-2 align-middle font-sans text-sm text-ink-muted">
            of {formatCents(card.initialAmount)}
          </span>
        )}
      </p>
      <dl className="mt-3 grid gap-1 text-xs text-ink-muted">
        <div className="flex gap-1">
          <dt>Issued</dt>
          <dd>{formatDate(card.createdAt, timeZone)}</dd>
        </div>
        {usable && (
          <div className="flex gap-1">
            <dt className="sr-only">At checkout</dt>
            <dd>{card.applicable ? 'Offered at checkout' : 'Enter its code at checkout'}</dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt className="sr-only">Expiry</dt>
          <dd>{card.expiresAt ? `Expires ${formatDate(card.expiresAt, timeZone)}` : 'Never expires'}</dd>
        </div>
      </dl>
    </li>
  )
}
