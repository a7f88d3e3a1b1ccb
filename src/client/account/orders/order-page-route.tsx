import { lazy } from 'react'
import { clientOnlyPage } from '../../lib/client-only'
import type { PageRoute } from '../../lib/page'

// An order's page, from the link in its confirmation e-mail: a lazy chunk, drawn in the browser only.
const OrderPage = lazy(() => import('./order-page'))

export const orderPageRoute: PageRoute = {
  element: clientOnlyPage(<OrderPage />),
  handle: { meta: () => ({ title: 'Your Order', description: 'Order details.', noindex: true }) },
}
