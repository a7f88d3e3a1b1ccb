import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type FeedSettings, SETTINGS_MESSAGES } from '../../../shared/settings'
import { settingsAdminContract as contract } from '../../../shared/settings/admin-contract'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'

const FEEDS = contract.feeds.path

export const settingsQueries = {
  feeds: () => queryOptions({ queryKey: [FEEDS], queryFn: () => call(contract.feeds) }),
}

export function useSaveFeeds() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: FeedSettings) => call(contract.saveFeeds, { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData([FEEDS], saved)
      toastSuccess(SETTINGS_MESSAGES.feedsSaved)
    },
    onError: (error) => toastFailure('Could not save the feed settings', error),
  })
}
