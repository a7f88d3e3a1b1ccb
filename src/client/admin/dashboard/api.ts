import { queryOptions } from '@tanstack/react-query'
import type { MoneyOverview } from '../../../shared/dashboard'
import { api } from '../../lib/api'
import { JUST_FETCHED_MS } from '../../lib/queries'

// The dashboard's figures. Each card has its own query (and its own failure toast, as
// back-office.md §8 lists them); none is cached for long: the owner opens it to see now.

const fresh = { staleTime: JUST_FETCHED_MS, refetchOnWindowFocus: true } as const

export const dashboardQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['/api/admin/overview'],
      queryFn: () => api.get<MoneyOverview>('/api/admin/overview'),
      ...fresh,
    }),
  inquiries: () =>
    queryOptions({
      queryKey: ['/api/admin/inquiries/summary'],
      queryFn: () => api.get<{ inquiries: number; unread: number }>('/api/admin/inquiries/summary'),
      ...fresh,
    }),
  subscribers: () =>
    queryOptions({
      queryKey: ['/api/admin/subscribers/summary'],
      queryFn: () => api.get<{ subscribers: number }>('/api/admin/subscribers/summary'),
      ...fresh,
    }),
  accounts: () =>
    queryOptions({
      queryKey: ['/api/admin/users/summary'],
      queryFn: () => api.get<{ accounts: number; admins: number }>('/api/admin/users/summary'),
      ...fresh,
    }),
}

/** The whole shop as one file (database and uploads), streamed by the server: a plain download. */
export const BACKUP_DOWNLOAD_URL = '/api/admin/backup'
