import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Page } from '../../../shared/admin-list'
import { DISCOUNT_MESSAGES, type Discount, type DiscountInput } from '../../../shared/discounts'
import { api } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { JUST_FETCHED_MS, keyToUrl } from '../../lib/queries'
import { listQuery } from '../../lib/use-list-params'

type Params = Record<string, string | undefined>

const LIST = '/api/admin/discounts'

/** The discounts page's list as its URL asks for it. */
export const discountsPageQuery = (params: URLSearchParams) => discountQueries.list(listQuery(params))

export const discountQueries = {
  list: (params: Params) =>
    queryOptions({
      queryKey: [LIST, params],
      queryFn: ({ queryKey }) => api.get<Page<Discount>>(keyToUrl(queryKey)),
      placeholderData: keepPreviousData,
      staleTime: JUST_FETCHED_MS,
    }),
}

// Each mutation shows its own toasts; on failure the dialog keeps every field as typed.

export function useSaveDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: DiscountInput }) =>
      id === undefined ? api.post<Discount>(LIST, input) : api.put<Discount>(`${LIST}/${id}`, input),
    onSuccess: async (_discount, { id }) => {
      toastSuccess(id === undefined ? DISCOUNT_MESSAGES.created : DISCOUNT_MESSAGES.updated)
      await queryClient.invalidateQueries({ queryKey: [LIST] })
    },
  })
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${LIST}/${id}`),
    onSuccess: async () => {
      toastSuccess(DISCOUNT_MESSAGES.deleted)
      await queryClient.invalidateQueries({ queryKey: [LIST] })
    },
    onError: (error) => toastFailure('Could not delete the discount code', error),
  })
}
