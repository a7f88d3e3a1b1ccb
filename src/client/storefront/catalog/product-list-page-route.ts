import type { QueryClient } from '@tanstack/react-query'
import { capitalize, categoryPath, LISTING_PAGE_SIZE } from '../../../shared/catalog/rules'
import { lazyPageRoute } from '../../lib/lazy-page'
import type { PageContext } from '../../lib/page'
import { queries } from '../../lib/queries'
import { listingFilterParams, listingPageParams, pageHref, readListingParams } from './listing-params'

/**
 * A listing page's canonical address keeps what makes it a different page (its category, colour,
 * size, search and page) and drops what only reorders or widens it (sort, sold pieces).
 */
function listingPath(pathname: string, search: URLSearchParams, page: number): string {
  const kept = new URLSearchParams()
  for (const name of ['color', 'size', 'q']) {
    const value = search.get(name)
    if (value) kept.set(name, value)
  }
  return pageHref(pathname, kept, page)
}

const listingPages = (context: PageContext, queryClient: QueryClient) => {
  const params = readListingParams(context.search)
  const data = queryClient.getQueryData(
    queries.productPage(listingPageParams(context.params.category, params)).queryKey,
  )
  return { page: params.page, pages: data ? Math.max(1, Math.ceil(data.total / LISTING_PAGE_SIZE)) : 1 }
}

/** All collections (/products) and one category (/products/category/:category). */
export const productListPageRoute = lazyPageRoute(() => import('./product-list-page'), 'ProductListPage', {
  prefetch: ({ params, search }) => {
    const listing = readListingParams(search)
    return [
      queries.productPage(listingPageParams(params.category, listing)),
      queries.listingFacets(listingFilterParams(params.category, listing)),
    ]
  },
  meta: (context, queryClient) => {
    const { params, search } = context
    const title = params.category ? capitalize(params.category) : 'All Collections'
    const { page, pages } = listingPages(context, queryClient)
    const pathname = params.category ? categoryPath(params.category) : '/products'
    return {
      title: `${title} — Natural Jadeite${page > 1 ? ` — Page ${page}` : ''}`,
      description: `Browse ${params.category ?? 'all'} natural Type A jadeite pieces, each one of a kind and certified.`,
      canonicalPath: listingPath(pathname, search, page),
      pageLinks: {
        prev: page > 1 ? listingPath(pathname, search, page - 1) : undefined,
        next: page < pages ? listingPath(pathname, search, page + 1) : undefined,
      },
    }
  },
  // A page past the last is not a page.
  status: (context, queryClient) => {
    const { page, pages } = listingPages(context, queryClient)
    return page > pages ? 404 : 200
  },
})
