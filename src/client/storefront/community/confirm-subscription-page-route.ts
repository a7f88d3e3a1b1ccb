import { lazyPageRoute } from '../../lib/lazy-page'

export const confirmSubscriptionPageRoute = lazyPageRoute(
  () => import('./confirm-subscription-page'),
  'ConfirmSubscriptionPage',
  {
    meta: () => ({
      title: 'Confirm your subscription',
      description: 'Confirm your subscription to our newsletter.',
      noindex: true,
    }),
  },
)
