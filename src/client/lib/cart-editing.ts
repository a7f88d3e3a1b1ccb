import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { cartContract } from '../../shared/cart/contract'
import { FALLBACK_SHIPPING, type ShippingQuote } from '../../shared/cart/rules'
import { toast } from '../ui/use-toast'
import { ApiError, call } from './api'
import { cartKey } from './cart'

// What the cart sheet and the discount field do to a cart: their chunks load these with them, so
// a page's first load carries only reading the cart and adding to it (cart.ts).

export function useUpdateCartLine() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: number; quantity: number }) =>
      call<typeof cartContract.update>(
        { method: 'PATCH', path: '/api/cart/:id' },
        { params: { id: input.id }, body: { quantity: input.quantity } },
      ),
    onError: (error) =>
      toast({
        title: 'Error',
        description: (error instanceof ApiError && error.serverMessage) || 'Failed to update cart',
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  })
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      call<typeof cartContract.remove>({ method: 'DELETE', path: '/api/cart/:id' }, { params: { id } }),
    onSuccess: () =>
      toast({ title: 'Removed from Cart', description: 'Item has been removed from your cart.' }),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove item from cart', variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  })
}

/** Applies a discount code; a refusal's reason comes back as the mutation's error, for the field. */
export function useApplyDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      call<typeof cartContract.applyDiscount>(
        { method: 'POST', path: '/api/cart/discount' },
        { body: { code } },
      ),
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
  })
}

export function useRemoveDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      call<typeof cartContract.removeDiscount>({ method: 'DELETE', path: '/api/cart/discount' }),
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove the discount code', variant: 'destructive' }),
  })
}

/** A gift card paying for the cart (issue 36); the refusal's words come from the server. */
export function useApplyGiftCard() {
  const queryClient = useQueryClient()
  return useMutation({
    /** A typed code, or one of the signed-in shopper's own cards by id (issue 36). */
    mutationFn: (card: string | { cardId: number }) =>
      call<typeof cartContract.applyGiftCard>(
        { method: 'POST', path: '/api/cart/gift-card' },
        { body: typeof card === 'string' ? { code: card } : card },
      ),
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
  })
}

export function useRemoveGiftCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (last4: string) =>
      call<typeof cartContract.removeGiftCard>(
        { method: 'DELETE', path: '/api/cart/gift-card/:last4' },
        { params: { last4 } },
      ),
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove the gift card', variant: 'destructive' }),
  })
}

/** The shipping line for a subtotal; on failure the flat rate, as the specification says. */
export function useShippingQuote(subtotal: number) {
  return useQuery({
    queryKey: ['/api/calculate-shipping', subtotal],
    enabled: subtotal > 0,
    queryFn: async (): Promise<ShippingQuote> => {
      try {
        return await call<typeof cartContract.shipping>(
          { method: 'POST', path: '/api/calculate-shipping' },
          { body: { subtotal, country: 'US' } },
        )
      } catch (error) {
        console.warn('Shipping calculation failed', error)
        return FALLBACK_SHIPPING
      }
    },
  })
}
