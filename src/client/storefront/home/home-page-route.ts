import { lazyPageRoute } from '../../lib/lazy-page'
import { FEATURED_PIECES, NEWEST_STORY, queries } from '../../lib/queries'
import { organizationJsonLd } from '../../lib/structured-data'

// Structured data is written into the server's HTML only (the browser updates just the title and
// description on navigation): Vite replaces import.meta.env.SSR with false in the browser build, so
// the JSON-LD builders are left out of the storefront's first-load JavaScript.
const onServer = import.meta.env.SSR

export const homePageRoute = lazyPageRoute(() => import('./home-page'), 'HomePage', {
  prefetch: () => [
    queries.productPage(FEATURED_PIECES),
    queries.categoryImages(),
    queries.testimonials(),
    // Server-only, like every prefetch (the browser hydrates from what the server sent): behind
    // onServer, the Journal's helpers stay out of every page's first-load JavaScript.
    ...(onServer ? [queries.journalPosts(NEWEST_STORY)] : []),
  ],
  meta: ({ origin }, queryClient) => ({
    jsonLd: onServer
      ? organizationJsonLd(origin, queryClient.getQueryData(queries.store().queryKey))
      : undefined,
    title: 'Natural Type A Jadeite Jewelry',
    description:
      '100% Natural Type A Jadeite in the USA: one-of-a-kind bangles, bracelets, earrings, necklaces and rings from Myanmar, each with an official authentication card.',
  }),
})
