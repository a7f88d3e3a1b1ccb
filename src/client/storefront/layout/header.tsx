import { useQuery } from '@tanstack/react-query'
import { ChevronDown, Menu, Search, User } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { displayName } from '../../../shared/accounts'
import { capitalize, categoryPath } from '../../../shared/catalog'
import { useAuth, useLogout } from '../../lib/auth'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu'
import { toast } from '../../ui/use-toast'
import { CartButton } from './cart-button'
import { MobileMenu } from './mobile-menu'
import { useScrolled } from './use-scrolled'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'text-sm tracking-wide text-ink-muted transition-colors hover:text-jade-700',
    isActive && 'text-ink underline decoration-gold underline-offset-8',
  )

export function Header() {
  const scrolled = useScrolled(10)
  const [mobileOpen, setMobileOpen] = useState(false)
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
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(true)}
        >
          <Menu className="size-5" aria-hidden />
        </Button>

        <Link
          to="/"
          className="group flex flex-col leading-none"
          aria-label={`${store?.name ?? 'Jade Shop'} home`}
        >
          <span className="font-display text-2xl font-semibold tracking-wide text-ink lg:text-3xl">
            {store?.name ?? 'Jade Shop'}
          </span>
          <span className="mt-1 hidden text-[0.65rem] uppercase tracking-[0.25em] text-jade-700 sm:block">
            Natural Type A Jadeite
          </span>
        </Link>

        <nav aria-label="Main" className="ml-10 hidden items-center gap-8 lg:flex">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <CollectionsMenu />
          <NavLink to="/testimonials" className={navLinkClass}>
            Testimonials
          </NavLink>
          <NavLink to="/contact" className={navLinkClass}>
            Contact
          </NavLink>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" size="icon" asChild>
            <Link to="/products" aria-label="Search the collection">
              <Search className="size-5" aria-hidden />
            </Link>
          </Button>
          <AccountMenu />
          <CartButton />
        </div>
      </div>
      <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} />
    </header>
  )
}

function CollectionsMenu() {
  const { data: categories = [] } = useQuery(queries.categories())
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-1 text-sm tracking-wide text-ink-muted transition-colors hover:text-jade-700">
        Collections <ChevronDown className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-52">
        <DropdownMenuItem asChild>
          <Link to="/products">All Collections</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {categories.map((category) => (
          <DropdownMenuItem key={category} asChild>
            <Link to={categoryPath(category)}>{capitalize(category)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

export function useLogoutWithToast() {
  const logout = useLogout()
  const navigate = useNavigate()
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged Out', description: 'You have been logged out' })
        navigate('/')
      },
      onError: () =>
        toast({
          title: 'Logout Failed',
          description: 'Failed to log out. Please try again.',
          variant: 'destructive',
        }),
    })
}

function AccountMenu() {
  const { user, isAdmin } = useAuth()
  const logout = useLogoutWithToast()

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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="hidden gap-2 sm:inline-flex">
          <User className="size-4" aria-hidden />
          <span className="max-w-32 truncate">Hi, {displayName(user)}</span>
          {isAdmin && <Badge variant="gold">Admin</Badge>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel>
          <span className="block font-display text-lg">{displayName(user)}</span>
          <span className="block text-xs font-normal text-ink-muted">
            {isAdmin ? 'Administrator' : 'Customer'}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account/profile">My Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/wishlist">My Wishlist</Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin/dashboard">Admin Dashboard</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout}>Logout</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
