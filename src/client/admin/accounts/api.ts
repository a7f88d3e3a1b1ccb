import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Page } from '../../../shared/admin-list'
import type { AdminUser } from '../../../shared/users-admin'
import { api } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { keyToUrl, queries } from '../../lib/queries'

type Params = Record<string, string | undefined>

export const accountQueries = {
  list: (params: Params) =>
    queryOptions({
      queryKey: ['/api/users', params],
      queryFn: ({ queryKey }) => api.get<Page<AdminUser>>(keyToUrl(queryKey)),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
}

function useRefreshAccounts() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/users/summary'] }),
      // The owner may have changed their own role: the guard reads it from here.
      queryClient.invalidateQueries({ queryKey: queries.auth().queryKey }),
    ])
}

export function useSetAdmin() {
  const refresh = useRefreshAccounts()
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: number; isAdmin: boolean }) =>
      api.patch<AdminUser>(`/api/users/${id}/admin`, { isAdmin }),
    onSuccess: async (user) => {
      toastSuccess(
        'Account Updated',
        `${user.username} is now ${user.isAdmin ? 'an administrator' : 'a customer'}.`,
      )
      await refresh()
    },
    onError: (error) => toastFailure('Failed to update admin status', error),
  })
}

export function useDeleteUser() {
  const refresh = useRefreshAccounts()
  return useMutation({
    mutationFn: (user: AdminUser) => api.delete<{ message: string }>(`/api/users/${user.id}`),
    onSuccess: async (_, user) => {
      toastSuccess('Account Deleted', `The account "${user.username}" has been deleted.`)
      await refresh()
    },
    onError: (error) => toastFailure('Failed to delete user', error),
  })
}
