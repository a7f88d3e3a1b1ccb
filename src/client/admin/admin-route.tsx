import { Suspense } from 'react'
import { lazyPage } from '../lib/lazy-page'
import type { PageRoute } from '../lib/page'
import { queries } from '../lib/queries'
import { PageSkeleton } from '../ui/page-skeleton'
import { adminTitle } from './section-titles'

// The back office is a lazy chunk: the storefront bundle never contains it, and this module (in
// every page's entry) imports nothing of it but its titles. It is drawn on the server with its
// first screen's data, so the data is on screen before its code has loaded (issue 32's cold load).
const adminApp = lazyPage(() => import('./admin-app'), 'default')

/** The back office (/admin/*). */
export const adminRoute: PageRoute = {
  element: (
    <Suspense fallback={<PageSkeleton />}>
      <adminApp.Page />
    </Suspense>
  ),
  handle: {
    // The back office's code and the opened screen's, before the render and before hydration.
    load: (pathname) => adminApp.load().then((admin) => admin.loadScreen(pathname)),
    meta: ({ params }) => ({ title: adminTitle(params['*']), description: 'Back office', noindex: true }),
    // Asked on the server only (a <Navigate> cannot act in a server render; the browser's guards
    // act alike), from the back office's chunk: the storefront's first load never carries its rules.
    redirect: async ({ params }, queryClient) =>
      (await adminApp.load()).adminRedirect(params['*'] ?? '', queryClient),
    // The member's role and the first screen's data come with the page: no round trip waits
    // for them after the back office's code has loaded (issue 32's cold load).
    prefetchAfter: async (context, queryClient, fetchInto) => {
      const user = queryClient.getQueryData(queries.auth().queryKey)
      if (!user?.isAdmin) return
      const { prefetchFirstScreen } = await import('./first-screen')
      await prefetchFirstScreen(context, user.id, fetchInto)
    },
  },
}
