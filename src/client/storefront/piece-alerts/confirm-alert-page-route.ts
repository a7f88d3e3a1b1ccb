import { lazyPageRoute } from '../../lib/lazy-page'

export const confirmAlertPageRoute = lazyPageRoute(() => import('./confirm-alert-page'), 'ConfirmAlertPage', {
  meta: () => ({
    title: 'Hear of similar pieces',
    description: 'Confirm that we may write when a similar piece arrives.',
    noindex: true,
  }),
})
