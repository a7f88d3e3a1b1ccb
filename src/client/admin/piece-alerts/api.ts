import { queryOptions } from '@tanstack/react-query'
import type { WaitingCounts } from '../../../shared/piece-alerts'
import { api } from '../../lib/api'

export const pieceAlertQueries = {
  /** Confirmed addresses waiting for a new piece, per category (the dashboard, the product form). */
  waiting: () =>
    queryOptions({
      queryKey: ['/api/admin/piece-alerts/waiting'],
      queryFn: () => api.get<WaitingCounts>('/api/admin/piece-alerts/waiting'),
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
}
