import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Ban, CircleCheck, Mail, SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import type { GiftCardDetail, GiftCardTransaction } from '../../../shared/gift-cards/admin-contract'
import { GIFT_CARD_TRANSACTION_LABELS, maskedCode } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ShopTime } from '../../ui/shop-time'
import { Skeleton } from '../../ui/skeleton'
import { roleLabel } from '../access'
import { Figure, FigureGrid } from '../figures'
import { PageHeader } from '../page-header'
import { giftCardQueries } from './api'
import { AdjustDialog, ResendDialog, ToggleDialog } from './card-actions'
import { GiftCardStatusBadge, recipientOf } from './gift-card-columns'

type Action = 'adjust' | 'toggle' | 'resend'

/** One card: its balance, who it is for, what can be done with it, and its whole history. */
export function GiftCardDetailPage() {
  const id = Number(useParams().id)
  const query = useQuery({ ...giftCardQueries.detail(id), enabled: Number.isInteger(id) && id > 0 })
  const [action, setAction] = useState<Action>()
  const missing = query.error instanceof ApiError && query.error.status === 404
  useFailureToast('Could not load the gift card', missing ? undefined : query.error)
  const card = query.data
  const close = (open: boolean) => !open && setAction(undefined)

  return (
    <>
      <Link
        to="/admin/gift-cards"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink"
      >
        <ArrowLeft className="size-4" aria-hidden /> Gift cards
      </Link>
      {missing || !Number.isInteger(id) ? (
        <EmptyState
          title="Gift card not found"
          description="It may have been mistyped in the address."
          action={
            <Button asChild variant="secondary">
              <Link to="/admin/gift-cards">All gift cards</Link>
            </Button>
          }
        />
      ) : !card ? (
        <DetailSkeleton />
      ) : (
        <>
          <PageHeader
            title={`Gift card ${maskedCode(card.last4)}`}
            description={
              <span className="inline-flex flex-wrap items-center gap-2">
                <GiftCardStatusBadge status={card.status} />
                <span>{recipientOf(card)}</span>
              </span>
            }
            actions={
              <>
                <Button variant="secondary" size="sm" onClick={() => setAction('adjust')}>
                  <SlidersHorizontal className="size-4" aria-hidden /> Adjust
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setAction('toggle')}>
                  {card.active ? (
                    <Ban className="size-4" aria-hidden />
                  ) : (
                    <CircleCheck className="size-4" aria-hidden />
                  )}
                  {card.active ? 'Disable' : 'Enable'}
                </Button>
                {card.recipientEmail && card.active && (
                  <Button variant="secondary" size="sm" onClick={() => setAction('resend')}>
                    <Mail className="size-4" aria-hidden /> {card.undelivered ? 'Send now' : 'Resend'}
                  </Button>
                )}
              </>
            }
          />
          <FigureGrid label="Gift card">
            <Figure label="Balance" loading={false} detail={`of ${formatCents(card.initialAmount)} issued`}>
              {formatCents(card.balance)}
            </Figure>
            <Figure label="Issued" loading={false} detail={SOURCE_LABELS[card.source]}>
              <ShopTime iso={card.createdAt} dateOnly className="text-2xl sm:text-3xl" />
            </Figure>
            <Figure
              label="Expires"
              loading={false}
              detail={card.expiresAt ? 'At the end of the day' : 'No expiry'}
            >
              {card.expiresAt ? (
                <ShopTime iso={card.expiresAt} dateOnly className="text-2xl sm:text-3xl" />
              ) : (
                'Never'
              )}
            </Figure>
            <Figure label="Spent" loading={false} detail="Paid on orders">
              {formatCents(spentOf(card))}
            </Figure>
          </FigureGrid>
          <CardFacts card={card} />
          <History lines={card.transactions} />
          <AdjustDialog card={card} open={action === 'adjust'} onOpenChange={close} />
          <ToggleDialog card={card} open={action === 'toggle'} onOpenChange={close} />
          <ResendDialog card={card} open={action === 'resend'} onOpenChange={close} />
        </>
      )}
    </>
  )
}

const SOURCE_LABELS: Record<GiftCardDetail['source'], string> = {
  issued: 'Issued by the shop',
  purchased: 'Bought on the storefront',
  store_credit: 'Store credit',
}

/** What orders took off the card (debits are negative lines). */
const spentOf = (card: GiftCardDetail) =>
  card.transactions.filter((line) => line.kind === 'debit').reduce((sum, line) => sum - line.amount, 0)

function CardFacts({ card }: { card: GiftCardDetail }) {
  const facts: [string, string | null][] = [
    ['Recipient', card.recipientName],
    ['E-mail', card.recipientEmail],
    ['From', card.senderName],
    ['Buyer', card.buyer],
    ['Reason', card.reason],
    ['Message', card.message],
  ]
  const shown = facts.filter((fact): fact is [string, string] => !!fact[1])
  if (shown.length === 0) return null
  return (
    <dl className="mt-8 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-xs uppercase tracking-[0.12em] text-ink-muted sm:pt-0.5">{label}</dt>
          <dd className="min-w-0 whitespace-pre-line break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const signed = (cents: number) =>
  cents > 0 ? `+${formatCents(cents)}` : cents < 0 ? `−${formatCents(-cents)}` : '—'

function History({ lines }: { lines: GiftCardTransaction[] }) {
  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <h2 id="history-heading" className="mb-3 font-display text-2xl text-ink">
        History
      </h2>
      <ol className="divide-y divide-ink/10 border-y border-ink/10">
        {[...lines].reverse().map((line) => (
          <li key={line.id} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 py-3 text-sm">
            <span className="min-w-0 font-medium text-ink">
              {GIFT_CARD_TRANSACTION_LABELS[line.kind]}
              {line.orderId !== null && (
                <>
                  {' · '}
                  <Link
                    to={`/admin/orders?search=${line.orderId}`}
                    className="text-jade-700 underline-offset-4 hover:underline"
                  >
                    order #{line.orderId}
                  </Link>
                </>
              )}
            </span>
            <span className="text-right font-medium tabular-nums text-ink">{signed(line.amount)}</span>
            <span className="min-w-0 text-xs text-ink-muted">
              <ShopTime iso={line.createdAt} />
              {line.actor && ` · ${line.actor}`}
              {line.actorRole && ` (${roleLabel(line.actorRole)})`}
              {line.reason && (
                <span className="block whitespace-pre-line break-words text-ink">{line.reason}</span>
              )}
            </span>
            <span className="text-right text-xs tabular-nums text-ink-muted">
              {formatCents(line.balanceAfter)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function DetailSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <span className="sr-only">Loading the gift card</span>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}
