import { ExternalLink, LogOut, Menu } from 'lucide-react'
import { Suspense, useEffect, useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { displayName } from '../../shared/accounts/users'
import { useAuth, useLogoutWithToast } from '../lib/auth'
import { cn } from '../lib/cn'
import { Button } from '../ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet'
import { Skeleton } from '../ui/skeleton'
import { allowedFor, roleLabel, useAccess, useViewAs } from './access'
import { ADMIN_SECTIONS } from './sections'

/**
 * The back office's frame: a sidebar on laptops, a top bar with a drawer on phones, the signed-in
 * owner and Logout, and the page in between.
 */
export function AdminShell() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const { pathname } = useLocation()
  // The drawer closes on every page change, as the storefront's mobile menu does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [pathname])

  return (
    <div className="min-h-screen bg-ivory md:flex">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:bg-ivory focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden border-r border-ink/10 bg-sand/70 md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col">
        <Brand />
        <Navigation />
        <SignedIn />
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-ink/10 bg-ivory/95 px-2 backdrop-blur md:hidden">
        <Button variant="ghost" size="icon" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
          <Menu className="size-5" aria-hidden />
        </Button>
        <Link to="/admin/dashboard" className="font-display text-xl text-ink">
          Back Office
        </Link>
        <Button variant="ghost" size="icon" asChild>
          <Link to="/" aria-label="View the store">
            <ExternalLink className="size-5" aria-hidden />
          </Link>
        </Button>
      </header>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" className="flex w-72 flex-col bg-sand p-0">
          <SheetTitle className="sr-only">Back office navigation</SheetTitle>
          <SheetDescription className="sr-only">Every page of the back office</SheetDescription>
          <Brand />
          <Navigation />
          <SignedIn />
        </SheetContent>
      </Sheet>

      <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <ViewingAsBanner />
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-8 sm:py-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  )
}

function Brand() {
  return (
    <div className="px-5 pt-6 pb-4">
      <Link to="/admin/dashboard" className="block font-display text-2xl leading-none text-ink">
        Jade Shop
      </Link>
      <p className="mt-1 text-[0.6875rem] uppercase tracking-[0.25em] text-gold-deep">Back office</p>
    </div>
  )
}

function Navigation() {
  const item = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex min-h-10 items-center gap-3 rounded-sm border-l-2 px-3 text-sm transition-colors',
      isActive
        ? 'border-jade-700 bg-ivory font-medium text-ink'
        : 'border-transparent text-ink-muted hover:bg-ivory/70 hover:text-ink',
    )
  const { me, mustSetUpTwoFactor } = useAccess()
  const sections = allowedFor(ADMIN_SECTIONS, me?.permissions ?? [])
  const shop = sections.filter((section) => !section.group)
  const account = sections.filter((section) => section.group === 'account')
  return (
    <nav aria-label="Back office" className="flex-1 overflow-y-auto px-3 py-2">
      {mustSetUpTwoFactor && (
        <p className="mb-3 px-3 text-xs text-ink-muted">
          Turn on two-factor sign-in to open the other pages.
        </p>
      )}
      <ul className="grid gap-0.5">
        {shop.map(({ path, label, icon: Icon }) => (
          <li key={path}>
            {mustSetUpTwoFactor ? (
              // Until two-factor sign-in is on, the server refuses every other page: shown, not offered.
              <span
                aria-disabled="true"
                className={cn(item({ isActive: false }), 'pointer-events-none opacity-50')}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                {label}
              </span>
            ) : (
              <NavLink to={`/admin/${path}`} className={item}>
                <Icon className="size-4 shrink-0" aria-hidden />
                {label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      <ul className="mt-4 grid gap-0.5 border-t border-ink/10 pt-4">
        {account.map(({ path, label, icon: Icon }) => (
          <li key={path}>
            <NavLink to={`/admin/${path}`} className={item}>
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <Link to="/" className={item({ isActive: false })}>
            <ExternalLink className="size-4 shrink-0" aria-hidden />
            View Store
          </Link>
        </li>
      </ul>
    </nav>
  )
}

function SignedIn() {
  const { user } = useAuth()
  const { me } = useAccess()
  const logout = useLogoutWithToast()
  return (
    <div className="border-t border-ink/10 px-5 py-4">
      <p className="truncate text-sm font-medium text-ink">{user && displayName(user)}</p>
      <p className="text-xs text-ink-muted">{me ? roleLabel(me.role) : 'Administrator'}</p>
      <Button variant="secondary" size="sm" className="mt-3 w-full" onClick={logout}>
        <LogOut className="size-4" aria-hidden /> Logout
      </Button>
    </div>
  )
}

function PageLoading() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-10 w-56" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <Skeleton className="mt-10 h-72 w-full" />
    </div>
  )
}

/** While an Owner views the back office as a role: what they see is that role's, and nothing changes. */
function ViewingAsBanner() {
  const { me } = useAccess()
  const { stop } = useViewAs()
  if (!me?.viewingAs) return null
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-jade-700/20 bg-jade-50 px-4 py-3 text-sm text-ink sm:px-8"
    >
      <p>
        You are viewing the back office as <strong>{roleLabel(me.viewingAs)}</strong>. Changes are off.
      </p>
      <Button size="sm" variant="secondary" onClick={() => stop.mutate()} disabled={stop.isPending}>
        Stop viewing as {roleLabel(me.viewingAs)}
      </Button>
    </div>
  )
}
