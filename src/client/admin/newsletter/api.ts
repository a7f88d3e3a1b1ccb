import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { campaignsAdminContract as contract } from '../../../shared/campaigns/admin-contract'
import type { QueryOf } from '../../../shared/contract'
import { call } from '../../lib/api'
import { JUST_FETCHED_MS } from '../../lib/queries'

type Params = Record<string, string | undefined>

const LIST = contract.list.path

export const campaignQueries = {
  /** A campaign sending changes its counts by the minute: the list refreshes while it is open. */
  list: (params: Params) =>
    queryOptions({
      queryKey: [LIST, params],
      queryFn: () => call(contract.list, { query: params as QueryOf<typeof contract.list> }),
      placeholderData: keepPreviousData,
      staleTime: JUST_FETCHED_MS,
      refetchInterval: 30_000,
    }),
}
