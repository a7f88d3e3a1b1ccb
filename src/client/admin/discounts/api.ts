import { useMutation, useQueryClient } from '@tanstack/react-query'
import { discountsAdminContract as contract } from '../../../shared/discounts/admin-contract'
import { DISCOUNT_MESSAGES, type DiscountInput } from '../../../shared/discounts/schema'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { listQuery } from '../../lib/use-list-params'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

const LIST = contract.list.path

/** The discounts page's list as its URL asks for it. */
export const discountsPageQuery = (params: URLSearchParams) => discountQueries.list(listQuery(params))

export const discountQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
}

// Each mutation shows its own toasts; on failure the dialog keeps every field as typed.

export function useSaveDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: DiscountInput }) =>
      id === undefined
        ? call(contract.create, { body: input })
        : call(contract.update, { params: { id }, body: input }),
    onSuccess: async (_discount, { id }) => {
      toastSuccess(id === undefined ? DISCOUNT_MESSAGES.created : DISCOUNT_MESSAGES.updated)
      await queryClient.invalidateQueries({ queryKey: [LIST] })
    },
  })
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(contract.remove, { params: { id } }),
    onSuccess: async () => {
      toastSuccess(DISCOUNT_MESSAGES.deleted)
      await queryClient.invalidateQueries({ queryKey: [LIST] })
    },
    onError: (error) => toastFailure('Could not delete the discount code', error),
  })
}
