import { lazyPageRoute } from '../../lib/lazy-page'

export const unsubscribeAlertPageRoute = lazyPageRoute(
  () => import('./unsubscribe-alert-page'),
  'UnsubscribeAlertPage',
  {
    meta: () => ({
      title: 'Unsubscribe',
      description: 'Stop e-mails about new pieces.',
      noindex: true,
    }),
  },
)
