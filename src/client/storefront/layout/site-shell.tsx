import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { queries } from '../../lib/queries'
import { DeferredToaster } from '../../ui/deferred-toaster'
import { PageSkeleton } from '../../ui/page-skeleton'
import { Footer } from './footer'
import { Header } from './header'

/** Shown on every page while the built-in test card provider is active: no real money moves. */
function TestModeBanner() {
  const { data: store } = useQuery(queries.store())
  if (!store?.testPayments) return null
  return (
    <p role="note" className="bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-950">
      Test mode: card payments use test cards (4242 4242 4242 4242) and no money is charged.
    </p>
  )
}

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
        <TestModeBanner />
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
