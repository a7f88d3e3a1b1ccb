import { useQuery } from '@tanstack/react-query'
import { Check, Copy, Download, MailPlus, Send } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import type { Subscriber } from '../../../shared/newsletter/admin-contract'
import { NEWSLETTER_MESSAGES } from '../../../shared/newsletter/schema'
import { formatDateTime } from '../../../shared/shop-dates/date-time'
import { ApiError } from '../../lib/api'
import { cn } from '../../lib/cn'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { useShopTimeZone } from '../../lib/shop-time-zone'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { EmptyState } from '../../ui/empty-state'
import { toast } from '../../ui/use-toast'
import { useCan } from '../access'
import { ListTable } from '../list-table'
import { clearSearchAction, ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { csvUrl, fetchAllEmails, subscriberQueries } from './api'

/** Copy feedback lasts 2 seconds (back-office.md §9). */
const COPIED_MS = 2000

/** 'Invalid date' for an unreadable date, 'N/A' for none (back-office.md §2 Subscribers). */
export function subscribedOn(iso: string | null, timeZone?: string): string {
  if (!iso) return 'N/A'
  return formatDateTime(iso, timeZone, { zoneName: true }) || 'Invalid date'
}

function SubscribedOn({ iso }: { iso: string | null }) {
  return <span className="tabular-nums sm:whitespace-nowrap">{subscribedOn(iso, useShopTimeZone())}</span>
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    toast({
      variant: 'destructive',
      title: 'Failed to copy',
      description: 'Please copy the address manually',
    })
    return false
  }
}

function CopyButton({ email }: { email: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={copied ? `Copied ${email}` : `Copy ${email}`}
      onClick={async () => setCopied(await copy(email))}
    >
      {copied ? (
        <Check className="size-4 text-jade-700" aria-hidden />
      ) : (
        <Copy className="size-4" aria-hidden />
      )}
      <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  )
}

const column = dataTableColumns<Subscriber>()
const columns: DataTableColumn<Subscriber>[] = column.columns([
  column.accessor('email', {
    header: 'Email Address',
    meta: { role: 'primary' },
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={cn('break-all font-medium', row.original.confirmed ? 'text-ink' : 'text-ink-muted')}>
          {row.original.email}
        </span>
        {!row.original.confirmed && <Badge variant="gold">{NEWSLETTER_MESSAGES.awaitingConfirmation}</Badge>}
        {row.original.bouncing && <Badge variant="sold">{NEWSLETTER_MESSAGES.bouncing}</Badge>}
      </span>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Date Subscribed',
    cell: ({ getValue }) => <SubscribedOn iso={getValue()} />,
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    meta: { role: 'actions', label: 'Actions' },
    cell: ({ row }) => <CopyButton email={row.original.email} />,
  }),
])

/** Newsletter subscribers (back-office.md §2), refreshed every 30 seconds. */
export function SubscribersPage() {
  const list = useListParams()
  const query = useQuery(subscriberQueries.list({ page: list.query.page, search: list.query.search }))
  const [copyingAll, setCopyingAll] = useState(false)
  const [exporting, setExporting] = useState(false)
  useFailureToast('Failed to load subscription data', query.error)
  // Rows listed (awaiting confirmation included) page the table; only confirmed addresses count,
  // copy and export as subscribers.
  const total = query.data?.total ?? 0
  const subscribers = query.data?.subscribers ?? 0
  const tableColumns = useMemo(() => columns, [])
  // The campaigns write to this list (issue 38); members who may send them get there from here.
  const canSend = useCan('newsletter:send')

  const copyAll = async () => {
    setCopyingAll(true)
    try {
      const emails = await fetchAllEmails(list.query.search)
      if (await copy(emails.join(', '))) toastSuccess(NEWSLETTER_MESSAGES.copied(emails.length))
    } catch (error) {
      toastFailure('Failed to copy', error)
    } finally {
      setCopyingAll(false)
    }
  }

  // Fetched, then saved: the button shows the export is on its way, and a failure can be told.
  const exportCsv = async () => {
    setExporting(true)
    try {
      const response = await fetch(csvUrl(list.query.search), { credentials: 'include' })
      if (!response.ok) throw new ApiError(response.status, undefined, await response.text())
      const blob = await response.blob()
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1]
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = name ?? 'subscribers.csv'
      link.click()
      URL.revokeObjectURL(link.href)
    } catch (error) {
      toastFailure('Export failed', error)
    } finally {
      setExporting(false)
    }
  }

  return (
    <>
      <PageHeader
        title="Subscribers"
        description="Everyone on the newsletter list. An address counts once its owner confirms it from the e-mail we send. The list refreshes every 30 seconds."
        actions={
          <div className="flex flex-wrap gap-2">
            {canSend && (
              <Button asChild variant="secondary">
                <Link to="/admin/newsletter">
                  <Send className="size-4" aria-hidden /> Campaigns
                </Link>
              </Button>
            )}
            <Button variant="secondary" onClick={exportCsv} loading={exporting} disabled={subscribers === 0}>
              <Download className="size-4" aria-hidden /> {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
            <Button onClick={copyAll} loading={copyingAll} disabled={subscribers === 0}>
              <Copy className="size-4" aria-hidden /> Copy All Emails
            </Button>
          </div>
        }
      />
      <ListToolbar list={list} label="Search subscribers" placeholder="Search by email address">
        <p className="text-sm text-ink-muted" aria-live="polite">
          Total:{' '}
          <span className="font-display text-2xl tabular-nums text-ink">
            {subscribers.toLocaleString('en-US')}
          </span>{' '}
          {subscribers === 1 ? 'subscriber' : 'subscribers'}
          {total > subscribers && (
            <> · {(total - subscribers).toLocaleString('en-US')} awaiting confirmation</>
          )}
        </p>
      </ListToolbar>
      <ListTable
        caption="Subscribers"
        noun={{ one: 'subscriber', other: 'subscribers' }}
        columns={tableColumns}
        list={list}
        query={query}
        empty={
          <EmptyState
            icon={<MailPlus className="size-7" aria-hidden />}
            title={list.search ? `No subscriber matches "${list.search}"` : 'No subscribers'}
            description={list.search ? undefined : NEWSLETTER_MESSAGES.noSubscribers}
            action={clearSearchAction(list)}
          />
        }
      />
    </>
  )
}
