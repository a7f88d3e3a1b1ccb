import { queryOptions } from '@tanstack/react-query'
import type { ordersContract } from '../../shared/orders/contract'
import { call } from './api'

// Keys are the API paths, as in lib/queries.ts. An order moves on as the shop works on it, so these
// refetch whenever a page showing them mounts instead of keeping the app-wide "never stale".
// The account's order pages and checkout's confirmation page both read them.
export const orderQueries = {
  list: () =>
    queryOptions({
      queryKey: ['/api/orders'],
      queryFn: () => call<typeof ordersContract.mine>({ method: 'GET', path: '/api/orders' }),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [`/api/orders/${id}`],
      queryFn: () =>
        call<typeof ordersContract.one>({ method: 'GET', path: '/api/orders/:id' }, { params: { id } }),
      staleTime: 0,
    }),
  /** A guest's order, opened with the access key of the confirmation e-mail's link. */
  byKey: (id: string, key: string) =>
    queryOptions({
      queryKey: [`/api/order-status/${id}`, key],
      queryFn: () =>
        call<typeof ordersContract.byLink>(
          { method: 'GET', path: '/api/order-status/:id' },
          { params: { id }, query: { key } },
        ),
      staleTime: 0,
    }),
}
