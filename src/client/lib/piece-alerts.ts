import { useMutation } from '@tanstack/react-query'
import type { pieceAlertsContract } from '../../shared/piece-alerts/contract'
import { call } from './api'

/** POST /api/products/:id/notify: an address (or, signed in, none) waits for a similar piece. */
export function useAskForAlerts(productId: number) {
  return useMutation({
    mutationFn: (email: string | undefined) =>
      call<typeof pieceAlertsContract.ask>(
        { method: 'POST', path: '/api/products/:id/notify' },
        { params: { id: productId }, body: email ? { email } : {} },
      ),
  })
}
