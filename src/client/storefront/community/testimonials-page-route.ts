import { lazyPageRoute } from '../../lib/lazy-page'
import { queries } from '../../lib/queries'
import { storeReviewsJsonLd } from '../../lib/structured-data'

// The JSON-LD is the server's only: the browser build leaves its builder out (home-page-route.ts).
const onServer = import.meta.env.SSR

export const testimonialsPageRoute = lazyPageRoute(() => import('./testimonials-page'), 'TestimonialsPage', {
  prefetch: () => [queries.testimonials()],
  meta: ({ origin }, queryClient) => ({
    title: 'Testimonials',
    description:
      'Reviews from customers of our natural Type A jadeite bangles, bracelets, earrings, necklaces and rings, and a form to share your own.',
    jsonLd: onServer
      ? storeReviewsJsonLd(
          origin,
          queryClient.getQueryData(queries.store().queryKey),
          queryClient.getQueryData(queries.testimonials().queryKey),
        )
      : undefined,
  }),
})
