import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type AdminUser, accountsAdminContract as contract } from '../../../shared/accounts/admin-contract'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { queries } from '../../lib/queries'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const accountQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
}

function useRefreshAccounts() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [contract.list.path] }),
      queryClient.invalidateQueries({ queryKey: [contract.summary.path] }),
      // The owner may have changed their own role: the guard reads it from here.
      queryClient.invalidateQueries({ queryKey: queries.auth().queryKey }),
    ])
}

export function useSetAdmin() {
  const refresh = useRefreshAccounts()
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: number; isAdmin: boolean }) =>
      call(contract.setAdmin, { params: { id }, body: { isAdmin } }),
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
    mutationFn: (user: AdminUser) => call(contract.remove, { params: { id: user.id } }),
    onSuccess: async (_, user) => {
      toastSuccess('Account Deleted', `The account "${user.username}" has been deleted.`)
      await refresh()
    },
    onError: (error) => toastFailure('Failed to delete user', error),
  })
}
