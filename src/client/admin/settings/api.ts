import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type FeedSettings, SETTINGS_MESSAGES } from '../../../shared/settings'
import { api } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'

const FEEDS = '/api/admin/settings/feeds'

export const settingsQueries = {
  feeds: () => queryOptions({ queryKey: [FEEDS], queryFn: () => api.get<FeedSettings>(FEEDS) }),
}

export function useSaveFeeds() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: FeedSettings) => api.put<FeedSettings>(FEEDS, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData([FEEDS], saved)
      toastSuccess(SETTINGS_MESSAGES.feedsSaved)
    },
    onError: (error) => toastFailure('Could not save the feed settings', error),
  })
}
