import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { ApiError } from '../lib/api'
import { useAuth } from '../lib/auth'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { Skeleton } from '../ui/skeleton'
import { holds, meQuery } from './access'
import { sectionOf } from './sections'

/**
 * Every back-office page but the login needs a signed-in member of the team; others go to /admin.
 * The member's role (/api/admin/me) is known before any page renders, so no page asks for what the
 * role cannot see.
 */
export function AdminGuard() {
  const { user, isPending } = useAuth()
  const admin = !!user?.isAdmin
  const me = useQuery({ ...meQuery(user?.id), enabled: admin })
  const location = useLocation()
  const queryClient = useQueryClient()
  const member = admin ? me.data : undefined
  const known = member !== undefined
  // Once the member and their role are known, the first screen's queries start while its code may
  // still be coming, if the role may open it. Only the first: later screens are a click away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the location the member arrived at
  useEffect(() => {
    if (!member || member.twoFactorPending) return
    const section = sectionOf(location.pathname)
    if (section && holds(member.permissions, section.permission)) {
      section.preload?.(queryClient, new URLSearchParams(location.search), member.permissions)
    }
  }, [known, queryClient])
  if (admin && me.error) {
    return (
      <EmptyState
        level={1}
        className="py-20"
        title="Your access could not be read"
        description={
          // A refusal says why (a deactivated account); anything else is the connection.
          me.error instanceof ApiError && me.error.status === 403 && me.error.body?.message
            ? me.error.body.message
            : 'The back office needs to know your role before it opens. Check the connection and try again.'
        }
        action={<Button onClick={() => void me.refetch()}>Try again</Button>}
      />
    )
  }
  if (isPending || (admin && me.isPending)) {
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
