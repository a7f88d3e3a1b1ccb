// Accounts: the users, how they sign in (two-factor recovery codes, sessions) and their audit trail.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '../../db/columns'
import { roles } from '../staff/schema'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** argon2id hash, never the password itself. */
    password: text('password').notNull(),
    /** A member of the shop's team: true exactly when the account has a role (Make Admin gives Owner). */
    isAdmin: boolean('is_admin').notNull().default(false),
    roleId: integer('role_id').references(() => roles.id),
    /** A deactivated member keeps the account and its history but cannot use the back office. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    phone: text('phone'),
    /** SHA-256 of the reset token: a leaked database row cannot be used to reset a password. */
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', { withTimezone: true }),
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    /**
     * The TOTP secret, AES-256-GCM encrypted with a key derived from SESSION_SECRET (never in
     * clear). Set by setup; it signs in only once `twoFactorEnabled` (a code confirmed it).
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice (RFC 6238 §5.2). */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** Too many wrong codes: the code step waits until then (modules/accounts/two-factor-limits.ts). */
    twoFactorWaitUntil: timestamp('two_factor_wait_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Both are stored normalised (shared/accounts/identity.ts), so uniqueness is on the values themselves:
    // lower() would fold some letters unlike the application does.
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    check('users_admin_role_check', sql`${t.isAdmin} = (${t.roleId} is not null)`),
  ],
)

/** Single-use recovery codes of two-factor sign-in: only their SHA-256, a used one is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
)

/**
 * An account's audit trail: every change to how it signs in (two-factor sign-in, the password, the
 * e-mail address), by its owner or by the shop (`actor`), kept beside the notice mailed about it;
 * and every change to its place on the team (its role, deactivation), made by a member (issue 35).
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A SecurityChange (modules/accounts/security-notices.ts). */
    kind: text('kind').notNull(),
    /**
     * 'owner' (the account's own session or reset link), what acted for the shop
     * ('admin:reset-two-factor'), or the username of the member of the team who acted.
     */
    actor: text('actor').notNull(),
    /** The acting member's role at the time, when a member of the team acted. */
    actorRole: text('actor_role'),
    /** What changed, in words, where the kind alone does not say ("packer → manager"). */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
)

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
)

export interface SessionData {
  userId?: number
  /** The role an Owner is looking at the back office through, read-only (issue 35). */
  viewAs?: string
  /**
   * The gift cards applied to the cart (issue 36), by id in the order applied: checkout reads them
   * from the session it loads anyway, so an order without them costs no query. Never their codes.
   */
  giftCardIds?: number[]
}
