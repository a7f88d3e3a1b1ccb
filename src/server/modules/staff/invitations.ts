import { randomBytes } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { normalizeIdentity } from '../../../shared/accounts/identity'
import type { Page } from '../../../shared/admin/list'
import { INVITATION_INVALID_MESSAGE, type InvitationPreview } from '../../../shared/staff/contract'
import { roleNeedsTwoFactor } from '../../../shared/staff/permissions'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, invalid, notFound } from '../../errors'
import { hashPassword } from '../accounts/passwords'
import { users } from '../accounts/schema'
import type { MailLinks } from '../accounts/security-notices'
import type { UserRow } from '../accounts/session-service'
import { enqueueMails } from '../mail/outbox'
import { staffInvitationMail } from '../mail/templates/account-mails'
import { SignedTokens } from '../signed-links/signed-token'
import { permissionsOf, type RoleRow } from './roles'
import { roles, staffInvitations } from './schema'
import { type Actor, mustHoldAll } from './service'

// Inviting a member (issue 35). The link is signed over the invitation's id and a nonce
// (signed-links/signed-token.ts), bound to the purpose and expiring in 72 hours; the row keeps
// the nonce, so resending (a new nonce) voids the old link, and accepting marks the row used.

export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000
export const INVITATION_SENT_MESSAGE = 'Invitation sent'

const PURPOSE = { salt: 'jade-shop staff', info: 'invitation token v1', fields: 2, expires: true }
const SUBJECT = 'staff-invitation'

export class InvitationTokens {
  private readonly tokens: SignedTokens
  constructor(sessionSecret: string) {
    this.tokens = new SignedTokens(sessionSecret, PURPOSE)
  }
  sign(id: number, nonce: string, expiresAt: Date): string {
    return this.tokens.sign(SUBJECT, [String(id), nonce], expiresAt.getTime())
  }
  open(token: string): { id: number; nonce: string } | undefined {
    const [id, nonce] = this.tokens.open(SUBJECT, token) ?? []
    return id && nonce && /^\d{1,10}$/.test(id) ? { id: Number(id), nonce } : undefined
  }
}

export interface InvitationContext {
  links: MailLinks
  tokens: InvitationTokens
}

const newNonce = () => randomBytes(16).toString('base64url')

type InvitingActor = Actor & { username: string; role: string | null }

async function roleNamed(db: Database, name: string) {
  const [role] = await db.select().from(roles).where(eq(roles.name, name))
  if (!role) throw invalid('Choose a role', 'role')
  return role
}

/**
 * Queues the invitation's e-mail and answers the same whether or not the address already has an
 * account: the owner's screen must not be a way to learn who shops here.
 */
export async function inviteMember(
  db: Database,
  context: InvitationContext,
  actor: InvitingActor,
  input: { email: string; role: string },
): Promise<void> {
  const role = await roleNamed(db, input.role)
  mustHoldAll(actor, permissionsOf(role))
  const email = normalizeIdentity(input.email)
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS)
  await db.transaction(async (tx) => {
    // One open invitation per address: a second replaces the first (and its link), if the
    // inviter could have sent that one too.
    const replaced = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt)))
      .returning({ roleId: staffInvitations.roleId })
    for (const { roleId } of replaced) {
      const [earlier] = await tx.select().from(roles).where(eq(roles.id, roleId))
      if (earlier) mustHoldAll(actor, permissionsOf(earlier))
    }
    const nonce = newNonce()
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        roleId: role.id,
        nonce,
        invitedById: actor.id,
        invitedBy: actor.username,
        invitedByRole: actor.role,
        expiresAt,
      })
      .returning({ id: staffInvitations.id })
    await enqueueMails(tx, [
      invitationMail(context, row!.id, nonce, expiresAt, email, role.label, actor.username),
    ])
  })
}

function invitationMail(
  { links, tokens }: InvitationContext,
  id: number,
  nonce: string,
  expiresAt: Date,
  email: string,
  roleLabel: string,
  invitedBy: string | null,
) {
  const url = `${links.publicUrl}/staff/invitation?token=${encodeURIComponent(tokens.sign(id, nonce, expiresAt))}`
  return staffInvitationMail(email, { url, roleLabel, invitedBy }, links.store)
}

