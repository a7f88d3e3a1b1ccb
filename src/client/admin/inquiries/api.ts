import { useMutation, useQueryClient } from '@tanstack/react-query'
import { inquiriesAdminContract as contract, type Inquiry } from '../../../shared/inquiries/admin-contract'
import { INQUIRY_MESSAGES } from '../../../shared/inquiries/schema'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const inquiryQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
}

function useRefreshInquiries() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [contract.list.path] }),
      queryClient.invalidateQueries({ queryKey: [contract.summary.path] }),
    ])
}

/** Opening an inquiry marks it read (back-office.md §4), with the specification's toast. */
export function useMarkRead() {
  const refresh = useRefreshInquiries()
  return useMutation({
    mutationFn: (inquiry: Inquiry) => call(contract.markRead, { params: { id: inquiry.id } }),
    onSuccess: async () => {
      toastSuccess(INQUIRY_MESSAGES.markedRead)
      await refresh()
    },
    onError: (error) => toastFailure(INQUIRY_MESSAGES.markReadFailed, error),
  })
}

export function useDeleteInquiry() {
  const refresh = useRefreshInquiries()
  return useMutation({
    mutationFn: (inquiry: Inquiry) => call(contract.remove, { params: { id: inquiry.id } }),
    onSuccess: async () => {
      toastSuccess(INQUIRY_MESSAGES.deleted)
      await refresh()
    },
    onError: (error) => toastFailure(INQUIRY_MESSAGES.deleteFailed, error),
  })
}
