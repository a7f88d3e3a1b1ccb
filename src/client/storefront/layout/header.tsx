import { useQuery } from '@tanstack/react-query'
import { Menu, User } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { displayName } from '../../../shared/accounts/users'
import { useAuth, useLogoutWithToast } from '../../lib/auth'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { useOnceOpened } from '../../lib/use-once-opened'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { DisclosureMenu, disclosureItemClass } from '../../ui/disclosure-menu'
import { CartButton } from './cart-button'
import { CollectionsMenu } from './collections-menu'
import { SearchToggle } from './search-toggle'
import { useScrolled } from './use-scrolled'

const MobileMenu = lazy(() => import('./mobile-menu'))

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap text-sm tracking-wide text-ink-muted transition-colors hover:text-jade-700',
    isActive && 'text-ink underline decoration-gold underline-offset-8',
  )

export function Header() {
  const scrolled = useScrolled(10)
  const [mobileOpen, setMobileOpen] = useState(false)
  const mobileMenuMounted = useOnceOpened(mobileOpen)
  const location = useLocation()
  const { data: store } = useQuery(queries.store())

  // The mobile menu closes on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMobileOpen(false), [location.pathname])

  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b border-ink/10 bg-ivory/95 backdrop-blur transition-shadow duration-300',
        scrolled ? 'shadow-[0_6px_24px_-12px_rgba(31,42,36,0.35)]' : 'shadow-none',
      )}
      data-scrolled={scrolled || undefined}
      // Toasts open just below it, never over its menu, search and cart (ui/toast.tsx).
      data-toast-anchor=""
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(true)}
          onPointerEnter={() => void import('./mobile-menu')}
        >
          <Menu className="size-5" aria-hidden />
        </Button>

        <Link
          to="/"
          className="group flex shrink-0 flex-col leading-none"
          aria-label={`${store?.name ?? 'Jade Shop'} home`}
        >
          <span className="font-display text-2xl font-semibold tracking-wide text-ink lg:text-3xl">
            {store?.name ?? 'Jade Shop'}
          </span>
          <span className="mt-1 hidden text-[0.65rem] uppercase tracking-[0.25em] text-jade-700 sm:block">
            Natural Type A Jadeite
          </span>
        </Link>

        <nav aria-label="Main" className="ml-8 hidden items-center gap-5 lg:flex xl:ml-10 xl:gap-8">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <CollectionsMenu />
          <NavLink to="/journal" className={navLinkClass}>
            Journal
          </NavLink>
          <NavLink to="/testimonials" className={navLinkClass}>
            Testimonials
          </NavLink>
          <NavLink to="/gift-cards" className={navLinkClass}>
            Gift Cards
          </NavLink>
          <NavLink to="/contact" className={navLinkClass}>
            Contact
          </NavLink>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <SearchToggle />
          <AccountMenu />
          <CartButton />
        </div>
      </div>
      {mobileMenuMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} />
        </Suspense>
      )}
    </header>
  )
}

function AccountMenu() {
  const { user, isAdmin } = useAuth()
  const logout = useLogoutWithToast()
  const { pathname } = useLocation()

  if (!user) {
    return (
      <Button variant="ghost" size="sm" asChild className="hidden sm:inline-flex">
        <Link to="/account/login">
          <User className="size-4" aria-hidden />
          Sign In
        </Link>
      </Button>
    )
  }

  return (
    <div className="hidden sm:block">
      <DisclosureMenu
        closeKey={pathname}
        align="end"
        triggerClassName="flex h-9 items-center gap-2 rounded-sm px-3 text-sm text-ink hover:bg-jade-50"
        label={
          <>
            <User className="size-4" aria-hidden />
            <span className="max-w-32 truncate">{`Hi, ${displayName(user)}`}</span>
            {isAdmin && <Badge variant="gold">Admin</Badge>}
          </>
        }
      >
        <div className="border-b border-ink/10 px-4 pb-3 pt-1">
          <span className="block font-display text-lg text-ink">{displayName(user)}</span>
          <span className="block text-xs text-ink-muted">{isAdmin ? 'Administrator' : 'Customer'}</span>
        </div>
        <ul className="py-1">
          <li>
            <Link to="/account/profile" className={disclosureItemClass}>
              My Profile
            </Link>
          </li>
          <li>
            <Link to="/account/wishlist" className={disclosureItemClass}>
              My Wishlist
            </Link>
          </li>
          {isAdmin && (
            <li>
              <Link to="/admin/dashboard" className={disclosureItemClass}>
                Admin Dashboard
              </Link>
            </li>
          )}
          <li className="mt-1 border-t border-ink/10 pt-1">
            <button type="button" className={disclosureItemClass} onClick={logout}>
              Logout
            </button>
          </li>
        </ul>
      </DisclosureMenu>
    </div>
  )
}
