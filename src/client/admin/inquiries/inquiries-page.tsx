import { useQuery } from '@tanstack/react-query'
import { Eye, Inbox, Mail, MailOpen, Reply, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { Inquiry } from '../../../shared/inquiries/admin-contract'
import {
  INQUIRY_MESSAGES,
  INQUIRY_TAB_LABELS,
  INQUIRY_TABS,
  replyMailto,
} from '../../../shared/inquiries/schema'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { EmptyState } from '../../ui/empty-state'
import { IconAction } from '../../ui/icon-action'
import { ListTable } from '../list-table'
import { ListTabs, TabCount } from '../list-tabs'
import { clearSearchAction, ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { inquiryQueries, useDeleteInquiry, useMarkRead } from './api'

const column = dataTableColumns<Inquiry>()

function inquiryColumns(
  open: (inquiry: Inquiry) => void,
  ask: (inquiry: Inquiry) => void,
  timeZone: string | undefined,
): DataTableColumn<Inquiry>[] {
  return column.columns([
    column.accessor('read', {
      header: 'Status',
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge>
            <MailOpen className="size-3" aria-hidden /> Read
          </Badge>
        ) : (
          <Badge variant="jade">
            <Mail className="size-3" aria-hidden /> Unread
          </Badge>
        ),
    }),
    column.accessor('name', {
      header: 'From',
      meta: { role: 'primary' },
      cell: ({ row }) => (
        <span className="grid">
          <span className={row.original.read ? 'text-ink' : 'font-semibold text-ink'}>
            {row.original.name}
          </span>
          <span className="text-xs text-ink-muted">{row.original.email}</span>
        </span>
      ),
    }),
    column.accessor('subject', {
      header: 'Subject',
      cell: ({ row }) => (
        <span className={`line-clamp-2 ${row.original.read ? '' : 'font-semibold'}`}>
          {row.original.subject}
        </span>
      ),
    }),
    column.accessor('createdAt', {
      header: 'Date',
      cell: ({ getValue }) => (
        <span className="tabular-nums sm:whitespace-nowrap">
          {formatDateTime(getValue(), timeZone, { zoneName: true })}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => (
        <div className="inline-flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => open(row.original)}>
            <Eye className="size-3.5" aria-hidden /> View
            <span className="sr-only"> the message from {row.original.name}</span>
          </Button>
          <IconAction
            label={`Delete the message from ${row.original.name}`}
            tip="Delete"
            onClick={() => ask(row.original)}
          >
            <Trash2 className="size-4" aria-hidden />
          </IconAction>
        </div>
      ),
    }),
  ])
}

/** Messages from the contact form (back-office.md §2 Inquiries). */
export function InquiriesPage() {
  const list = useListParams(['status'] as const)
  const tabs = list.oneOf('status', INQUIRY_TABS)
  const tab = tabs.value
  const query = useQuery(inquiryQueries.list({ ...list.query, status: tab === 'all' ? undefined : tab }))
  const markRead = useMarkRead()
  const remove = useDeleteInquiry()
  const [viewing, setViewing] = useState<Inquiry>()
  const [deleting, setDeleting] = useState<Inquiry>()
  useFailureToast(INQUIRY_MESSAGES.loadFailed, query.error)
  // The shop's clock, named: the owner may be reading this in another zone.
  const timeZone = useShopTimeZone()
  const columns = useMemo(
    () =>
      inquiryColumns(
        (inquiry) => {
          setViewing(inquiry)
          if (!inquiry.read) markRead.mutate(inquiry)
        },
        setDeleting,
        timeZone,
      ),
    [markRead.mutate, timeZone],
  )
  const counts = query.data?.counts

  return (
    <>
      <PageHeader
        title="Inquiries"
        description="Messages from the contact form. Opening one marks it read."
      />
      <ListTabs
        choice={tabs}
        labels={INQUIRY_TAB_LABELS}
        className="mb-6"
        badge={(name) => name === 'unread' && <TabCount count={counts?.unread} noun={name} variant="jade" />}
      />
      <ListToolbar list={list} label="Search inquiries" placeholder="Search by name, email or subject" />
      <ListTable
        caption="Inquiries"
        noun={{ one: 'inquiry', other: 'inquiries' }}
        columns={columns}
        list={list}
        query={query}
        empty={
          <EmptyState
            icon={<Inbox className="size-7" aria-hidden />}
            title={list.search ? INQUIRY_MESSAGES.emptySearch(list.search) : INQUIRY_MESSAGES.empty}
            action={clearSearchAction(list)}
          />
        }
      />
      <Dialog open={viewing !== undefined} onOpenChange={(open) => !open && setViewing(undefined)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle className="break-words">{viewing?.subject}</DialogTitle>
            <DialogDescription>
              {viewing && (
                <>
                  {`From ${viewing.name} `}
                  <a href={`mailto:${viewing.email}`} className="text-jade-700 underline underline-offset-4">
                    {viewing.email}
                  </a>
                  {` · ${formatDateTime(viewing.createdAt, timeZone, { zoneName: true })}`}
                </>
              )}
            </DialogDescription>
          </DialogHeader>
          <div className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap break-words border-y border-ink/10 py-4 text-sm leading-relaxed text-ink">
            {viewing?.message}
          </div>
          <DialogFooter className="gap-2">
            <Button
              variant="destructive"
              onClick={() => {
                setDeleting(viewing)
              }}
            >
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
            {viewing && (
              <Button asChild variant="secondary">
                <a href={replyMailto(viewing)}>
                  <Reply className="size-4" aria-hidden /> Reply via Email
                </a>
              </Button>
            )}
            <Button onClick={() => setViewing(undefined)}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete inquiry?"
        description={INQUIRY_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        onConfirm={async () => {
          await remove.mutateAsync(deleting!)
          if (viewing?.id === deleting?.id) setViewing(undefined)
        }}
      />
    </>
  )
}
