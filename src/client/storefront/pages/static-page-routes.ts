import { lazyPageRoute } from '../../lib/lazy-page'
import { STATIC_PAGES } from './static-pages'

/** A static page's route: its title and description are its entry in STATIC_PAGES. */
function staticPageRoute<M>(path: string, load: () => Promise<M>, name: keyof M) {
  const { title, description } = STATIC_PAGES.find((page) => page.path === path)!
  return lazyPageRoute(load, name, { meta: () => ({ title, description }) })
}

export const aboutPageRoute = staticPageRoute('/about', () => import('./about-page'), 'AboutPage')
export const returnPolicyPageRoute = staticPageRoute(
  '/return-policy',
  () => import('./return-policy-page'),
  'ReturnPolicyPage',
)
export const privacyPolicyPageRoute = staticPageRoute(
  '/privacy-policy',
  () => import('./privacy-policy-page'),
  'PrivacyPolicyPage',
)
export const termsPageRoute = staticPageRoute('/terms-conditions', () => import('./terms-page'), 'TermsPage')
