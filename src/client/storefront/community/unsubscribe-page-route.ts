import { lazyPageRoute } from '../../lib/lazy-page'

export const unsubscribePageRoute = lazyPageRoute(() => import('./unsubscribe-page'), 'UnsubscribePage', {
  meta: () => ({ title: 'Unsubscribe', description: 'Leave our newsletter.', noindex: true }),
})
