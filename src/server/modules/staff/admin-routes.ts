import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffAdminContract as contract } from '../../../shared/staff/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { currentUser } from '../../http/guards'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { type SessionUser, setViewAs } from '../accounts/session-service'
import {
  INVITATION_SENT_MESSAGE,
  type InvitationContext,
  inviteMember,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from './invitations'
import {
  createRole,
  listRoles,
  listStaff,
  removeRole,
  startViewingAs,
  updateMember,
  updateRole,
} from './service'

/** The team's calls (issue 35); registered inside the admin scope (plugins/admin-scope.ts). */
export const staffAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  invitations: InvitationContext
  onMailQueued: () => void
}> = async (app, { db, invitations, onMailQueued }) => {
  const me = ({ username, role, permissions, viewingAs, twoFactorPending }: SessionUser) => ({
    username,
    role: viewingAs ?? role ?? '',
    permissions,
    viewingAs,
    twoFactorPending,
  })

  app.get(contract.me.path, { schema: schemaOf(contract.me) }, async (request) =>
    me(await currentUser(request)),
  )

  app.put(
    contract.viewAs.path,
    { schema: schemaOf(contract.viewAs), config: { leavesCatalogAlone: true } },
    async (request) => {
      const member = await currentUser(request)
      await startViewingAs(db, member, (await request.session.id())!, request.body.role)
      return me((await request.session.reload())!)
    },
  )

  app.delete(
    contract.stopViewingAs.path,
    { schema: schemaOf(contract.stopViewingAs), config: { leavesCatalogAlone: true } },
    async (request) => {
      await setViewAs(db, (await request.session.id())!, null)
      return me((await request.session.reload())!)
    },
  )

  app.get(contract.roles.path, { schema: schemaOf(contract.roles) }, () => listRoles(db))

  app.post(contract.createRole.path, { schema: schemaOf(contract.createRole) }, async (request, reply) =>
    reply.status(201).send(await createRole(db, await currentUser(request), request.body)),
  )

  app.put(contract.updateRole.path, { schema: schemaOf(contract.updateRole) }, async (request) =>
    updateRole(db, await currentUser(request), request.params.id, request.body),
  )

  app.delete(contract.removeRole.path, { schema: schemaOf(contract.removeRole) }, async (request) =>
    removeRole(db, await currentUser(request), request.params.id),
  )

  app.get(contract.staff.path, { schema: schemaOf(contract.staff) }, () => listStaff(db))

  app.put(contract.updateMember.path, { schema: schemaOf(contract.updateMember) }, async (request) =>
    updateMember(db, await currentUser(request), request.params.id, request.body),
  )

  app.get(contract.invitations.path, { schema: schemaOf(contract.invitations) }, () => listInvitations(db))

  app.post(
    contract.invite.path,
    {
      schema: schemaOf(contract.invite),
      config: { rateLimit: RATE_LIMITS.staffInvitation, leavesCatalogAlone: true },
    },
    async (request, reply) => {
      await inviteMember(db, invitations, await currentUser(request), request.body)
      onMailQueued()
      return reply.status(201).send({ message: INVITATION_SENT_MESSAGE })
    },
  )

  app.post(
    contract.resendInvitation.path,
    {
      schema: schemaOf(contract.resendInvitation),
      config: { rateLimit: RATE_LIMITS.staffInvitation, leavesCatalogAlone: true },
    },
    async (request) => {
      await resendInvitation(db, invitations, await currentUser(request), request.params.id)
      onMailQueued()
      return { message: INVITATION_SENT_MESSAGE }
    },
  )

  app.delete(
    contract.withdrawInvitation.path,
    { schema: schemaOf(contract.withdrawInvitation), config: { leavesCatalogAlone: true } },
    async (request) => {
      await withdrawInvitation(db, await currentUser(request), request.params.id)
      return { message: 'Invitation withdrawn' }
    },
  )
}
