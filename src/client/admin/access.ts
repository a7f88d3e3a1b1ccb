import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { type Me, staffAdminContract } from '../../shared/staff/admin-contract'
import {
  BUILT_IN_ROLES,
  firstMissing,
  isBuiltInRole,
  type Permission,
  type RoutePermission,
} from '../../shared/staff/permissions'
import { call } from '../lib/api'
import { useAuth } from '../lib/auth'
import { toastFailure } from '../lib/mutation-toasts'

// What the signed-in member's role lets them do (issue 35). The back office reads it once from
// /api/admin/me and hides every page, card, column and button the role cannot use, so browsing
// never meets a 403. The server decides on every request; this only keeps the screens honest.

/**
 * The member's role and permissions; read again when the window comes back (a role may change).
 * Keyed by the signed-in user, so another member signing in on this tab never reads the last one's.
 */
export const meQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: [staffAdminContract.me.path, userId],
    queryFn: () => call(staffAdminContract.me),
    staleTime: 60_000,
  })

/** Whether a member holding `permissions` may use what needs `permission` ('staff': any member). */
export const holds = (permissions: readonly string[], permission: RoutePermission): boolean =>
  firstMissing(permission, permissions) === undefined

/**
 * The items (sections, cards, actions) a member holding `permissions` may open, in their order.
 * An item marked `unless` is left out for members holding that permission: they reach the same
 * thing another way (Record Sale sits on the Sales page for whoever may open it).
 */
export const allowedFor = <T extends { permission: RoutePermission; unless?: Permission }>(
  items: readonly T[],
  permissions: readonly string[],
): T[] =>
  items.filter(
    (item) => holds(permissions, item.permission) && !(item.unless && permissions.includes(item.unless)),
  )

export interface Access {
  /** Known once /api/admin/me has answered. */
  me: Me | undefined
  can: (permission: RoutePermission) => boolean
  /** A Manager or Bookkeeper without two-factor sign-in: only their profile until it is on. */
  mustSetUpTwoFactor: boolean
}

/** Everything a back-office screen needs to follow the role. Until `me` is known, nothing is allowed. */
export function useAccess(): Access {
  const { user } = useAuth()
  const { data: me } = useQuery({ ...meQuery(user?.id), enabled: !!user?.isAdmin })
  const permissions = me?.permissions ?? []
  return {
    me,
    can: (permission) => me !== undefined && holds(permissions, permission),
    mustSetUpTwoFactor: me?.twoFactorPending ?? false,
  }
}

/** 'manager' → 'Manager'; a custom role is shown by its own name. */
export const roleLabel = (role: string) => (isBuiltInRole(role) ? BUILT_IN_ROLES[role].label : role)

export const useCan = (permission: RoutePermission) => useAccess().can(permission)

/**
 * An answer whose fields marked `needs(...)` in its shared schema may be left out for this member
 * (the server drops them): the screens read it through this type so they test before they show.
 */
export type MaybeWithout<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>

export type { Permission }

/**
 * An Owner looks at the back office as a role sees it, read-only (the server refuses every change
 * meanwhile), and comes back. Every cached answer is dropped both ways: they were the other view's.
 */
export function useViewAs() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const switched = async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== staffAdminContract.me.path })
    await queryClient.invalidateQueries({ queryKey: [staffAdminContract.me.path] })
    await navigate('/admin/dashboard')
  }
  const start = useMutation({
    mutationFn: (role: string) => call(staffAdminContract.viewAs, { body: { role } }),
    onSuccess: switched,
    onError: (error) => toastFailure('Could not view as that role', error),
  })
  const stop = useMutation({
    mutationFn: () => call(staffAdminContract.stopViewingAs),
    onSuccess: switched,
    onError: (error) => toastFailure('Could not stop viewing as that role', error),
  })
  return { start, stop }
}
