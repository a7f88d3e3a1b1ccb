import { lazy } from 'react'
import { clientOnlyPage } from '../lib/client-only'
import type { PageRoute } from '../lib/page'

// The account area is a lazy chunk (the storefront bundle never contains it), drawn in the browser only.
const AccountArea = lazy(() => import('./account-area'))

export const accountAreaRoute: PageRoute = {
  element: clientOnlyPage(<AccountArea />),
  handle: { meta: () => ({ title: 'My Account', description: 'Sign in to your account.', noindex: true }) },
}
