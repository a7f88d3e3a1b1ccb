import { lazyPageRoute } from '../../lib/lazy-page'

export const confirmationPageRoute = lazyPageRoute(() => import('./confirmation-page'), 'ConfirmationPage', {
  meta: () => ({ title: 'Order Confirmed', description: 'Thank you for your order.', noindex: true }),
})
