import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { cartContract } from '../../shared/cart/contract'
import { outOfStockMessage, soldMessage } from '../../shared/cart/purchase'
import type { Cart } from '../../shared/cart/rules'
import { type ToastHandle, toast } from '../ui/use-toast'
import { ApiError, call } from './api'
import { EMPTY_CART, queries } from './queries'

export function useCart(): Cart {
  return useQuery(queries.cart()).data ?? EMPTY_CART
}

export const cartKey = queries.cart().queryKey

// The cart API's words when a piece cannot be bought (storefront.md §8): 'Cannot add to cart'.
const CANNOT_ADD = new Set([soldMessage(), outOfStockMessage()])

let addedToast: ToastHandle | undefined

/**
 * Opening the cart shows what was added, so the "Added to Cart" toast goes: on a phone it would
 * otherwise lie over the sheet's Checkout button for the rest of its 5 s.
 */
export function dismissAddedToCart() {
  addedToast?.dismiss()
  addedToast = undefined
}

export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { productId: number; quantity: number }) =>
      call<typeof cartContract.add>({ method: 'POST', path: '/api/cart' }, { body: input }),
    onSuccess: (cart, input) => {
      // The reply carries the whole cart; without it, ask again.
      if (Array.isArray(cart?.items)) queryClient.setQueryData(cartKey, cart)
      else void queryClient.invalidateQueries({ queryKey: cartKey })
      addedToast = toast({
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
