import { lazyPageRoute } from '../../lib/lazy-page'

export const giftCardsPageRoute = lazyPageRoute(() => import('./gift-cards-page'), 'GiftCardsPage', {
  meta: () => ({
    title: 'Gift Cards',
    description:
      'Give natural Type A jadeite: a gift card from $25 to $5,000, e-mailed on the day you choose with your message. No expiry, no fees.',
  }),
})
