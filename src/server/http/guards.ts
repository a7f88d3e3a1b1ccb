import type { FastifyRequest } from 'fastify'
import { forbidden, unauthenticated } from '../errors'
import type { UserRow } from '../modules/accounts/session-service'

/** preHandler guards: 401 for anonymous visitors, 403 for customers on admin routes. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.session.user())) throw unauthenticated()
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.session.user()
  if (!user) throw unauthenticated()
  if (!user.isAdmin) throw forbidden('Administrator access required')
}

/** The signed-in user inside a handler behind requireUser/requireAdmin. */
export async function currentUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.session.user()
  if (!user) throw unauthenticated()
  return user
}
