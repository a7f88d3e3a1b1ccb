import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Cart } from '../../shared/cart'
import { outOfStockMessage, soldMessage } from '../../shared/purchase'
import { toast } from '../ui/use-toast'
import { ApiError, api } from './api'
import { EMPTY_CART, queries } from './queries'

export function useCart(): Cart {
  return useQuery(queries.cart()).data ?? EMPTY_CART
}

export const cartKey = queries.cart().queryKey

// The cart API's words when a piece cannot be bought (storefront.md §8): 'Cannot add to cart'.
const CANNOT_ADD = new Set([soldMessage(), outOfStockMessage()])

export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { productId: number; quantity: number }) => api.post<Cart>('/api/cart', input),
    onSuccess: (cart, input) => {
      // The reply carries the whole cart; without it, ask again.
      if (Array.isArray(cart?.items)) queryClient.setQueryData(cartKey, cart)
      else void queryClient.invalidateQueries({ queryKey: cartKey })
      toast({
        title: 'Added to Cart',
        description: `${input.quantity} ${input.quantity === 1 ? 'item' : 'items'} added to your cart`,
        placement: 'bottom',
      })
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : undefined
      if (message && CANNOT_ADD.has(message)) {
        toast({ title: 'Cannot add to cart', description: message, variant: 'destructive' })
      } else {
        toast({
          title: 'Error',
          description: message ?? 'Failed to add item to cart',
          variant: 'destructive',
        })
      }
    },
  })
}
