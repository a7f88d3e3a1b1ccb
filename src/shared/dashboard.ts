// What the back office's dashboard shows beyond the specification's four cards: the money an
// owner looks at first.

export interface SalesTotals {
  /** Sum of sale prices, in cents. */
  amount: number
  count: number
}

export interface MoneyOverview {
  /** Orders not cancelled whose payment is not complete, and what they still owe, in cents. */
  awaitingPayment: { orders: number; balance: number }
  /** Pieces held for an order until it is paid. */
  reservedPieces: number
  /** Since midnight, and since the first of the month, in the shop's time zone. */
  salesToday: SalesTotals
  salesThisMonth: SalesTotals
  /** Money paid back to shoppers since the first of the month, in cents. */
  refundsThisMonth: SalesTotals
  /**
   * Card refunds whose retries ran out, each waiting for the owner's retry on its order, and the
   * order of the oldest (where the dashboard's warning leads).
   */
  failedRefunds: { count: number; orderId: number | null }
  /**
   * Card payments were made in the last day and the provider's webhook was not heard from in it:
   * its secret or its address is likely wrong (the reconciliation still places those orders).
   */
  webhookSilent: boolean
}
