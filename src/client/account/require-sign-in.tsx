import { type ReactNode, useEffect } from 'react'
import { Navigate } from 'react-router'
import type { PublicUser } from '../../shared/accounts/users'
import { useAuth } from '../lib/auth'
import { PageSkeleton } from '../ui/page-skeleton'
import { toast } from '../ui/use-toast'

/**
 * Renders its children for a signed-in visitor; anyone else is told why and sent to the login page
 * (storefront.md §2). Logging out leaves the page before the user is cleared (see useLogout), so
 * signing out from here never shows this toast.
 */
export function RequireSignIn({
  children,
  fallback = <PageSkeleton />,
}: {
  children: (user: PublicUser) => ReactNode
  fallback?: ReactNode
}) {
  const { user, isPending } = useAuth()
  const signedOut = !isPending && !user

  useEffect(() => {
    if (signedOut) {
      toast({
        title: 'Authentication Required',
        description: 'Please login to access your account.',
        variant: 'destructive',
      })
    }
  }, [signedOut])

  if (isPending) return fallback
  if (!user) return <Navigate to="/account/login" replace />
  return children(user)
}
