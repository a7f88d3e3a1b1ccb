import { Navigate, Outlet } from 'react-router'
import { useAuth } from '../lib/auth'
import { Skeleton } from '../ui/skeleton'

/** Every back-office page but the login needs a signed-in administrator; others go to /admin. */
export function AdminGuard() {
  const { user, isPending } = useAuth()
  if (isPending) {
    return (
      <div className="flex min-h-screen" aria-busy="true">
        <span className="sr-only">Checking your access…</span>
        <Skeleton className="hidden w-64 md:block" />
        <div className="flex-1 space-y-4 p-8">
          <Skeleton className="h-10 w-72" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    )
  }
  if (!user?.isAdmin) return <Navigate to="/admin" replace />
  return <Outlet />
}
