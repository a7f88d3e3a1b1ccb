import type { MailContext } from './order-notices'

/**
 * What an owner's change to an order carries besides the change itself: who acts (their username,
 * for the trail), the shop's date today and its time zone, where the shopper's e-mails link to,
 * and how long a reservation lasts.
 */
export interface ActionContext {
  /** The member acting, with their role at the time, as the trail names them. */
  actor: { name: string; role: string | null }
  /**
   * Whether the member may read the order's money (ledger:view): a refusal names an amount only to
   * whom the answers would show it (a custom role may take payments without seeing the ledger).
   */
  seesMoney: boolean
  today: string
  timeZone: string
  /** For the e-mails the change sends the shopper. */
  mail: MailContext
  /** RESERVATION_HOURS: how long an order awaiting its first payment holds its pieces. */
  reservationHours: number
}
