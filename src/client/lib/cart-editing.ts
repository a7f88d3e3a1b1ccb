import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Cart, FALLBACK_SHIPPING, type ShippingQuote } from '../../shared/cart'
import { toast } from '../ui/use-toast'
import { ApiError, api } from './api'
import { cartKey } from './cart'

// What the cart sheet and the discount field do to a cart: their chunks load these with them, so
// a page's first load carries only reading the cart and adding to it (cart.ts).

export function useUpdateCartLine() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: number; quantity: number }) =>
      api.patch<Cart>(`/api/cart/${input.id}`, { quantity: input.quantity }),
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
    mutationFn: (id: number) => api.delete<Cart>(`/api/cart/${id}`),
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
    mutationFn: (code: string) => api.post<Cart>('/api/cart/discount', { code }),
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
  })
}

export function useRemoveDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<Cart>('/api/cart/discount'),
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove the discount code', variant: 'destructive' }),
  })
}

/** The shipping line for a subtotal; on failure the flat rate, as the specification says. */
export function useShippingQuote(subtotal: number) {
  return useQuery({
    queryKey: ['/api/calculate-shipping', subtotal],
    enabled: subtotal > 0,
    queryFn: async (): Promise<ShippingQuote> => {
      try {
        return await api.post<ShippingQuote>('/api/calculate-shipping', { subtotal, country: 'US' })
      } catch (error) {
        console.warn('Shipping calculation failed', error)
        return FALLBACK_SHIPPING
      }
    },
  })
}
