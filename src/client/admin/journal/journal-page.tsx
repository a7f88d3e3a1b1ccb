import { useQuery } from '@tanstack/react-query'
import { BookOpen, Plus } from 'lucide-react'
import { lazy, useEffect, useMemo, useState } from 'react'
import { Link, Route, Routes } from 'react-router'
import {
  ADMIN_POST_TAB_LABELS,
  ADMIN_POST_TABS,
  type AdminPostListItem,
  type AdminPostTab,
  JOURNAL_MESSAGES,
} from '../../../shared/journal'
import { toastFailure } from '../../lib/mutation-toasts'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { DataTable } from '../../ui/data-table'
import { EmptyState } from '../../ui/empty-state'
import { SearchInput } from '../../ui/search-input'
import { Tabs, TabsList, TabsTrigger } from '../../ui/tabs'
import { PageHeader } from '../page-header'
import { journalQueries, useDeletePost } from './api'
import { postColumns } from './post-columns'

const PostEditorPage = lazy(() => import('./post-editor-page'))

const PAGE_SIZE = 50

/** /admin/journal: the list; /admin/journal/new and /admin/journal/:id: the editor. */
export function JournalPage() {
  return (
    <Routes>
      <Route index element={<PostList />} />
      <Route path="new" element={<PostEditorPage />} />
      <Route path=":id" element={<PostEditorPage />} />
    </Routes>
  )
}

function PostList() {
  const list = useListParams(['status'] as const)
  const tab = (ADMIN_POST_TABS as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as AdminPostTab)
    : 'all'
  const query = useQuery(journalQueries.list({ ...list.query, status: tab === 'all' ? undefined : tab }))
  const remove = useDeletePost()
  const [deleting, setDeleting] = useState<AdminPostListItem>()
  const columns = useMemo(() => postColumns(setDeleting), [])
  useEffect(() => {
    if (query.error) toastFailure(JOURNAL_MESSAGES.loadFailed, query.error)
  }, [query.error])
  const counts = query.data?.counts

  return (
    <>
      <PageHeader
        title="Journal"
        description={
          counts
            ? `${counts.all} ${counts.all === 1 ? 'story' : 'stories'} · ${counts.published} published · ${counts.scheduled} scheduled`
            : 'Stories about jade, read on the storefront.'
        }
        actions={
          <Button asChild>
            <Link to="/admin/journal/new">
              <Plus className="size-4" aria-hidden /> New Story
            </Link>
          </Button>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => list.setFilter('status', value === 'all' ? undefined : value)}
      >
        <TabsList className="mb-5 max-w-full gap-5 overflow-x-auto sm:gap-8">
          {ADMIN_POST_TABS.map((name) => (
            <TabsTrigger key={name} value={name} className="gap-2 whitespace-nowrap">
              {ADMIN_POST_TAB_LABELS[name]}
              {counts && (
                <Badge variant={name === 'scheduled' && counts.scheduled > 0 ? 'reserved' : 'neutral'}>
                  {counts[name]}
                </Badge>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="mb-4">
        <SearchInput
          label="Search stories"
          placeholder="Search by title"
          value={list.search}
          onSearch={list.setSearch}
        />
      </div>
      <DataTable
        caption="Journal stories"
        noun={{ one: 'story', other: 'stories' }}
        columns={columns}
        data={query.data?.items}
        getRowId={(post) => String(post.id)}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={PAGE_SIZE}
        onPageChange={list.setPage}
        sort={list.sort ?? 'updated-desc'}
        onSortChange={list.setSort}
        refreshing={query.isPlaceholderData}
        empty={
          <EmptyState
            icon={<BookOpen className="size-7" aria-hidden />}
            title={
              list.search
                ? 'No stories found'
                : tab === 'all'
                  ? 'No stories yet'
                  : `No ${ADMIN_POST_TAB_LABELS[tab].toLowerCase()} stories`
            }
            description={
              list.search
                ? `No story titles match "${list.search}".`
                : 'Write about how to tell Type A jadeite, how to measure a bangle, or the story of a piece.'
            }
            action={
              <Button asChild>
                <Link to="/admin/journal/new">Write a Story</Link>
              </Button>
            }
          />
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this story?"
        description={`"${deleting?.title}" will be removed from the Journal for good, with its address and view count. This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </>
  )
}
