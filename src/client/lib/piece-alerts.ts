import { useMutation } from '@tanstack/react-query'
import type { PieceAlertAnswer } from '../../shared/piece-alerts'
import { api } from './api'

/** POST /api/products/:id/notify: an address (or, signed in, none) waits for a similar piece. */
export function useAskForAlerts(productId: number) {
  return useMutation({
    mutationFn: (email: string | undefined) =>
      api.post<PieceAlertAnswer>(`/api/products/${productId}/notify`, email ? { email } : {}),
  })
}
