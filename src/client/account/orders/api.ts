import { useQuery } from '@tanstack/react-query'
import { orderQueries } from '../../lib/order-queries'

export function useMyOrders() {
  return useQuery(orderQueries.list())
}

/** The order, with the link's access key when there is one (a guest), else as the signed-in shopper's. */
export function useOrder(id: string, key?: string) {
  return useQuery({ ...(key ? orderQueries.byKey(id, key) : orderQueries.detail(id)), enabled: id !== '' })
}
