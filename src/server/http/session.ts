import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SESSION_HINT_COOKIE } from '../../shared/accounts/session-hint'
import type { StaffSecurity } from '../../shared/settings/schema'
import type { Database } from '../db/client'
import {
  createSession,
  destroySession,
  type LoadedSession,
  loadSession,
  rotateSession,
  SESSION_TTL_MS,
  type SessionUser,
} from '../modules/accounts/session-service'
import { CachedSetting } from '../modules/settings/cached-setting'
import { readStaffSecurity } from '../modules/settings/service'

export const SESSION_COOKIE = 'sid'

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession
  }
  interface FastifyInstance {
    /** Whether Owners must use two-factor sign-in, read by an Owner's session without it. */
    staffSecurity: CachedSetting<StaffSecurity>
  }
}

/**
 * The visitor's session, loaded from the database only when a handler asks for it: the catalogue
 * and static files never pay for a session lookup.
 */
export class RequestSession {
  private loaded: Promise<LoadedSession | null> | undefined
  private cookieSid: string | undefined
  private readonly hinted: boolean

  constructor(
    private readonly db: Database,
    request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly secure: boolean,
    private readonly staffSecurity?: CachedSetting<StaffSecurity>,
  ) {
    this.hinted = request.cookies[SESSION_HINT_COOKIE] === '1'
    const raw = request.cookies[SESSION_COOKIE]
    if (raw) {
      const unsigned = request.unsignCookie(raw)
      if (unsigned.valid && unsigned.value) this.cookieSid = unsigned.value
    }
  }

  /** Whether this request read (or made) the visitor's session: its answer is then theirs alone. */
  get consulted(): boolean {
    return this.loaded !== undefined
  }

  load(): Promise<LoadedSession | null> {
    this.loaded ??= this.cookieSid
      ? loadSession(this.db, this.cookieSid).then(async (session) => {
          // The hint follows the session: set for one made before it existed, cleared once it ended.
          if (session && !this.hinted) this.setHint()
          if (!session && this.hinted) this.reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' })
          const user = session?.user
          if (user?.role === 'owner' && !user.twoFactorEnabled && (await this.ownersNeedTwoFactor())) {
            user.permissions = []
            user.twoFactorPending = true
          }
          return session
        })
      : Promise.resolve(null)
    return this.loaded
  }

  /** Whether an Owner has required two-factor sign-in of every Owner (issue 35). */
  private async ownersNeedTwoFactor(): Promise<boolean> {
    return !!this.staffSecurity && (await this.staffSecurity.get(this.db)).ownersNeedTwoFactor
  }

  /** The session and its user read again, after a change to them in this request. */
  async reload(): Promise<SessionUser | null> {
    this.loaded = undefined
    return this.user()
  }

  async user(): Promise<SessionUser | null> {
    return (await this.load())?.user ?? null
  }

  /** The live session's id, if the visitor has one. */
  async id(): Promise<string | undefined> {
    return (await this.load())?.sid
  }

  /** The live session's id, creating a guest session when there is none (the cart needs one). */
  async ensureId(): Promise<string> {
    const current = await this.load()
    if (current) return current.sid
    const sid = await createSession(this.db, {})
    this.adopt(sid, { userId: undefined })
    return sid
  }

  /** Sign-in: a fresh session id for the user, carrying the guest cart along. */
  async signIn(userId: number, db = this.db): Promise<void> {
    const current = await this.load()
    // The gift cards applied to the guest cart come along with it (issue 36).
    const giftCardIds = current?.data.giftCardIds
    const sid = await rotateSession(db, current?.sid, { userId, ...(giftCardIds ? { giftCardIds } : {}) })
    this.adopt(sid, { userId })
  }

  async signOut(): Promise<void> {
    const current = await this.load()
    if (current) await destroySession(this.db, current.sid)
    this.loaded = Promise.resolve(null)
    this.cookieSid = undefined
    this.reply.clearCookie(SESSION_COOKIE, { path: '/' })
    this.reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' })
  }

  private adopt(sid: string, data: { userId: number | undefined }) {
    this.cookieSid = sid
    this.loaded = Promise.resolve({
      sid,
      data,
      expire: new Date(Date.now() + SESSION_TTL_MS),
      user: null,
    })
    this.reply.setCookie(SESSION_COOKIE, sid, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      signed: true,
      maxAge: SESSION_TTL_MS / 1000,
    })
    this.setHint()
  }

  /** Readable by scripts, and says nothing but "a session exists" (shared/accounts/session-hint.ts). */
  private setHint() {
    this.reply.setCookie(SESSION_HINT_COOKIE, '1', {
      path: '/',
      sameSite: 'lax',
      secure: this.secure,
      maxAge: SESSION_TTL_MS / 1000,
    })
  }
}

async function sessionPlugin(app: FastifyInstance, opts: { db: Database; secure: boolean }) {
  app.decorateRequest('session', null as unknown as RequestSession)
  // Read by the session of an Owner without a second factor; kept fresh by catalog-changes.ts.
  const staffSecurity = new CachedSetting(readStaffSecurity)
  app.decorate('staffSecurity', staffSecurity)
  app.addHook('onRequest', async (request, reply) => {
    request.session = new RequestSession(opts.db, request, reply, opts.secure, staffSecurity)
  })
  // An answer built from the visitor's session (who they are, their cart, their orders, anything
  // behind a guard) is never stored by a browser or a shared cache: a shared computer's next user
  // or a proxy must not be served it. Answers that never look at the session stay cacheable.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.session?.consulted) reply.header('cache-control', 'private, no-store')
    return payload
  })
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] })
