import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import type { GiftCard } from '../../../shared/gift-cards/admin-contract'
import { GIFT_CARD_STATUS_LABELS, type GiftCardStatus, maskedCode } from '../../../shared/gift-cards/rules'
import { formatCents } from '../../../shared/money'
import { Badge } from '../../ui/badge'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { ShopTime } from '../../ui/shop-time'

const column = dataTableColumns<GiftCard>()

/** One colour per meaning, as everywhere: usable is available-green, ended is grey, stopped is red. */
export const GIFT_CARD_STATUS_BADGE: Record<GiftCardStatus, 'available' | 'draft' | 'sold'> = {
  active: 'available',
  spent: 'draft',
  expired: 'draft',
  disabled: 'sold',
}

export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  return <Badge variant={GIFT_CARD_STATUS_BADGE[status]}>{GIFT_CARD_STATUS_LABELS[status]}</Badge>
}

/** Who the card is for, in one line: the name, the address, or the buyer's account. */
export const recipientOf = (card: Pick<GiftCard, 'recipientName' | 'recipientEmail' | 'buyer'>) =>
  [card.recipientName, card.recipientEmail].filter(Boolean).join(' · ') || card.buyer || 'No recipient'

/** The Gift cards table: code and recipient, status, balance of initial, issued, open. */
export const giftCardColumns: DataTableColumn<GiftCard>[] = column.columns([
  column.accessor('last4', {
    header: 'Card',
    meta: { role: 'primary' },
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link
          to={`/admin/gift-cards/${row.original.id}`}
          className="block truncate font-medium tracking-wide text-ink tabular-nums hover:text-jade-700 focus-visible:text-jade-700"
        >
          {maskedCode(row.original.last4)}
        </Link>
        <span className="block truncate text-xs text-ink-muted">{recipientOf(row.original)}</span>
      </div>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) => <GiftCardStatusBadge status={row.original.status} />,
  }),
  column.accessor('balance', {
    header: 'Balance',
    meta: { align: 'right' },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        <span className="font-medium text-ink">{formatCents(row.original.balance)}</span>
        <span className="text-ink-muted"> / {formatCents(row.original.initialAmount)}</span>
      </span>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Issued',
    cell: ({ row }) => (
      <ShopTime iso={row.original.createdAt} dateOnly className="whitespace-nowrap tabular-nums" />
    ),
  }),
  column.display({
    id: 'actions',
    meta: { role: 'actions', label: 'Actions' },
    cell: ({ row }) => (
      <Link
        to={`/admin/gift-cards/${row.original.id}`}
        className="inline-flex h-9 items-center gap-1 rounded-sm px-3 text-sm font-medium text-ink hover:bg-jade-50"
      >
        Open<span className="sr-only"> card {maskedCode(row.original.last4)}</span>
        <ChevronRight className="size-4" aria-hidden />
      </Link>
    ),
  }),
])
