import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { displayName } from '../../../shared/accounts/users'
import { capitalize, categoryPath } from '../../../shared/catalog/rules'
import { useAuth, useLogoutWithToast } from '../../lib/auth'
import { queries } from '../../lib/queries'
import { Badge } from '../../ui/badge'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../ui/sheet'

const itemClass = 'block py-3 text-lg font-display text-ink transition-colors hover:text-jade-700'

export default function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { data: categories = [] } = useQuery(queries.categories())
  const { user, isAdmin } = useAuth()
  const logout = useLogoutWithToast()

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-[85vw] max-w-sm overflow-y-auto">
        <SheetTitle className="font-display text-2xl">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-6 divide-y divide-ink/10">
          <Link to="/" className={itemClass}>
            Home
          </Link>
          <div className="py-3">
            <p className="text-xs uppercase tracking-[0.2em] text-ink-muted">Collections</p>
            <ul className="mt-2 space-y-1">
              <li>
                <Link to="/products" className={itemClass}>
                  All Collections
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category}>
                  <Link to={categoryPath(category)} className={itemClass}>
                    {capitalize(category)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <Link to="/journal" className={itemClass}>
            Journal
          </Link>
          <Link to="/testimonials" className={itemClass}>
            Testimonials
          </Link>
          <Link to="/gift-cards" className={itemClass}>
            Gift Cards
          </Link>
          <Link to="/contact" className={itemClass}>
            Contact
          </Link>
          {user ? (
            <div className="py-3">
              <p className="flex items-center gap-2 text-sm text-ink-muted">
                Hi, {displayName(user)} · {isAdmin ? 'Administrator' : 'Customer'}
                {isAdmin && <Badge variant="gold">Admin</Badge>}
              </p>
              <Link to="/account/profile" className={itemClass}>
                My Profile
              </Link>
              <Link to="/account/wishlist" className={itemClass}>
                My Wishlist
              </Link>
              {isAdmin && (
                <Link to="/admin/dashboard" className={itemClass}>
                  Admin Dashboard
                </Link>
              )}
              <button type="button" className={itemClass} onClick={logout}>
                Logout
              </button>
            </div>
          ) : (
            <Link to="/account/login" className={itemClass}>
              Sign In
            </Link>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  )
}
