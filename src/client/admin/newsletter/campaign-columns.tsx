import { Link } from 'react-router'
import type { CampaignAnswer } from '../../../shared/campaigns/admin-contract'
import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../../../shared/campaigns/rules'
import { Badge } from '../../ui/badge'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { ShopTime } from '../../ui/shop-time'

const column = dataTableColumns<CampaignAnswer>()

/** One colour per meaning, as everywhere: waiting is reserved-blue, done is available-green. */
const STATUS_BADGE: Record<CampaignStatus, 'available' | 'reserved' | 'draft' | 'sold' | 'gold'> = {
  draft: 'draft',
  scheduled: 'reserved',
  sending: 'gold',
  sent: 'available',
  cancelled: 'sold',
}

/** When the campaign went, goes, or was last changed. */
function When({ campaign }: { campaign: CampaignAnswer }) {
  const at = campaign.finishedAt ?? campaign.startedAt ?? campaign.sendAt ?? campaign.updatedAt
  return <ShopTime iso={at} zoneName className="whitespace-nowrap text-sm tabular-nums" />
}

const Count = ({ value }: { value: number }) => <span className="tabular-nums">{value}</span>

/** The campaigns table: subject, status, when, and what happened (sent, failed, unsubscribed). */
export function campaignColumns(): DataTableColumn<CampaignAnswer>[] {
  return column.columns([
    column.accessor('subject', {
      header: 'Subject',
      meta: { role: 'primary' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <Link
            to={`/admin/newsletter/${row.original.id}`}
            className="block break-words font-medium text-ink underline-offset-4 hover:text-jade-700 hover:underline"
          >
            {row.original.subject}
          </Link>
          {row.original.previewText && (
            <span className="block break-words text-xs text-ink-muted">{row.original.previewText}</span>
          )}
        </div>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant={STATUS_BADGE[row.original.status]}>
          {CAMPAIGN_STATUS_LABELS[row.original.status]}
        </Badge>
      ),
    }),
    column.accessor('updatedAt', { header: 'When', cell: ({ row }) => <When campaign={row.original} /> }),
    column.accessor('sent', {
      header: 'Sent',
      meta: { align: 'right' },
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          <Count value={row.original.sent} />
          {row.original.recipients > 0 && (
            <span className="text-ink-muted">
              {' / '}
              <Count value={row.original.recipients} />
            </span>
          )}
        </span>
      ),
    }),
    column.accessor('failed', {
      header: 'Failed',
      meta: { align: 'right' },
      cell: ({ getValue }) => <Count value={getValue()} />,
    }),
    column.accessor('unsubscribed', {
      header: 'Unsubscribed',
      meta: { align: 'right' },
      cell: ({ getValue }) => <Count value={getValue()} />,
    }),
  ])
}
