import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError, api } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { queries, type WishlistItem } from '../../lib/queries'
import { toast } from '../../ui/use-toast'

// The heart's half of the wishlist (storefront.md §4, §7, §8). It ships with every listing and
// product page, inside the 120 KB first-load budget, so it stays small and uses only what the shell
// already loads; the account page's own hooks live in src/client/account/wishlist.

export const wishlistKey = queries.wishlist().queryKey
const NO_ITEMS: WishlistItem[] = []

/** The signed-in shopper's list; asked for only when someone is signed in, never retried. */
export function useWishlist() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const query = useQuery({ ...queries.wishlist(), enabled: !!user })
  // Logout leaves a disabled query's data in the cache; drop it so the next shopper to sign in on
  // this browser never sees the previous one's list, not even for a moment.
  useEffect(() => {
    if (!user && queryClient.getQueryData(wishlistKey))
      void queryClient.resetQueries({ queryKey: wishlistKey })
  }, [user, queryClient])
  return {
    items: (user && query.data) || NO_ITEMS,
    isPending: !!user && query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  }
}

/** Takes one piece out of the cached list, so every heart and the account page agree at once. */
export const withoutProduct = (productId: number) => (items: WishlistItem[] | undefined) =>
  items?.filter((item) => item.productId !== productId)

/** The heart's toggle: adds or removes one piece, with the specification's toasts. */
export function useToggleWishlist() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: ({ productId, saved }: { productId: number; saved: boolean }) =>
      saved
        ? api.delete<unknown>(`/api/wishlist/${productId}`).then(() => undefined)
        : api.post<WishlistItem>('/api/wishlist', { productId }),
    onSuccess: (added, { productId, saved }) => {
      queryClient.setQueryData<WishlistItem[]>(wishlistKey, (items) => {
        const rest = withoutProduct(productId)(items)
        return added && rest ? [added, ...rest] : rest
      })
      toast(
        saved
          ? { title: 'Item Removed', description: 'Item removed from your wishlist' }
          : { title: 'Item Added', description: 'Item added to your wishlist' },
      )
    },
    onError: (error, { saved }) => {
      toast({
        title: saved ? 'Failed to Remove Item' : 'Failed to Add Item',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      })
      // The list changed elsewhere (another tab) or the sign-in expired: ask the server again.
      void queryClient.invalidateQueries({ queryKey: wishlistKey })
      if (error instanceof ApiError && error.status === 401)
        void queryClient.invalidateQueries({ queryKey: queries.auth().queryKey })
    },
  })
  const toggle = (productId: number, saved: boolean) => {
    // Wishlist add requires login (storefront.md §5).
    if (user) mutation.mutate({ productId, saved })
    else
      toast({
        title: 'Authentication Required',
        description: 'Please log in to add items to your wishlist',
        variant: 'destructive',
      })
  }
  return { toggle, isPending: mutation.isPending }
}
