import { queryOptions } from '@tanstack/react-query'
import type { OrderDetail, OrderSummary } from '../../shared/orders'
import { api } from './api'

// Keys are the API paths, as in lib/queries.ts. An order moves on as the shop works on it, so these
// refetch whenever a page showing them mounts instead of keeping the app-wide "never stale".
// The account's order pages and checkout's confirmation page both read them.
export const orderQueries = {
  list: () =>
    queryOptions({
      queryKey: ['/api/orders'],
      queryFn: () => api.get<OrderSummary[]>('/api/orders'),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [`/api/orders/${id}`],
      queryFn: () => api.get<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`),
      staleTime: 0,
    }),
  /** A guest's order, opened with the access key of the confirmation e-mail's link. */
  byKey: (id: string, key: string) =>
    queryOptions({
      queryKey: [`/api/order-status/${id}`, key],
      queryFn: () =>
        api.get<OrderDetail>(`/api/order-status/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`),
      staleTime: 0,
    }),
}
