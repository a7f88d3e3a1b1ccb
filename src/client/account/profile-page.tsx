import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { displayName } from '../../shared/users'
import { useAuth } from '../lib/auth'
import { useLogoutWithToast } from '../storefront/layout/header'
import { PageSkeleton } from '../storefront/layout/page-skeleton'
import { Button } from '../ui/button'
import { toast } from '../ui/use-toast'

// The account's profile, orders and password forms arrive with the customer-accounts feature; this
// page already answers the redirect after sign-in and guards the area.
export function ProfilePage() {
  const { user, isPending } = useAuth()
  const logout = useLogoutWithToast()
  useEffect(() => {
    if (!isPending && !user) {
      toast({
        title: 'Authentication Required',
        description: 'Please login to access your account.',
        variant: 'destructive',
      })
    }
  }, [isPending, user])

  if (isPending) return <PageSkeleton />
  if (!user) return <Navigate to="/account/login" replace />

  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-ink/10 pb-8">
        <div>
          <p className="text-xs uppercase tracking-[0.3em] text-jade-700">My Account</p>
          <h1 className="mt-3 font-display text-4xl text-ink">Welcome, {displayName(user)}</h1>
          <p className="mt-2 text-sm text-ink-muted">Signed in as {user.username}</p>
        </div>
        <Button variant="secondary" onClick={logout}>
          Logout
        </Button>
      </div>
    </section>
  )
}
