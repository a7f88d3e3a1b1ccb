import { useQuery } from '@tanstack/react-query'
import { Eye, Inbox, Mail, MailOpen, Reply, Trash2 } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import {
  INQUIRY_MESSAGES,
  INQUIRY_TAB_LABELS,
  INQUIRY_TABS,
  type Inquiry,
  type InquiryTab,
  replyMailto,
} from '../../../shared/inquiries'
import { formatDateTime, useShopTimeZone } from '../../lib/dates'
import { toastFailure } from '../../lib/mutation-toasts'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { DataTable, type DataTableColumn, dataTableColumns } from '../../ui/data-table'
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
import { SearchInput } from '../../ui/search-input'
import { Tabs, TabsList, TabsTrigger } from '../../ui/tabs'
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
          {formatDateTime(getValue(), { timeZone, zoneName: true })}
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
  const tab = (INQUIRY_TABS as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as InquiryTab)
    : 'all'
  const query = useQuery(inquiryQueries.list({ ...list.query, status: tab === 'all' ? undefined : tab }))
  const markRead = useMarkRead()
  const remove = useDeleteInquiry()
  const [viewing, setViewing] = useState<Inquiry>()
  const [deleting, setDeleting] = useState<Inquiry>()
  useEffect(() => {
    if (query.error) toastFailure(INQUIRY_MESSAGES.loadFailed, query.error)
  }, [query.error])
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
      <Tabs
        value={tab}
        onValueChange={(value) => list.setFilter('status', value === 'all' ? undefined : value)}
      >
        <TabsList className="mb-6">
          {INQUIRY_TABS.map((name) => (
            <TabsTrigger key={name} value={name} className="gap-2">
              {INQUIRY_TAB_LABELS[name]}
              {name === 'unread' && counts && counts.unread > 0 && (
                <Badge variant="jade" aria-label={`${counts.unread} unread`}>
                  {counts.unread}
                </Badge>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="mb-4">
        <SearchInput
          label="Search inquiries"
          placeholder="Search by name, email or subject"
          value={list.search}
          onSearch={list.setSearch}
        />
      </div>
      <DataTable
        caption="Inquiries"
        noun={{ one: 'inquiry', other: 'inquiries' }}
        columns={columns}
        data={query.data?.items}
        getRowId={(inquiry) => String(inquiry.id)}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={50}
        onPageChange={list.setPage}
        refreshing={query.isPlaceholderData}
        empty={
          <EmptyState
            icon={<Inbox className="size-7" aria-hidden />}
            title={list.search ? INQUIRY_MESSAGES.emptySearch(list.search) : INQUIRY_MESSAGES.empty}
            action={
              list.search ? (
                <Button variant="link" onClick={() => list.setSearch('')}>
                  Clear search
                </Button>
              ) : undefined
            }
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
                  {` · ${formatDateTime(viewing.createdAt, { timeZone, zoneName: true })}`}
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
