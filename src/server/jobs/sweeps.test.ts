import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rateLimits } from '../limits/schema'
import { sessions } from '../modules/accounts/schema'
import { SESSION_TTL_MS } from '../modules/accounts/session-service'
import { cartItems } from '../modules/cart/schema'
import { type CHECKOUT_ATTEMPT_STATUSES, checkoutAttempts } from '../modules/checkout/schema'
import { blogPosts, blogPostViews } from '../modules/journal/schema'
import { newsletters } from '../modules/newsletter/schema'
import { insertProduct } from '../test/factories'
import { shopForFile } from '../test/helpers'
import { SweepRunner } from './runner'
import { SWEEPS } from './sweeps'

const t = shopForFile()

// A fixed clock a year after the shop opened; every row is dated against it.
const NOW = new Date('2031-06-01T12:00:00Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms)
const ahead = (ms: number) => new Date(NOW.getTime() + ms)
const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const silent = { info: () => {}, warn: () => {} }

const sid = () => randomBytes(16).toString('hex')

async function session(data: object, expire: Date) {
  const id = sid()
  await t.handle.db.insert(sessions).values({ sid: id, sess: data, expire })
  return id
}

async function attempt(fields: {
  sessionId: string | null
  createdAt: Date
  status?: (typeof CHECKOUT_ATTEMPT_STATUSES)[number]
}) {
  const [row] = await t.handle.db
    .insert(checkoutAttempts)
    .values({
      paymentIntentId: `pi_${randomBytes(8).toString('hex')}`,
      sessionId: fields.sessionId,
      form: {},
      cartSnapshot: {},
      amount: 1000,
      status: fields.status ?? 'pending',
      createdAt: fields.createdAt,
    })
    .returning()
  return row!.id
}

const exists = async (table: typeof sessions, id: string) =>
  (await t.handle.db.select().from(table).where(eq(table.sid, id))).length === 1

describe('data sweeps', () => {
  it('clear a year of litter and keep everything still in use', async () => {
    const db = t.handle.db
    const piece = await insertProduct(db)

    // Sessions: a year-old expired one, a live signed-in one, an empty guest made two days ago
    // (a refused request's), a guest with a cart, a guest paying right now, a fresh empty guest.
    const expired = await session({ userId: 1 }, ago(DAY))
    const signedIn = await session({ userId: 1 }, ahead(SESSION_TTL_MS - 2 * DAY))
    const emptyOld = await session({}, ahead(SESSION_TTL_MS - 2 * DAY))
    const withCart = await session({}, ahead(SESSION_TTL_MS - 2 * DAY))
    const paying = await session({}, ahead(SESSION_TTL_MS - 2 * DAY))
    const emptyFresh = await session({}, ahead(SESSION_TTL_MS - HOUR))
    await db.insert(cartItems).values({ sessionId: withCart, productId: piece.id })
    await db.insert(cartItems).values({ sessionId: expired, productId: piece.id })
    await db.insert(cartItems).values({ sessionId: 'gone-long-ago', productId: piece.id })
    const payingAttempt = await attempt({ sessionId: paying, createdAt: ago(HOUR) })

    // Checkout attempts: abandoned two days ago (the reconciliation found it never paid, so
    // failed), one as old the provider was not asked about yet, and a refunded one (the record of
    // money sent back).
    const abandoned = await attempt({ sessionId: null, createdAt: ago(2 * DAY), status: 'failed' })
    const unasked = await attempt({ sessionId: null, createdAt: ago(2 * DAY) })
    const refunded = await attempt({ sessionId: null, createdAt: ago(30 * DAY), status: 'refunded' })

    // Rate-limit counters: a window that closed months ago, one still open.
    await db.insert(rateLimits).values([
      { key: 'rl:old', count: 3, resetAt: ago(90 * DAY) },
      { key: 'rl:open', count: 3, resetAt: ahead(HOUR) },
    ])

    // A journal post's view marks: yesterday's reader counts again, this morning's does not yet.
    const [post] = await db
      .insert(blogPosts)
      .values({
        title: 'Caring for jade',
        slug: 'caring-for-jade',
        content: 'Wipe it with a soft cloth.',
        category: 'Care',
      })
      .returning()
    await db.insert(blogPostViews).values([
      { postId: post!.id, visitor: 'yesterday', viewedAt: ago(DAY + HOUR) },
      { postId: post!.id, visitor: 'this-morning', viewedAt: ago(3 * HOUR) },
    ])

    // Newsletter addresses: one nobody confirmed in 8 days goes; one typed 6 days ago still waits;
    // a subscriber of a year stays.
    await db.insert(newsletters).values([
      { email: 'never-confirmed@example.com', createdAt: ago(8 * DAY) },
      { email: 'still-waiting@example.com', createdAt: ago(6 * DAY) },
      { email: 'subscriber@example.com', createdAt: ago(365 * DAY), confirmedAt: ago(365 * DAY) },
    ])

    const runner = new SweepRunner({ db, sweeps: SWEEPS, log: silent, now: () => NOW, batch: 2 })
    const removed = await runner.runOnce()
    expect(removed).toEqual({
      'expired sessions': 1,
      'empty guest sessions': 1,
      'stale rate-limit counters': 1,
      'abandoned checkout attempts': 1,
      'cart lines of sessions gone': 2,
      'cart discount codes of sessions gone': 0,
      'journal view marks': 1,
      'unconfirmed newsletter addresses': 1,
    })
    const addresses = await db.select({ email: newsletters.email }).from(newsletters)
    expect(addresses.map((row) => row.email).sort()).toEqual([
      'still-waiting@example.com',
      'subscriber@example.com',
    ])
    const marks = await db.select({ visitor: blogPostViews.visitor }).from(blogPostViews)
    expect(marks.map((mark) => mark.visitor)).toEqual(['this-morning'])

    expect(await exists(sessions, expired)).toBe(false)
    expect(await exists(sessions, emptyOld)).toBe(false)
    for (const kept of [signedIn, withCart, paying, emptyFresh])
      expect(await exists(sessions, kept)).toBe(true)
    const lines = await db.select().from(cartItems)
    expect(lines.map((line) => line.sessionId)).toEqual([withCart])
    const attempts = (await db.select({ id: checkoutAttempts.id }).from(checkoutAttempts)).map(
      (row) => row.id,
    )
    expect(attempts.sort()).toEqual([payingAttempt, unasked, refunded].sort())
    expect(attempts).not.toContain(abandoned)
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)
    expect(keys).toEqual(['rl:open'])

    // A second round finds nothing left.
    expect(Object.values((await runner.runOnce())!).every((n) => n === 0)).toBe(true)
  })

  it('goes through a large backlog batch by batch', async () => {
    const db = t.handle.db
    await db.execute(sql`insert into rate_limits (key, count, reset_at)
      select 'rl:backlog:' || n, 1, ${ago(DAY)}::timestamptz from generate_series(1, 250) n`)
    const runner = new SweepRunner({ db, sweeps: SWEEPS, log: silent, now: () => NOW, batch: 40 })
    expect((await runner.runOnce())!['stale rate-limit counters']).toBe(250)
  })

  it('lets one instance sweep at a time', async () => {
    if (t.database.location.driver !== 'postgres') return // one connection: nobody to race
    const db = t.handle.db
    await db.insert(rateLimits).values({ key: 'rl:contended', count: 1, resetAt: ago(DAY) })
    const runner = new SweepRunner({ db, sweeps: SWEEPS, log: silent, now: () => NOW })
    // Another instance holds the lock: this one skips the round and deletes nothing.
    const skipped = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x6a616465})`)
      return runner.runOnce()
    })
    expect(skipped).toBeNull()
    expect((await runner.runOnce())!['stale rate-limit counters']).toBe(1)
  })
})
