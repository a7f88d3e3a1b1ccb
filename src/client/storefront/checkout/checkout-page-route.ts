import { lazyPageRoute } from '../../lib/lazy-page'
import { queries } from '../../lib/queries'

export const checkoutPageRoute = lazyPageRoute(() => import('./checkout-page'), 'CheckoutPage', {
  meta: () => ({ title: 'Checkout', description: 'Complete your order.', noindex: true }),
  // An empty cart has no checkout: the server sends the visitor to the shop instead.
  redirect: (_, queryClient) =>
    queryClient.getQueryData(queries.cart().queryKey)?.items.some((item) => item.available) ? undefined : '/',
})
