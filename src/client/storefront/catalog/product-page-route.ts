import { lazyPageRoute } from '../../lib/lazy-page'
import { queries } from '../../lib/queries'
import { productJsonLd } from '../../lib/structured-data'

// The JSON-LD is the server's only: the browser build leaves its builder out (home-page-route.ts).
const onServer = import.meta.env.SSR

export const productPageRoute = lazyPageRoute(() => import('./product-page'), 'ProductPage', {
  prefetch: ({ params }) => [
    queries.product(params.id ?? ''),
    ...(/^\d+$/.test(params.id ?? '') ? [queries.testimonials({ productId: params.id })] : []),
  ],
  meta: ({ params, origin }, queryClient) => {
    const product = queryClient.getQueryData(queries.product(params.id ?? '').queryKey)
    if (!product) return { title: 'Product Not Found', description: 'This product may have been removed.' }
    return {
      title: product.name,
      description: product.shortDescription,
      image: product.imageUrls[0],
      jsonLd: onServer
        ? productJsonLd(
            product,
            origin,
            queryClient.getQueryData(queries.store().queryKey),
            queryClient.getQueryData(queries.testimonials({ productId: params.id }).queryKey),
          )
        : undefined,
    }
  },
  status: ({ params }, queryClient) =>
    queryClient.getQueryData(queries.product(params.id ?? '').queryKey) ? 200 : 404,
})
