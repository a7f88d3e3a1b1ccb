import { Pencil, Trash2 } from 'lucide-react'
import { DISCOUNT_STATUS_LABELS, type DiscountStatus } from '../../../shared/discounts/rules'
import type { Discount } from '../../../shared/discounts/schema'
import { formatCents } from '../../../shared/money'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { IconAction } from '../../ui/icon-action'
import { ShopTime } from '../../ui/shop-time'

const column = dataTableColumns<Discount>()

/** One colour per meaning, as everywhere: usable is available-green, waiting is reserved-blue, done is grey. */
const STATUS_BADGE: Record<DiscountStatus, 'available' | 'reserved' | 'draft' | 'sold'> = {
  active: 'available',
  scheduled: 'reserved',
  expired: 'draft',
  'used-up': 'sold',
  inactive: 'draft',
}

const offLabel = (discount: Discount) =>
  discount.kind === 'percent' ? `${discount.value}% off` : `${formatCents(discount.value)} off`

/** The Discounts table: code and what it takes off, status, window, uses, actions. */
export function discountColumns(
  onEdit: (discount: Discount) => void,
  onDelete: (discount: Discount) => void,
): DataTableColumn<Discount>[] {
  return column.columns([
    column.accessor('code', {
      header: 'Code',
      meta: { role: 'primary' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <span className="block truncate font-medium tracking-wide text-ink">{row.original.code}</span>
          <span className="block truncate text-xs text-ink-muted">
            {offLabel(row.original)}
            {row.original.minSubtotal > 0 && ` · from ${formatCents(row.original.minSubtotal)}`}
            {row.original.note && ` · ${row.original.note}`}
          </span>
        </div>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap gap-1">
          <Badge variant={STATUS_BADGE[row.original.status]}>
            {DISCOUNT_STATUS_LABELS[row.original.status]}
          </Badge>
          {row.original.welcome && <Badge variant="gold">Welcome</Badge>}
        </span>
      ),
    }),
    column.accessor('uses', {
      header: 'Uses',
      meta: { align: 'right' },
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {row.original.uses}
          {row.original.maxUses !== null && <span className="text-ink-muted"> / {row.original.maxUses}</span>}
        </span>
      ),
    }),
    column.accessor('endsAt', {
      header: 'Valid',
      cell: ({ row }) => {
        const { startsAt, endsAt } = row.original
        if (!startsAt && !endsAt) return <span className="text-ink-muted">Always</span>
        return (
          <span className="whitespace-nowrap text-sm tabular-nums">
            {startsAt ? <ShopTime iso={startsAt} dateOnly /> : 'Now'} –{' '}
            {endsAt ? <ShopTime iso={endsAt} dateOnly /> : 'open'}
          </span>
        )
      },
    }),
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => {
        const discount = row.original
        return (
          <div className="inline-flex items-center justify-end gap-1 whitespace-nowrap">
            <Button variant="ghost" size="sm" onClick={() => onEdit(discount)}>
              <Pencil className="size-3.5" aria-hidden /> Edit
              <span className="sr-only"> {discount.code}</span>
            </Button>
            <IconAction label={`Delete ${discount.code}`} tip="Delete" onClick={() => onDelete(discount)}>
              <Trash2 className="size-4" aria-hidden />
            </IconAction>
          </div>
        )
      },
    }),
  ])
}
