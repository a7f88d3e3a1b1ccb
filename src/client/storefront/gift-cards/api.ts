import type { giftCardsContract } from '../../../shared/gift-cards/contract'
import type { GiftCardPurchaseInput } from '../../../shared/gift-cards/purchase'
import { call } from '../../lib/api'

// The storefront's gift-card calls (issue 36), by their contracts (src/shared/gift-cards/contract.ts).

export const startPurchase = (body: GiftCardPurchaseInput) =>
  call<typeof giftCardsContract.purchase>({ method: 'POST', path: '/api/gift-cards/purchases' }, { body })

export const completePurchase = (id: number, paymentIntentId: string) =>
  call<typeof giftCardsContract.completePurchase>(
    { method: 'POST', path: '/api/gift-cards/purchases/:id/complete' },
    { params: { id }, body: { paymentIntentId } },
  )

export const lookUpBalance = (code: string) =>
  call<typeof giftCardsContract.balance>(
    { method: 'POST', path: '/api/gift-cards/balance' },
    { body: { code } },
  )
