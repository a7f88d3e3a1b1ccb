import { z } from 'zod'
import { endpoint } from '../contract'

// The dashboard's and the product form's counts; the route is inside the admin scope.

/** How many confirmed addresses wait for a new piece, per category (the back office). */
export const waitingCountsAnswer = z.object({
  /** Every catalogue category, and any other with someone waiting; lower-case names. */
  categories: z.array(z.object({ category: z.string(), waiting: z.number().int() })),
  /** Different addresses waiting, whatever the category. */
  people: z.number().int(),
})

export type WaitingCounts = z.input<typeof waitingCountsAnswer>

export const pieceAlertsAdminContract = {
  waiting: endpoint({
    method: 'GET',
    permission: 'products:view',
    path: '/api/admin/piece-alerts/waiting',
    response: { 200: waitingCountsAnswer },
  }),
}
