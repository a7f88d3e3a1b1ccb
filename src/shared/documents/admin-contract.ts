import { z } from 'zod'
import { endpoint } from '../contract'

// The owner's papers for an order; the route is inside the admin scope.

export const documentsAdminContract = {
  /** The packing slip as a PDF, streamed: no JSON answer to describe. */
  packingSlip: endpoint({
    method: 'GET',
    permission: 'orders:fulfil',
    path: '/api/orders/:id/packing-slip.pdf',
    // A malformed id is just another order that does not exist (server/modules/documents/routes.ts).
    params: z.object({ id: z.string().max(20) }),
    response: {},
  }),
}
