import type { QueryClient } from '@tanstack/react-query'
import { queries } from '../lib/queries'
import { meQuery } from './access'
import { TWO_FACTOR_SETUP_PATH } from './section-gate'

/**
 * Where the back office's guards would send the visitor in the browser (AdminGuard, the sign-in
 * page, SectionGate, the reports' index), as the server's redirect: a `<Navigate>` cannot act in
 * a server render. Undefined when the page is drawn as asked, or when who is signed in is not
 * known (an anonymous render: the browser decides). `rest` is the path after `/admin/`.
 */
export function adminRedirect(rest: string, queryClient: QueryClient): string | undefined {
  const user = queryClient.getQueryData(queries.auth().queryKey)
  if (user === undefined) return undefined
  const page = rest.replace(/\/+$/, '')
  if (!user?.isAdmin) return page === '' ? undefined : '/admin'
  // A Manager or Bookkeeper without two-factor sign-in may open only their profile until it is on.
  const me = queryClient.getQueryData(meQuery(user.id).queryKey)
  if (me?.twoFactorPending && page !== 'profile') return TWO_FACTOR_SETUP_PATH
  if (page === '') return '/admin/dashboard'
  return page === 'reports' ? '/admin/reports/sales-tax' : undefined
}
