import { LogOut, Store } from 'lucide-react'
import { Link, NavLink, Outlet } from 'react-router'
import { displayName } from '../../shared/users'
import { useAuth } from '../lib/auth'
import { cn } from '../lib/cn'
import { useLogoutWithToast } from '../storefront/layout/header'
import { Button } from '../ui/button'
import { ADMIN_SECTIONS } from './sections'

export function AdminShell() {
  const { user } = useAuth()
  const logout = useLogoutWithToast()
  return (
    <div className="min-h-screen md:flex">
      <aside className="border-b border-ink/10 bg-jade-900 text-ivory md:sticky md:top-0 md:h-screen md:w-64 md:shrink-0 md:border-b-0">
        <div className="flex items-center justify-between px-5 py-5">
          <Link to="/admin/dashboard" className="font-display text-2xl">
            Back Office
          </Link>
          <Link to="/" className="text-ivory/70 hover:text-ivory" aria-label="View the store">
            <Store className="size-5" aria-hidden />
          </Link>
        </div>
        <nav
          aria-label="Back office"
          className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:overflow-visible"
        >
          {ADMIN_SECTIONS.map(({ path, label, icon: Icon }) => (
            <NavLink
              key={path}
              to={`/admin/${path}`}
              className={({ isActive }) =>
                cn(
                  'flex shrink-0 items-center gap-3 rounded px-3 py-2 text-sm text-ivory/75 transition-colors hover:bg-ivory/10 hover:text-ivory',
                  isActive && 'bg-ivory/15 text-ivory',
                )
              }
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden border-t border-ivory/15 px-5 py-4 md:absolute md:bottom-0 md:block md:w-64">
          <p className="truncate text-sm">{user && displayName(user)}</p>
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 px-0 text-ivory hover:bg-transparent"
            onClick={logout}
          >
            <LogOut className="size-4" aria-hidden /> Logout
          </Button>
        </div>
      </aside>
      <main id="main-content" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
        <div className="mb-6 flex justify-end md:hidden">
          <Button variant="secondary" size="sm" onClick={logout}>
            <LogOut className="size-4" aria-hidden /> Logout
          </Button>
        </div>
        <Outlet />
      </main>
    </div>
  )
}
