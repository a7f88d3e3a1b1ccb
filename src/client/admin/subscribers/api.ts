import { newsletterAdminContract as contract } from '../../../shared/newsletter/admin-contract'
import { SUBSCRIBERS_POLL_MS } from '../../../shared/newsletter/schema'
import { call } from '../../lib/api'
import { keyToUrl } from '../../lib/queries'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

export const subscriberQueries = {
  /** Refreshed every 30 seconds while the screen is open (back-office.md §9). */
  list: (params: Params) => adminListQuery(contract.list, params, { refetchInterval: SUBSCRIBERS_POLL_MS }),
}

/** Every address of the search, not only the page on screen. */
export const fetchAllEmails = (search: string | undefined) =>
  call(contract.emails, { query: { search } }).then((body) => body.emails)

export const csvUrl = (search: string | undefined) => keyToUrl([contract.csv.path, { search }])
