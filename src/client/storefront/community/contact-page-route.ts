import { lazyPageRoute } from '../../lib/lazy-page'

export const contactPageRoute = lazyPageRoute(() => import('./contact-page'), 'ContactPage', {
  meta: () => ({
    title: 'Contact Us',
    description:
      'Questions about a jadeite piece, a bangle size or a private viewing? Write or call us: we answer within one business day.',
  }),
})
