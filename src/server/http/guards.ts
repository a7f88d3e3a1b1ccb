import type { FastifyRequest } from 'fastify'
import {
  DEACTIVATED_MESSAGE,
  firstMissing,
  missingPermissionMessage,
  type Permission,
  type RoutePermission,
  TWO_FACTOR_SETUP_MESSAGE,
  VIEWING_AS_MESSAGE,
} from '../../shared/staff/permissions'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const VIEW_AS_PATH = '/api/admin/view-as'
const ME_PATH = '/api/admin/me'

import { forbidden, unauthenticated } from '../errors'
import type { SessionUser } from '../modules/accounts/session-service'

/** preHandler guards: 401 for anonymous visitors, 403 for customers on admin routes. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.session.user())) throw unauthenticated()
}

/** Whether the signed-in account may do what `permission` names (a customer never may). */
export const can = (user: Pick<SessionUser, 'permissions'> | null | undefined, permission: Permission) =>
  user?.permissions.includes(permission) ?? false

/**
 * The back office's guard (plugins/admin-scope.ts): 401 for visitors, 403 for customers, and 403
 * naming what is missing for a member whose role does not include the route's permission. Deny
 * by default: the scope refuses to register a route that declares none.
 */
export async function requireStaffPermission(request: FastifyRequest): Promise<void> {
  const { permission } = request.routeOptions.config
  if (!permission) throw forbidden('Administrator access required')
  await requirePermission(request, permission)
}

/** A route outside the admin scope that serves members with `permission` (and nobody else). */
export async function requirePermission(request: FastifyRequest, permission: RoutePermission) {
  const user = await request.session.user()
  if (!user) throw unauthenticated()
  if (!user.isAdmin) throw forbidden('Administrator access required')
  if (!user.active) throw forbidden(DEACTIVATED_MESSAGE)
  // Viewing as a role is looking, not acting: every change is refused but the way out.
  if (user.viewingAs && MUTATING.has(request.method) && request.routeOptions.url !== VIEW_AS_PATH)
    throw forbidden(VIEWING_AS_MESSAGE)
  // Until a second factor is on, the member may only learn why (their own /api/admin/me).
  if (user.twoFactorPending && request.routeOptions.url !== ME_PATH) throw forbidden(TWO_FACTOR_SETUP_MESSAGE)
  const missing = firstMissing(permission, user.permissions)
  if (missing) throw forbidden(missingPermissionMessage(missing))
}

/** The signed-in user inside a handler behind requireUser/requireStaffPermission. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.session.user()
  if (!user) throw unauthenticated()
  return user
}
