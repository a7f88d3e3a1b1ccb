import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { SUBSCRIBERS_POLL_MS, type SubscriberPage } from '../../../shared/newsletter'
import { api } from '../../lib/api'
import { keyToUrl } from '../../lib/queries'

type Params = Record<string, string | undefined>

export const subscriberQueries = {
  /** Refreshed every 30 seconds while the screen is open (back-office.md §9). */
  list: (params: Params) =>
    queryOptions({
      queryKey: ['/api/newsletter/subscriptions', params],
      queryFn: ({ queryKey }) => api.get<SubscriberPage>(keyToUrl(queryKey)),
      placeholderData: keepPreviousData,
      staleTime: 0,
      refetchInterval: SUBSCRIBERS_POLL_MS,
    }),
}

/** Every address of the search, not only the page on screen. */
export const fetchAllEmails = (search: string | undefined) =>
  api
    .get<{ emails: string[] }>(keyToUrl(['/api/newsletter/subscriptions/emails', { search }]))
    .then((body) => body.emails)

export const csvUrl = (search: string | undefined) =>
  keyToUrl(['/api/newsletter/subscriptions.csv', { search }])
