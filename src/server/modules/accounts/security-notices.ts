import { formatDeadline } from '../../../shared/shop-dates/date-time'
import type { StoreInfo } from '../../../shared/ssr'
import type { Config } from '../../config'
import type { DbOrTx } from '../../db/client'
import { enqueueMails } from '../mail/outbox'
import { securityNoticeMail } from '../mail/templates/account-mails'
import { trimSlash } from '../mail/templates/layout'
import { storeInfo } from '../store/store-info'
import { accountEvents } from './schema'

/** What the shop's mails need to know of the shop: its name and clock, and its home page. */
export interface MailLinks {
  publicUrl: string
  store: StoreInfo
}

/** Every change to how an account signs in; its owner hears of each one. */
export type SecurityChange =
  | 'two-factor-on'
  | 'two-factor-off'
  | 'two-factor-reset'
  | 'recovery-codes'
  | 'password-changed'
  | 'password-reset'
  | 'email-changed'
  | 'two-factor-wait'

const NOTICES: Record<SecurityChange, { subject: string; what: string }> = {
  'two-factor-on': {
    subject: 'two-factor sign-in was turned on',
    what: 'Two-factor sign-in was turned on for your account',
  },
  'two-factor-off': {
    subject: 'two-factor sign-in was turned off',
    what: 'Two-factor sign-in was turned off for your account',
  },
  'two-factor-reset': {
    subject: 'two-factor sign-in was turned off',
    what: 'Two-factor sign-in was turned off for your account by the shop',
  },
  'recovery-codes': {
    subject: 'new recovery codes',
    what: 'New two-factor recovery codes were made for your account (the earlier ones no longer work)',
  },
  'password-changed': {
    subject: 'your password was changed',
    what: 'The password of your account was changed',
  },
  'password-reset': {
    subject: 'your password was reset',
    what: 'The password of your account was reset with a link sent to this address',
  },
  'email-changed': {
    subject: 'your e-mail address was changed',
    what: 'The e-mail address of your account was changed',
  },
  // Not a change the owner made: wrong codes after the right password (two-factor-limits.ts).
  'two-factor-wait': {
    subject: 'wrong two-factor codes',
    what: 'Your password was entered correctly, then 5 wrong two-factor codes: signing in to your account now waits 15 minutes',
  },
}

/** A member of the team acting in the back office, with their role at the time (issue 35). */
export interface StaffActor {
  username: string
  role: string | null
}

/**
 * Who made a change: the account's owner (their session or reset link), a member of the team
 * (the back office), a server command (`admin:reset-two-factor`; `server` for ADMIN_PASSWORD and
 * admin:create), or sign-in attempts (the two-factor wait).
 */
export type SecurityActor = 'owner' | StaffActor | 'admin:reset-two-factor' | 'server' | 'sign-in'

/** Changes to a member's place on the team: audited, not mailed (the member sees them at once). */
export type StaffChange = 'role-changed' | 'deactivated' | 'reactivated' | 'made-admin' | 'admin-removed'

/** Writes one line of the account's audit trail, naming a member's role when a member acted. */
async function recordAccountEvent(
  db: DbOrTx,
  userId: number,
  kind: SecurityChange | StaffChange,
  actor: SecurityActor,
  detail?: string,
): Promise<Date> {
  const [name, actorRole] = typeof actor === 'string' ? [actor, null] : [actor.username, actor.role]
  const [event] = await db
    .insert(accountEvents)
    .values({ userId, kind, actor: name, actorRole, detail })
    .returning({ at: accountEvents.createdAt })
  return event?.at ?? new Date()
}

/** Audits a change to a member's role or standing, in the transaction that makes it. */
export async function recordStaffChange(
  db: DbOrTx,
  userId: number,
  change: StaffChange,
  actor: StaffActor,
  detail?: string,
): Promise<void> {
  await recordAccountEvent(db, userId, change, actor, detail)
}

/** The links of a process without the app (start-up, server commands). */
export function mailLinksFrom(config: Config): MailLinks {
  return { publicUrl: config.publicUrl ?? `http://localhost:${config.port}`, store: storeInfo(config) }
}

/**
 * Writes `change` into the account's audit trail and queues its notice to each address (the
 * account's, and the old one when the address itself changed). Pass the transaction that makes
 * the change: the record and the notice exist if and only if it committed.
 */
export async function recordSecurityChange(
  db: DbOrTx,
  account: { id: number; addresses: (string | null | undefined)[] },
  change: SecurityChange,
  links: MailLinks,
  actor: SecurityActor = 'owner',
): Promise<void> {
  const at = await recordAccountEvent(db, account.id, change, actor)
  const to = [...new Set(account.addresses.filter((address): address is string => Boolean(address)))]
  if (to.length === 0) return
  const notice = { ...NOTICES[change], when: formatDeadline(at, links.store.timeZone) }
  const home = `${trimSlash(links.publicUrl)}/`
  await enqueueMails(
    db,
    to.map((address) => securityNoticeMail(address, notice, links.store, home)),
  )
}
