import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { wishlistContract } from '../../shared/wishlist/contract'
import { toast } from '../ui/use-toast'
import { ApiError, call } from './api'
import { useAuth } from './auth'
import { queries, type WishlistItem } from './queries'

// The wishlist's query and the heart's toggle (storefront.md §4, §7, §8). Loaded with the heart's
// own chunk (see storefront/wishlist/wishlist-heart.tsx) and by the account's wishlist page, whose
// Remove hook lives in src/client/account/wishlist.

export const wishlistKey = queries.wishlist().queryKey
const NO_ITEMS: WishlistItem[] = []

const watched = new WeakSet<QueryClient>()

/**
 * Drops the cached list whenever the signed-in user changes (sign-out, then someone else signs in on
 * this browser), so nobody ever sees the previous shopper's list, not even for a moment. It watches
 * the cache rather than a component: sign-out unmounts every heart before they could notice.
 */
function forgetListWhenUserChanges(queryClient: QueryClient) {
  if (watched.has(queryClient)) return
  watched.add(queryClient)
  const authKey = queries.auth().queryKey
  let userId = queryClient.getQueryData(authKey)?.id
  queryClient.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] !== authKey[0]) return
    const next = queryClient.getQueryData(authKey)?.id
    if (next === userId) return
    userId = next
    queryClient.removeQueries({ queryKey: wishlistKey, exact: true })
  })
}

/** The signed-in shopper's list; asked for only when someone is signed in, never retried. */
export function useWishlist() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  useEffect(() => forgetListWhenUserChanges(queryClient), [queryClient])
  const query = useQuery({ ...queries.wishlist(), enabled: !!user })
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
        ? call<typeof wishlistContract.remove>(
            { method: 'DELETE', path: '/api/wishlist/:productId' },
            { params: { productId } },
          ).then(() => undefined)
        : call<typeof wishlistContract.add>(
            { method: 'POST', path: '/api/wishlist' },
            { body: { productId } },
          ),
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
