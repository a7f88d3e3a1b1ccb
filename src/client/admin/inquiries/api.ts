import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { INQUIRY_MESSAGES, type Inquiry, type InquiryPage } from '../../../shared/inquiries'
import { api } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { keyToUrl } from '../../lib/queries'

type Params = Record<string, string | undefined>

export const inquiryQueries = {
  list: (params: Params) =>
    queryOptions({
      queryKey: ['/api/inquiries', params],
      queryFn: ({ queryKey }) => api.get<InquiryPage>(keyToUrl(queryKey)),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
}

function useRefreshInquiries() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/inquiries'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/inquiries/summary'] }),
    ])
}

/** Opening an inquiry marks it read (back-office.md §4), with the specification's toast. */
export function useMarkRead() {
  const refresh = useRefreshInquiries()
  return useMutation({
    mutationFn: (inquiry: Inquiry) => api.patch<Inquiry>(`/api/inquiries/${inquiry.id}/read`),
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
    mutationFn: (inquiry: Inquiry) => api.delete(`/api/inquiries/${inquiry.id}`),
    onSuccess: async () => {
      toastSuccess(INQUIRY_MESSAGES.deleted)
      await refresh()
    },
    onError: (error) => toastFailure(INQUIRY_MESSAGES.deleteFailed, error),
  })
}