export async function listInvitations(db: Database) {
  const items = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: roles.name,
      invitedBy: staffInvitations.invitedBy,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
    .where(isNull(staffInvitations.acceptedAt))
    .orderBy(asc(staffInvitations.createdAt))
  return { items, total: items.length } satisfies Page<unknown>
}

async function openInvitation(db: Database, id: number) {
  const [row] = await db
    .select({ invitation: staffInvitations, role: roles })
    .from(staffInvitations)
    .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
  if (!row) throw notFound('Invitation not found')
  return row
}

/** A new link, good for another 72 hours; the one sent before stops working. */
export async function resendInvitation(
  db: Database,
  context: InvitationContext,
  actor: InvitingActor,
  id: number,
) {
  const { role } = await openInvitation(db, id)
  mustHoldAll(actor, permissionsOf(role))
  const nonce = newNonce()
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ nonce, expiresAt, invitedById: actor.id, invitedBy: actor.username, invitedByRole: actor.role })
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
      .returning({ email: staffInvitations.email })
    if (!row) throw notFound('Invitation not found')
    await enqueueMails(tx, [
      invitationMail(context, id, nonce, expiresAt, row.email, role.label, actor.username),
    ])
  })
}

export async function withdrawInvitation(db: Database, actor: Actor, id: number) {
  const { role } = await openInvitation(db, id)
  mustHoldAll(actor, permissionsOf(role))
  await db.delete(staffInvitations).where(eq(staffInvitations.id, id))
}

/** The invitation a token opens, still open and not expired; 400 with one message otherwise. */
async function invitationOf(db: Database, tokens: InvitationTokens, token: string) {
  const opened = tokens.open(token)
  if (!opened) throw invalid(INVITATION_INVALID_MESSAGE)
  const [row] = await db
    .select({ invitation: staffInvitations, role: roles })
    .from(staffInvitations)
    .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
    .where(
      and(
        eq(staffInvitations.id, opened.id),
        eq(staffInvitations.nonce, opened.nonce),
        isNull(staffInvitations.acceptedAt),
        sql`${staffInvitations.expiresAt} > now()`,
      ),
    )
  if (!row) throw invalid(INVITATION_INVALID_MESSAGE)
  // An invitation is only as good as its sender is now: one sent by a member since deactivated,
  // removed or given a narrower role no longer opens the team.
  if (!(await inviterStillMay(db, row.invitation.invitedById, row.role)))
    throw invalid(INVITATION_INVALID_MESSAGE)
  return row
}

async function inviterStillMay(db: Database, inviterId: number | null, role: RoleRow) {
  if (inviterId === null) return false
  const [inviter] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, inviterId))
  if (!inviter?.user.active) return false
  const held = permissionsOf(inviter.role)
  return held.includes('staff:manage') && permissionsOf(role).every((permission) => held.includes(permission))
}

export async function previewInvitation(
  db: Database,
  tokens: InvitationTokens,
  token: string,
): Promise<InvitationPreview> {
  const { invitation, role } = await invitationOf(db, tokens, token)
  return {
    email: invitation.email,
    role: role.name,
    roleLabel: role.label,
    twoFactorRequired: roleNeedsTwoFactor(role.name, permissionsOf(role)),
  }
}

/**
 * Makes the member's account with the invitation's address and role. The invitation is taken in
 * the same statement that checks it is still open, so two tabs accepting one link make one account.
 */
export async function acceptInvitation(
  db: Database,
  tokens: InvitationTokens,
  input: { token: string; username: string; password: string },
): Promise<UserRow> {
  const { invitation } = await invitationOf(db, tokens, input.token)
  const username = normalizeIdentity(input.username)
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date() })
        .where(
          and(
            eq(staffInvitations.id, invitation.id),
            eq(staffInvitations.nonce, invitation.nonce),
            isNull(staffInvitations.acceptedAt),
          ),
        )
        .returning({ id: staffInvitations.id })
      if (!taken) throw invalid(INVITATION_INVALID_MESSAGE)
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, invitation.email))
      if (existing)
        throw conflict(
          'This e-mail address already has an account. Ask the shop owner to give that account its role from the Staff page.',
        )
      const [row] = await tx
        .insert(users)
        .values({
          username,
          password: passwordHash,
          email: invitation.email,
          isAdmin: true,
          roleId: invitation.roleId,
          lastSignInAt: new Date(),
        })
        .returning()
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Username already exists', 'username')
    throw error
  }
}
