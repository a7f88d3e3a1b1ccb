import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuth } from '../lib/auth'
import { Skeleton } from '../ui/skeleton'
import { sectionOf } from './sections'

/** Every back-office page but the login needs a signed-in administrator; others go to /admin. */
export function AdminGuard() {
  const { user, isPending } = useAuth()
  const admin = !!user?.isAdmin
  const location = useLocation()
  const queryClient = useQueryClient()
  // Once the owner is known, the first screen's queries start while its code may still be coming.
  // Only the first: later screens are a click away, their code and data cached or quick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location the owner arrived at
  useEffect(() => {
    if (admin) sectionOf(location.pathname)?.preload?.(queryClient, new URLSearchParams(location.search))
  }, [admin, queryClient])
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
