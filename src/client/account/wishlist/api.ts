import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { wishlistContract } from '../../../shared/wishlist/contract'
import { call } from '../../lib/api'
import type { WishlistItem } from '../../lib/queries'
import { wishlistKey, withoutProduct } from '../../lib/wishlist'
import { toast } from '../../ui/use-toast'

// Here rather than beside the heart: only the account chunk needs it, so the storefront's
// first load does not carry it.

/** The account page's Remove button, with its own toasts (storefront.md §8). */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productId: number) =>
      call<typeof wishlistContract.remove>(
        { method: 'DELETE', path: '/api/wishlist/:productId' },
        { params: { productId } },
      ),
    onSuccess: (_, productId) => {
      queryClient.setQueryData<WishlistItem[]>(wishlistKey, withoutProduct(productId))
      toast({ title: 'Removed from wishlist' })
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to remove item from wishlist. Please try again.',
        variant: 'destructive',
      })
      void queryClient.invalidateQueries({ queryKey: wishlistKey })
    },
  })
}
