import { useQuery } from '@tanstack/react-query'
import { BookOpen, Plus } from 'lucide-react'
import { lazy, useMemo, useState } from 'react'
import { Link, Route, Routes } from 'react-router'
import type { AdminPostListItem } from '../../../shared/journal/admin-contract'
import { ADMIN_POST_TAB_LABELS, ADMIN_POST_TABS, JOURNAL_MESSAGES } from '../../../shared/journal/rules'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { ListTable } from '../list-table'
import { ListTabs } from '../list-tabs'
import { ListToolbar } from '../list-toolbar'
import { PageHeader } from '../page-header'
import { journalQueries, useDeletePost } from './api'
import { postColumns } from './post-columns'

const PostEditorPage = lazy(() => import('./post-editor-page'))

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
  const tabs = list.oneOf('status', ADMIN_POST_TABS)
  const tab = tabs.value
  const query = useQuery(journalQueries.list({ ...list.query, status: tab === 'all' ? undefined : tab }))
  const remove = useDeletePost()
  const [deleting, setDeleting] = useState<AdminPostListItem>()
  const columns = useMemo(() => postColumns(setDeleting), [])
  useFailureToast(JOURNAL_MESSAGES.loadFailed, query.error)
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
      <ListTabs
        choice={tabs}
        labels={ADMIN_POST_TAB_LABELS}
        className="mb-5 max-w-full gap-5 overflow-x-auto sm:gap-8"
        badge={(name) =>
          counts && (
            <Badge variant={name === 'scheduled' && counts.scheduled > 0 ? 'reserved' : 'neutral'}>
              {counts[name]}
            </Badge>
          )
        }
      />
      <ListToolbar list={list} label="Search stories" placeholder="Search by title" />
      <ListTable
        caption="Journal stories"
        noun={{ one: 'story', other: 'stories' }}
        columns={columns}
        list={list}
        query={query}
        defaultSort="updated-desc"
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
