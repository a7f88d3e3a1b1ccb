import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { catalogAdminContract } from '../../../shared/catalog/admin-contract'
import { salesAdminContract as contract } from '../../../shared/sales/admin-contract'
import { SALE_PERIODS, type SaleInput } from '../../../shared/sales/schema'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { listQuery, oneOfValue } from '../../lib/use-list-params'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const SALE_FILTERS = ['period'] as const
export const SALES_PAGE_SIZE = 50

/** The sales page's list as its URL asks for it. */
export const salesPageQuery = (params: URLSearchParams) => {
  const { page, search } = listQuery(params, SALE_FILTERS)
  return salesQueries.list({
    page,
    period: oneOfValue(params, 'period', SALE_PERIODS),
    pageSize: String(SALES_PAGE_SIZE),
    search,
  })
}

export const salesQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
  monthly: () =>
    queryOptions({
      queryKey: [contract.monthly.path, { months: '12' }],
      queryFn: () => call(contract.monthly, { query: { months: 12 } }),
    }),
  /** The pieces a sale can be recorded for: available, searched on the server. */
  sellable: (search: string) =>
    queryOptions({
      // A to Z, so the owner at a fair finds a piece by its name at a glance, or types to narrow.
      queryKey: [
        catalogAdminContract.list.path,
        { status: 'available', search: search || undefined, sort: 'name-asc', pageSize: '50' },
      ],
      queryFn: () =>
        call(catalogAdminContract.list, {
          query: { status: 'available', search: search || undefined, sort: 'name-asc', pageSize: 50 },
        }),
      placeholderData: keepPreviousData,
    }),
}

export function useRecordSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<SaleInput, 'profit'>) => call(contract.record, { body: input }),
    onSuccess: async () => {
      toastSuccess('Sale Recorded', 'Transaction has been successfully recorded and inventory updated.')
      await Promise.all(
        ['/api/sales', '/api/sales/monthly', '/api/admin/products', '/api/admin/overview'].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      )
    },
    onError: (error) => toastFailure('Failed to create sale', error),
  })
}
