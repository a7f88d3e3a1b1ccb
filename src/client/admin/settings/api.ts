import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { settingsAdminContract as contract } from '../../../shared/settings/admin-contract'
import { type FeedSettings, SETTINGS_MESSAGES, type StaffSecurity } from '../../../shared/settings/schema'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'

const FEEDS = contract.feeds.path

const STAFF = contract.staffSecurity.path

export const settingsQueries = {
  feeds: () => queryOptions({ queryKey: [FEEDS], queryFn: () => call(contract.feeds) }),
  staffSecurity: () => queryOptions({ queryKey: [STAFF], queryFn: () => call(contract.staffSecurity) }),
}

export function useSaveStaffSecurity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: StaffSecurity) => call(contract.saveStaffSecurity, { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData([STAFF], saved)
      toastSuccess(
        saved.ownersNeedTwoFactor
          ? 'Every Owner now signs in with a second factor'
          : 'Owners may sign in with their password alone',
      )
    },
    onError: (error) => toastFailure('Could not save the sign-in settings', error),
  })
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
