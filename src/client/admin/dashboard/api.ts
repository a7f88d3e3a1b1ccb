import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { accountsAdminContract } from '../../../shared/accounts/admin-contract'
import { backupAdminContract } from '../../../shared/backup/admin-contract'
import { dashboardAdminContract, type MoneyOverview } from '../../../shared/dashboard/admin-contract'
import { inquiriesAdminContract } from '../../../shared/inquiries/admin-contract'
import { newsletterAdminContract } from '../../../shared/newsletter/admin-contract'
import { taxAdminContract } from '../../../shared/tax/admin-contract'
import { call } from '../../lib/api'
import { JUST_FETCHED_MS } from '../../lib/queries'
import { holds, type MaybeWithout } from '../access'
import { journalQueries } from '../journal/api'
import { pieceAlertQueries } from '../piece-alerts/api'
import { productQueries } from '../products/api'

// The dashboard's figures. Each card has its own query (and its own failure toast, as
// back-office.md §8 lists them); none is cached for long: the owner opens it to see now.

const fresh = { staleTime: JUST_FETCHED_MS, refetchOnWindowFocus: true } as const

/**
 * The overview as a member reads it: the money blocks are left out for a role without the ledger
 * (and the failed refunds, the webhook's silence, for roles that cannot act on them).
 */
export type Overview = MaybeWithout<
  MoneyOverview,
  | 'salesToday'
  | 'salesThisMonth'
  | 'refundsThisMonth'
  | 'failedRefunds'
  | 'webhookSilent'
  | 'giftCardsOutstanding'
> & { awaitingPayment: MaybeWithout<MoneyOverview['awaitingPayment'], 'balance'> }

export const dashboardQueries = {
  overview: () =>
    queryOptions({
      queryKey: [dashboardAdminContract.overview.path],
      queryFn: (): Promise<Overview> => call(dashboardAdminContract.overview),
      ...fresh,
    }),
  inquiries: () =>
    queryOptions({
      queryKey: [inquiriesAdminContract.summary.path],
      queryFn: () => call(inquiriesAdminContract.summary),
      ...fresh,
    }),
  subscribers: () =>
    queryOptions({
      queryKey: [newsletterAdminContract.summary.path],
      queryFn: () => call(newsletterAdminContract.summary),
      ...fresh,
    }),
  accounts: () =>
    queryOptions({
      queryKey: [accountsAdminContract.summary.path],
      queryFn: () => call(accountsAdminContract.summary),
      ...fresh,
    }),
}

/** Sales tax the owner should act on (issue 34): stale tables, flagged orders, nearing nexus. */
export const taxWatchQuery = () =>
  queryOptions({
    queryKey: [taxAdminContract.watch.path],
    queryFn: () => call(taxAdminContract.watch),
  })

/** The whole shop as one file (database and uploads), streamed by the server: a plain download. */
export const BACKUP_DOWNLOAD_URL = backupAdminContract.download.path

/** The dashboard's first queries, each only if the member's role may read it (sections.ts). */
export function preloadDashboard(client: QueryClient, permissions: readonly string[]) {
  void client.prefetchQuery(dashboardQueries.overview())
  if (holds(permissions, 'ledger:view')) void client.prefetchQuery(taxWatchQuery())
  if (holds(permissions, 'products:view')) {
    void client.prefetchQuery(productQueries.summary())
    void client.prefetchQuery(pieceAlertQueries.waiting())
  }
  if (holds(permissions, 'community:moderate')) void client.prefetchQuery(dashboardQueries.inquiries())
  if (holds(permissions, 'customers:view')) {
    void client.prefetchQuery(dashboardQueries.subscribers())
    void client.prefetchQuery(dashboardQueries.accounts())
  }
  if (holds(permissions, 'journal:edit')) void client.prefetchQuery(journalQueries.summary())
}
