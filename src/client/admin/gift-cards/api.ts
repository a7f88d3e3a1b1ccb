import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  giftCardsAdminContract as contract,
  type IssueGiftCardInput,
  type UpdateGiftCardInput,
} from '../../../shared/gift-cards/admin-contract'
import { GIFT_CARD_PURCHASE_MESSAGES } from '../../../shared/gift-cards/purchase'
import { GIFT_CARD_MESSAGES } from '../../../shared/gift-cards/rules'
import { call } from '../../lib/api'
import { toastFailure, toastSuccess } from '../../lib/mutation-toasts'
import { JUST_FETCHED_MS } from '../../lib/queries'
import { listQuery } from '../../lib/use-list-params'
import { adminListQuery } from '../list-query'

type Params = Record<string, string | undefined>

const LIST = contract.list.path
const DETAIL = contract.get.path

/** The Gift cards page's list as its URL asks for it. */
export const giftCardsPageQuery = (params: URLSearchParams) => giftCardQueries.list(listQuery(params))

export const giftCardQueries = {
  list: (params: Params) => adminListQuery(contract.list, params),
  detail: (id: number) =>
    queryOptions({
      queryKey: [DETAIL, id],
      queryFn: () => call(contract.get, { params: { id } }),
      staleTime: JUST_FETCHED_MS,
    }),
}

/** A change answers the card as it now stands: the detail takes it, the list is fetched again. */
function useCardChange<Input>(
  change: (input: Input) => ReturnType<typeof call<typeof contract.update>>,
  success: string,
  failure?: string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: async (card) => {
      toastSuccess(success)
      queryClient.setQueryData(giftCardQueries.detail(card.id).queryKey, card)
      await queryClient.invalidateQueries({ queryKey: [LIST] })
    },
    ...(failure && { onError: (error: unknown) => toastFailure(failure, error) }),
  })
}

/**
 * The answer holds the whole code, shown once by the dialog: it is not kept in any cache. No toast:
 * the dialog itself says "Gift card issued" (and announces it), and a toast would cover its title
 * on a phone.
 */
export function useIssueGiftCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: IssueGiftCardInput) => call(contract.issue, { body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [LIST] })
    },
  })
}

/** Disable, enable or adjust; `failure` titles a toast, else the dialog shows the refusal itself. */
export const useUpdateGiftCard = (id: number, failure?: string) =>
  useCardChange(
    (input: UpdateGiftCardInput) => call(contract.update, { params: { id }, body: input }),
    GIFT_CARD_MESSAGES.updated,
    failure,
  )

/** `undelivered`: a bought card before its date, whose first code this sends (no old code to replace). */
export const useResendGiftCard = (id: number, undelivered = false) =>
  useCardChange(
    () => call(contract.resend, { params: { id } }),
    undelivered ? GIFT_CARD_MESSAGES.sentEarly : GIFT_CARD_MESSAGES.resent,
    'Could not resend the gift card',
  )

const PURCHASES = contract.purchases.path

/** Storefront purchases waiting for their Zelle payment, newest first. */
export const awaitingZelleQuery = () =>
  queryOptions({
    queryKey: [PURCHASES, 'awaiting_zelle'],
    queryFn: () => call(contract.purchases, { query: { status: 'awaiting_zelle', pageSize: 200 } }),
    staleTime: JUST_FETCHED_MS,
  })

/** Purchases that ended unpaid (expired, cancelled, abandoned), the most recently ended first. */
export const endedPurchasesQuery = () =>
  queryOptions({
    queryKey: [PURCHASES, 'ended'],
    queryFn: () => call(contract.purchases, { query: { status: 'ended', pageSize: 50 } }),
    staleTime: JUST_FETCHED_MS,
  })

/** The Zelle payment arrived (for an awaiting or an expired purchase): the card is issued; the lists are fetched again. */
export function useRecordZelle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(contract.recordZelle, { params: { id } }),
    onSuccess: async () => {
      toastSuccess(GIFT_CARD_PURCHASE_MESSAGES.zelleRecorded)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [PURCHASES] }),
        queryClient.invalidateQueries({ queryKey: [LIST] }),
      ])
    },
    onError: async (error: unknown) => {
      toastFailure('Could not record the Zelle payment', error)
      // Cancelled or recorded meanwhile (409): the lists show where it is now.
      await queryClient.invalidateQueries({ queryKey: [PURCHASES] })
    },
  })
}

/** The owner gives up on a Zelle purchase never paid: it moves to Ended, no card is issued. */
export function useCancelZelle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(contract.cancelZelle, { params: { id } }),
    onSuccess: async () => {
      toastSuccess(GIFT_CARD_PURCHASE_MESSAGES.zelleCancelled)
      await queryClient.invalidateQueries({ queryKey: [PURCHASES] })
    },
    onError: async (error: unknown) => {
      toastFailure('Could not cancel the purchase', error)
      // Recorded or ended meanwhile (409): the list shows where it is now.
      await queryClient.invalidateQueries({ queryKey: [PURCHASES] })
    },
  })
}
