import { z } from 'zod'
import { endpoint } from '../contract'
import { needs } from '../staff/field-access'

// What the back office's dashboard shows beyond the specification's four cards: the money an
// owner looks at first.

const count = z.number().int()

const salesTotals = z.object({
  /** Sum of sale prices, in cents. */
  amount: z.number().int(),
  count,
})

export const moneyOverviewAnswer = z.object({
  /** Orders not cancelled whose payment is not complete, and what they still owe, in cents. */
  awaitingPayment: z.object({ orders: count, balance: needs('ledger:view', z.number().int()) }),
  /** Pieces held for an order until it is paid. */
  reservedPieces: count,
  /** Since midnight, and since the first of the month, in the shop's time zone. */
  salesToday: needs('ledger:view', salesTotals),
  salesThisMonth: needs('ledger:view', salesTotals),
  /** Money paid back to shoppers since the first of the month, in cents. */
  refundsThisMonth: needs('ledger:view', salesTotals),
  /**
   * Card refunds whose retries ran out, each waiting for the owner's retry on its order, and the
   * order of the oldest (where the dashboard's warning leads).
   */
  failedRefunds: needs('orders:refund', z.object({ count, orderId: z.number().int().nullable() })),
  /**
   * Card payments were made in the last day and the provider's webhook was not heard from in it:
   * its secret or its address is likely wrong (the reconciliation still places those orders).
   */
  webhookSilent: needs('settings:manage', z.boolean()),
  /**
   * What the shop owes on gift cards and store credit that can still be spent (active, not
   * expired), in cents: a liability until redeemed (issue 36).
   */
  giftCardsOutstanding: needs('ledger:view', z.number().int()),
})

export type SalesTotals = z.input<typeof salesTotals>
export type MoneyOverview = z.input<typeof moneyOverviewAnswer>

export const dashboardAdminContract = {
  overview: endpoint({
    method: 'GET',
    permission: 'staff',
    path: '/api/admin/overview',
    response: { 200: moneyOverviewAnswer },
  }),
}
