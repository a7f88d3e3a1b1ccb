import { z } from 'zod'
import { normalizeIdentity } from '../accounts/identity'
import { endpoint } from '../contract'
import { listAnswer, messageAnswer, timestamp } from '../wire'
import { ALL_PERMISSIONS, type Permission } from './permissions'

// The team (issue 35): the signed-in member's own permissions, the roles, and the staff list.
// The routes are inside the admin scope.

const id = (missing: string) =>
  z.object({
    id: z.coerce
      .number({ error: missing })
      .int()
      .positive()
      .max(2 ** 31 - 1),
  })

const permissionSchema = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], {
  error: (issue) => `Unknown permission: ${String(issue.input)}`,
})

export const roleInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(40, 'Name must be at most 40 characters')
    .refine((name) => /[a-z0-9]/i.test(name), 'Name must contain a letter or a digit'),
  permissions: z
    .array(permissionSchema, { error: 'Permissions must be a list' })
    .min(1, 'Choose at least one permission')
    .transform((permissions) => [...new Set(permissions)]),
})
export type RoleInput = z.input<typeof roleInputSchema>

export const roleAnswer = z.object({
  id: z.number().int(),
  /** `owner`, `manager`, `packer`, `bookkeeper`, `show-assistant`, `editor`, or a custom role's slug. */
  name: z.string(),
  label: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  /** Members who hold it, deactivated ones included. */
  members: z.number().int(),
})
export type RoleAnswer = z.input<typeof roleAnswer>

export const staffMemberAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: timestamp.nullable(),
  active: z.boolean(),
})
export type StaffMember = z.input<typeof staffMemberAnswer>

export const staffUpdateSchema = z
  .object({
    role: z
      .string({ error: 'Role must be a role name' })
      .trim()
      .min(1, 'Role must be a role name')
      .optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.active !== undefined, 'Nothing to change')

export const invitationInputSchema = z.object({
  email: z
    .email({ error: 'Enter a valid e-mail address' })
    .trim()
    .max(254, 'Enter a valid e-mail address')
    .overwrite(normalizeIdentity),
  role: z.string({ error: 'Choose a role' }).trim().min(1, 'Choose a role'),
})
export type InvitationInput = z.input<typeof invitationInputSchema>

/** An invitation not yet accepted (an expired one stays listed until resent or withdrawn). */
export const invitationAnswer = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
})
export type Invitation = z.input<typeof invitationAnswer>

export const meAnswer = z.object({
  username: z.string(),
  /** The role the back office shows: the viewed one while an Owner views as a role. */
  role: z.string(),
  permissions: z.array(z.string()),
  /** Set while an Owner views the back office as this role, read-only. */
  viewingAs: z.string().nullable(),
  /** The member must turn on two-factor sign-in before anything else (their permissions are none till then). */
  twoFactorPending: z.boolean(),
})
export type Me = z.input<typeof meAnswer>

export const staffAdminContract = {
  me: endpoint({
    method: 'GET',
    permission: 'staff',
    path: '/api/admin/me',
    response: { 200: meAnswer },
  }),
  /** An Owner sees the back office as a role sees it, read-only, until they stop. */
  viewAs: endpoint({
    method: 'PUT',
    permission: 'staff:manage',
    path: '/api/admin/view-as',
    body: z.object({ role: z.string({ error: 'Choose a role' }).trim().min(1, 'Choose a role') }),
    response: { 200: meAnswer },
  }),
  stopViewingAs: endpoint({
    method: 'DELETE',
    permission: 'staff',
    path: '/api/admin/view-as',
    response: { 200: meAnswer },
  }),
  roles: endpoint({
    method: 'GET',
    permission: 'staff:manage',
    path: '/api/admin/roles',
    response: { 200: listAnswer(roleAnswer) },
  }),
  createRole: endpoint({
    method: 'POST',
    permission: 'staff:manage',
    path: '/api/admin/roles',
    body: roleInputSchema,
    response: { 201: roleAnswer },
  }),
  updateRole: endpoint({
    method: 'PUT',
    permission: 'staff:manage',
    path: '/api/admin/roles/:id',
    params: id('Role not found'),
    body: roleInputSchema,
    response: { 200: roleAnswer },
  }),
  removeRole: endpoint({
    method: 'DELETE',
    permission: 'staff:manage',
    path: '/api/admin/roles/:id',
    params: id('Role not found'),
    response: { 200: messageAnswer },
  }),
  staff: endpoint({
    method: 'GET',
    permission: 'staff:manage',
    path: '/api/admin/staff',
    response: { 200: listAnswer(staffMemberAnswer) },
  }),
  invitations: endpoint({
    method: 'GET',
    permission: 'staff:manage',
    path: '/api/admin/staff/invitations',
    response: { 200: listAnswer(invitationAnswer) },
  }),
  /** The same answer whether or not the address already has an account. */
  invite: endpoint({
    method: 'POST',
    permission: 'staff:manage',
    path: '/api/admin/staff/invitations',
    body: invitationInputSchema,
    response: { 201: messageAnswer },
  }),
  /** A new link, good for another 72 hours; the one sent before stops working. */
  resendInvitation: endpoint({
    method: 'POST',
    permission: 'staff:manage',
    path: '/api/admin/staff/invitations/:id/resend',
    params: id('Invitation not found'),
    response: { 200: messageAnswer },
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    permission: 'staff:manage',
    path: '/api/admin/staff/invitations/:id',
    params: id('Invitation not found'),
    response: { 200: messageAnswer },
  }),
  updateMember: endpoint({
    method: 'PUT',
    permission: 'staff:manage',
    path: '/api/admin/staff/:id',
    params: id('Staff member not found'),
    body: staffUpdateSchema,
    response: { 200: staffMemberAnswer },
  }),
}
