import { QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query'
import type { accountsContract } from '../../shared/accounts/contract'
import type { PublicUser } from '../../shared/accounts/schema'
import { hasSessionHint } from '../../shared/accounts/session-hint'
import type { cartContract } from '../../shared/cart/contract'
import type { Cart } from '../../shared/cart/rules'
import type { catalogContract } from '../../shared/catalog/contract'
import { FEATURED_LIMIT } from '../../shared/catalog/rules'
import type { QueryOf } from '../../shared/contract'
import type { journalContract } from '../../shared/journal/contract'
import type { storeContract } from '../../shared/store/contract'
import type { testimonialsContract } from '../../shared/testimonials/contract'
import type { wishlistContract } from '../../shared/wishlist/contract'
import type { WishlistItem } from '../../shared/wishlist/schema'

export type { WishlistItem }

import { ApiError, call } from './api'

/**
 * How long the back office's first data counts as fresh. Its lists and figures are read anew on
 * every visit (the owner opens them to see now), but a screen's first query is fetched alongside
 * its code (admin/sections.ts): data that arrived a moment before the screen is not asked for twice.
 */
export const JUST_FETCHED_MS = 2_000

export const EMPTY_CART: Cart = { items: [], subtotal: 0, itemCount: 0 }

/** The home page's Featured Collection: one bounded page, however many pieces are featured. */
export const FEATURED_PIECES = { featured: 'true', page: '1', pageSize: String(FEATURED_LIMIT) }

/** The home page's newest Journal story (once there is one). */
export const NEWEST_STORY = { pageSize: '1' }

// A query key is the API path and its query parameters: the same key on the server (prefetch
// during rendering) and in the browser, so API paths are written once, here.
type Params = Record<string, string | undefined>

// The storefront's first load carries these: every endpoint is named by type alone (contract.ts),
// so zod stays out of it.
const PRODUCTS = { method: 'GET', path: '/api/products' } as const
/** A key's parameters are the query the endpoint reads (its schema checks them on the server). */
const asQuery = <Q>(params: Params) => params as Q

export function keyToUrl(key: QueryKey): string {
  const [path, params] = key as [string, Params | undefined]
  if (!params) return path
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value)
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

export const queries = {
  auth: () =>
    queryOptions({
      queryKey: ['/api/check-auth'],
      // A 401 means "signed out", not an error; without a session there is nobody to ask about.
      queryFn: async (): Promise<PublicUser | null> => {
        if (!hasSessionHint()) return null
        try {
          return await call<typeof accountsContract.me>({ method: 'GET', path: '/api/check-auth' })
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return null
          throw error
        }
      },
      staleTime: 60_000,
    }),
  cart: () =>
    queryOptions({
      queryKey: ['/api/cart'],
      // A cart that cannot be read is shown empty rather than breaking the page (storefront.md §4).
      queryFn: async (): Promise<Cart> => {
        // A cart lives in a session: without one it is empty.
        if (!hasSessionHint()) return EMPTY_CART
        try {
          const cart: Partial<Cart> = await call<typeof cartContract.get>({
            method: 'GET',
            path: '/api/cart',
          })
          const items = Array.isArray(cart.items) ? cart.items : []
          return { items, subtotal: cart.subtotal ?? 0, itemCount: cart.itemCount ?? 0 }
        } catch (error) {
          console.warn('Failed to load the cart', error)
          return EMPTY_CART
        }
      },
    }),
  store: () =>
    queryOptions({
      queryKey: ['/api/store'],
      queryFn: () => call<typeof storeContract.info>({ method: 'GET', path: '/api/store' }),
    }),
  categories: () =>
    queryOptions({
      queryKey: ['/api/categories'],
      queryFn: () => call<typeof catalogContract.categories>({ method: 'GET', path: '/api/categories' }),
      staleTime: 240_000,
      gcTime: 300_000,
    }),
  categoryImages: () =>
    queryOptions({
      queryKey: ['/api/category-images'],
      queryFn: () =>
        call<typeof catalogContract.categoryImages>({ method: 'GET', path: '/api/category-images' }),
    }),
  products: (params: Params = {}) =>
    queryOptions({
      queryKey: ['/api/products', params],
      queryFn: () =>
        call<typeof catalogContract.productList>(PRODUCTS, {
          query: asQuery<QueryOf<typeof catalogContract.productList>>(params),
        }),
    }),
  /** One page of the listing, filtered, sorted and paged by the server: { items, total }. */
  productPage: (params: Params) =>
    queryOptions({
      queryKey: ['/api/products', params],
      queryFn: () =>
        call<typeof catalogContract.productPage>(PRODUCTS, {
          query: asQuery<QueryOf<typeof catalogContract.productPage>>(params),
        }),
    }),
  /** How many pieces each category and colour chip would show, given the other filters. */
  listingFacets: (params: Params) =>
    queryOptions({
      queryKey: ['/api/products/facets', params],
      queryFn: () =>
        call<typeof catalogContract.facets>(
          { method: 'GET', path: '/api/products/facets' },
          { query: asQuery<QueryOf<typeof catalogContract.facets>>(params) },
        ),
    }),
  product: (id: string) =>
    queryOptions({
      queryKey: [`/api/products/${id}`],
      queryFn: () =>
        call<typeof catalogContract.product>(
          { method: 'GET', path: '/api/products/:id' },
          { params: { id } },
        ),
    }),
  /** Approved reviews, newest first; of one piece when productId is given. */
  testimonials: (params: Params = {}) =>
    queryOptions({
      queryKey: ['/api/testimonials', params],
      queryFn: () =>
        call<typeof testimonialsContract.list>(
          { method: 'GET', path: '/api/testimonials' },
          { query: asQuery<QueryOf<typeof testimonialsContract.list>>(params) },
        ),
    }),
  /** Visible Journal posts, newest first: a page, a tag's (`tag`), or those naming a piece (`productId`). */
  journalPosts: (params: Params = {}) =>
    queryOptions({
      queryKey: ['/api/blog/posts', params],
      queryFn: () =>
        call<typeof journalContract.posts>(
          { method: 'GET', path: '/api/blog/posts' },
          { query: asQuery<QueryOf<typeof journalContract.posts>>(params) },
        ),
    }),
  /** One visible post; a draft, a scheduled post or an unknown slug is a 404 (no data). */
  journalPost: (slug: string) =>
    queryOptions({
      queryKey: [`/api/blog/posts/${encodeURIComponent(slug)}`],
      queryFn: () =>
        call<typeof journalContract.post>(
          { method: 'GET', path: '/api/blog/posts/:slug' },
          { params: { slug } },
        ),
    }),
  // Only for a signed-in shopper (useWishlist enables it) and never retried (storefront.md §7).
  wishlist: () =>
    queryOptions({
      queryKey: ['/api/wishlist'],
      queryFn: () => call<typeof wishlistContract.list>({ method: 'GET', path: '/api/wishlist' }),
      retry: false,
    }),
}

/**
 * The keys every page's shell needs (header, footer). Who is signed in and the cart are left out
 * of a page rendered for every anonymous visitor (the page cache's): the browser asks for them.
 */
export const shellQueries = ({ perVisitor = true } = {}) => [
  queries.store(),
  queries.categories(),
  ...(perVisitor ? [queries.auth(), queries.cart()] : []),
]

/**
 * The browser's query client, or a server render's (`{ forRender: true }`). A render's client lives
 * as long as its one request: a query's garbage-collection timer would keep it, and every answer
 * the page was built from, in memory for five minutes after the page was sent (the soak saw
 * 9,000 of them, about 100 MB, at 20 actions a second), so there it schedules none.
 */
export function createQueryClient({ forRender = false }: { forRender?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      // The specification's data-query defaults (storefront.md §9).
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: forRender ? Number.POSITIVE_INFINITY : 300_000,
      },
      mutations: { retry: false },
    },
  })
}
