import { useQuery } from '@tanstack/react-query'
import type { accountGiftCardsContract } from '../../shared/gift-cards/account-contract'
import { call } from './api'
import { useAuth } from './auth'

// The signed-in shopper's store credit and gift cards (issue 36): their account page lists them
// and checkout offers the usable ones. Keyed by the account, so a shared browser never shows one
// shopper's cards to the next; nothing is asked for without a sign-in.

export const accountGiftCardsKey = (userId: number | undefined) => ['account-gift-cards', userId] as const

export function useAccountGiftCards() {
  const { user } = useAuth()
  return useQuery({
    queryKey: accountGiftCardsKey(user?.id),
    queryFn: () =>
      call<typeof accountGiftCardsContract.list>({ method: 'GET', path: '/api/account/gift-cards' }),
    enabled: !!user,
  })
}
