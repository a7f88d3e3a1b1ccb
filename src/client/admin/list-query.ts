import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Endpoint, QueryOf } from '../../shared/contract'
import { call } from '../lib/api'
import { JUST_FETCHED_MS } from '../lib/queries'

/**
 * One page of a back-office list (`{ items, total }`, src/shared/admin/list.ts) for the parameters
 * its URL names. Keyed by the endpoint's path and those parameters, the key the server's first
 * screen fetches under (first-screen.ts); the page on screen stays while the next one loads, so
 * paging and searching never flash skeletons; fresh for JUST_FETCHED_MS, so a page fetched
 * alongside the screen's code is not asked for twice, and read anew on every later visit.
 */
export function adminListQuery<E extends Endpoint>(
  endpoint: E,
  params: Record<string, string | undefined>,
  options: { refetchInterval?: number } = {},
) {
  return queryOptions({
    queryKey: [endpoint.path, params],
    queryFn: () => call(endpoint, { query: params as QueryOf<E> }),
    placeholderData: keepPreviousData,
    staleTime: JUST_FETCHED_MS,
    ...options,
  })
}
