import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { journalAdminContract as contract } from '../../../shared/journal/admin-contract'
import { JOURNAL_MESSAGES } from '../../../shared/journal/rules'
import type { PostInput } from '../../../shared/journal/schema'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { JUST_FETCHED_MS } from '../../lib/queries'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const journalQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
  post: (id: number) =>
    queryOptions({
      queryKey: [`/api/admin/blog/posts/${id}`],
      queryFn: () => call(contract.post, { params: { id } }),
      staleTime: 0,
    }),
  summary: () =>
    queryOptions({
      queryKey: [contract.summary.path],
      queryFn: () => call(contract.summary),
      staleTime: JUST_FETCHED_MS,
      refetchOnWindowFocus: true,
    }),
}

/** After a write: the owner's list and counts, and the storefront's Journal answers. */
function useRefreshJournal() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      ['/api/admin/blog/posts', '/api/admin/blog/summary', '/api/blog/posts'].map((path) =>
        queryClient.invalidateQueries({ queryKey: [path] }),
      ),
    )
}

/** What the owner did, for the toast: saving a draft, publishing, scheduling, unpublishing. */
export type SaveIntent = 'save' | 'publish' | 'schedule' | 'unpublish'
const SAVED: Record<SaveIntent, string> = {
  save: JOURNAL_MESSAGES.saved,
  publish: JOURNAL_MESSAGES.published,
  schedule: JOURNAL_MESSAGES.scheduled,
  unpublish: JOURNAL_MESSAGES.unpublished,
}

// Each mutation shows its own toasts; on failure the editor keeps every field as typed.

export function useSavePost() {
  const refresh = useRefreshJournal()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: PostInput; intent: SaveIntent }) =>
      id === undefined
        ? call(contract.create, { body: input })
        : call(contract.update, { params: { id }, body: input }),
    onSuccess: async (post, { id, intent }) => {
      toastSuccess(id === undefined && intent === 'save' ? JOURNAL_MESSAGES.created : SAVED[intent])
      queryClient.setQueryData(journalQueries.post(post.id).queryKey, post)
      await refresh()
    },
    onError: (error) => toastFailure(JOURNAL_MESSAGES.saveFailed, error),
  })
}

export function useDeletePost() {
  const refresh = useRefreshJournal()
  return useMutation({
    mutationFn: (id: number) => call(contract.remove, { params: { id } }),
    onSuccess: async () => {
      toastSuccess(JOURNAL_MESSAGES.deleted)
      await refresh()
    },
    onError: (error) => toastFailure(JOURNAL_MESSAGES.deleteFailed, error),
  })
}
