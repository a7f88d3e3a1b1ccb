import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// The team's roles (issue 35). A built-in role's row holds only its name: its permissions are the
// code's (shared/staff/permissions.ts), so an Owner gains what a later release adds. A custom
// role's permissions are its own, checked against the same list when it is saved.
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    /** `owner`, `manager`, … for the built-in ones; a custom role's slug otherwise. */
    name: text('name').notNull(),
    label: text('label').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_name_key').on(t.name),
    check('roles_name_check', sql`${t.name} ~ '^[a-z0-9][a-z0-9-]{0,39}$'`),
  ],
)

/**
 * An invitation to join the team with a role (issue 35). Its link is signed over the id and the
 * nonce: resending draws a new nonce, so only the latest link works, and accepting marks it used.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    /** Normalised (shared/accounts/identity.ts). */
    email: text('email').notNull(),
    /** Removing a custom role withdraws its invitations. */
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    /** Who sent it (their account, checked again when the invitation is accepted), and their role then, by name. */
    invitedById: integer('invited_by_id'),
    invitedBy: text('invited_by'),
    invitedByRole: text('invited_by_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('staff_invitations_email_idx').on(t.email)],
)
