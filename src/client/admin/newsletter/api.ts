import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { campaignsAdminContract as contract } from '../../../shared/campaigns/admin-contract'
import { CAMPAIGN_MESSAGES, type CampaignFields } from '../../../shared/campaigns/rules'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { JUST_FETCHED_MS } from '../../lib/queries'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

const LIST = contract.list.path

export const campaignQueries = {
  /** A campaign sending changes its counts by the minute: the list refreshes while it is open. */
  list: (params: Params) => adminListQuery(contract.list, params, { refetchInterval: 30_000 }),
}

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: [contract.get.path, id],
    queryFn: () => call(contract.get, { params: { id } }),
    staleTime: JUST_FETCHED_MS,
  })

// Each mutation shows its own toasts; on failure the editor keeps every field as typed.

/** Refreshes the list and the campaign after any change. */
function useRefresh() {
  const queryClient = useQueryClient()
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [LIST] }),
      queryClient.invalidateQueries({ queryKey: [contract.get.path, id] }),
    ])
}

export function useSaveCampaign() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CampaignFields }) =>
      id === undefined
        ? call(contract.create, { body: input })
        : call(contract.update, { params: { id }, body: input }),
    onSuccess: async (campaign) => {
      toastSuccess('Draft saved')
      await refresh(campaign.id)
    },
    onError: (error) => toastFailure('Could not save the campaign', error),
  })
}

export function useSendTest() {
  return useMutation({
    mutationFn: (id: number) => call(contract.test, { params: { id } }),
    onSuccess: (answer) => toastSuccess(answer.message),
    onError: (error) => toastFailure('Could not send the test', error),
  })
}

export function useSendCampaign() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, at }: { id: number; at?: string }) =>
      call(contract.send, { params: { id }, body: at ? { at } : {} }),
    onSuccess: async (campaign) => {
      toastSuccess(campaign.status === 'scheduled' ? CAMPAIGN_MESSAGES.scheduled : CAMPAIGN_MESSAGES.sending)
      await refresh(campaign.id)
    },
    onError: (error) => toastFailure('Could not send the campaign', error),
  })
}

export function useCancelCampaign() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) => call(contract.cancel, { params: { id } }),
    onSuccess: async (campaign) => {
      toastSuccess(CAMPAIGN_MESSAGES.cancelled)
      await refresh(campaign.id)
    },
    onError: (error) => toastFailure('Could not cancel the campaign', error),
  })
}
