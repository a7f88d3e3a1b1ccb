import { lazyPageRoute } from '../../lib/lazy-page'

export const balancePageRoute = lazyPageRoute(() => import('./balance-page'), 'BalancePage', {
  meta: () => ({
    title: 'Gift Card Balance',
    description: 'Check the balance and expiry of your gift card.',
  }),
})
