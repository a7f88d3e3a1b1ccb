import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { DeferredToaster } from '../../ui/deferred-toaster'
import { PageSkeleton } from '../../ui/page-skeleton'
import { Footer } from './footer'
import { Header } from './header'

export function SiteShell() {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 bg-jade-700 px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <DeferredToaster />
    </>
  )
}
