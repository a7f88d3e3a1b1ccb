import type { FastifyRequest } from 'fastify'
import type { UserRow } from '../modules/accounts/session-service'
import { forbidden, unauthorized } from './errors'

/** preHandler guards: 401 for anonymous visitors, 403 for customers on admin routes. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.session.user())) throw unauthorized()
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.session.user()
  if (!user) throw unauthorized()
  if (!user.isAdmin) throw forbidden('Administrator access required')
}

/** The signed-in user inside a handler behind requireUser/requireAdmin. */
export async function currentUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.session.user()
  if (!user) throw unauthorized()
  return user
}
