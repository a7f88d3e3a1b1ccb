import { queryOptions } from '@tanstack/react-query'
import { accountsAdminContract } from '../../../shared/accounts/admin-contract'
import { backupAdminContract } from '../../../shared/backup/admin-contract'
import { dashboardAdminContract } from '../../../shared/dashboard/admin-contract'
import { inquiriesAdminContract } from '../../../shared/inquiries/admin-contract'
import { newsletterAdminContract } from '../../../shared/newsletter/admin-contract'
import { call } from '../../lib/api'
import { JUST_FETCHED_MS } from '../../lib/queries'

// The dashboard's figures. Each card has its own query (and its own failure toast, as
// back-office.md §8 lists them); none is cached for long: the owner opens it to see now.

const fresh = { staleTime: JUST_FETCHED_MS, refetchOnWindowFocus: true } as const

export const dashboardQueries = {
  overview: () =>
    queryOptions({
      queryKey: [dashboardAdminContract.overview.path],
      queryFn: () => call(dashboardAdminContract.overview),
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

/** The whole shop as one file (database and uploads), streamed by the server: a plain download. */
export const BACKUP_DOWNLOAD_URL = backupAdminContract.download.path
