import { queryOptions } from '@tanstack/react-query'
import { pieceAlertsAdminContract as contract } from '../../../shared/piece-alerts/admin-contract'
import { call } from '../../lib/api'

export const pieceAlertQueries = {
  /** Confirmed addresses waiting for a new piece, per category (the dashboard, the product form). */
  waiting: () =>
    queryOptions({
      queryKey: [contract.waiting.path],
      queryFn: () => call(contract.waiting),
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
}
