import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../../../shared/accounts/admin-contract'
import { LAST_ADMIN_MESSAGE } from '../../../shared/accounts/admin-schema'
import type { Page } from '../../../shared/admin/list'
import { ALL_PERMISSIONS } from '../../../shared/staff/permissions'
import { adminCookie, insertProduct, placeZelleOrder } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { orders } from '../orders/schema'
import { setAdmin } from './admin-service'
import { sessions, users } from './schema'

const t = shopForFile()

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  setAdmin: (id: number, isAdmin: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/admin`,
      payload: { isAdmin },
      headers: { cookie },
    }),
  remove: (id: number) => t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: { cookie } }),
})

const idOf = async (username: string) => {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return row!.id
}

describe('the accounts list', () => {
  it('pages, searches by username, e-mail or name, and filters by role, without secrets', async () => {
    const owner = as(await adminCookie(t.app, t.handle.db, 'list-owner'))
    await registerCustomer(t.app, { email: 'mei.lin@example.com', firstName: 'Mei', lastName: 'Lin' })
    await registerCustomer(t.app, { email: 'jun@example.com' })

    const all = (await owner.get('/api/users?pageSize=2&sort=oldest')).json() as Page<AdminUser>
    expect(all.items).toHaveLength(2)
    expect(all.total).toBeGreaterThanOrEqual(3)
    expect(JSON.stringify(all)).not.toMatch(/argon2|resetToken|password/)

    const byName = (await owner.get('/api/users?search=mei%20lin')).json() as Page<AdminUser>
    expect(byName.items.map((user) => user.email)).toEqual(['mei.lin@example.com'])
    const byEmail = (await owner.get('/api/users?search=JUN@')).json() as Page<AdminUser>
    expect(byEmail.total).toBe(1)
    const admins = (await owner.get('/api/users?role=admin')).json() as Page<AdminUser>
    expect(admins.items.every((user) => user.isAdmin)).toBe(true)
    expect((await owner.get('/api/users?role=owner')).statusCode).toBe(400)
  })
})

describe('the Orders column', () => {
  it("counts each customer's own orders", async () => {
    const owner = as(await adminCookie(t.app, t.handle.db, 'count-owner'))
    const buyer = await registerCustomer(t.app, { email: 'two.orders@example.com' })
    await registerCustomer(t.app, { email: 'no.orders@example.com' })
    for (const price of [20_000, 21_000]) {
      const piece = await insertProduct(t.handle.db, { price })
      const placed = await placeZelleOrder(t.app, [piece], {
        email: 'two.orders@example.com',
        cookie: buyer.cookie,
      })
      expect(placed.statusCode).toBe(200)
    }
    const page = (await owner.get('/api/users?search=orders%40example.com')).json() as Page<AdminUser>
    const count = (email: string) => page.items.find((user) => user.email === email)?.orderCount
    expect(count('two.orders@example.com')).toBe(2)
    expect(count('no.orders@example.com')).toBe(0)
  })
})

describe('roles', () => {
  it('promotes a customer, whose next request is an administrator’s', async () => {
    const owner = as(await adminCookie(t.app, t.handle.db, 'promoter'))
    const customer = await registerCustomer(t.app)
    expect((await as(customer.cookie).get('/api/users')).statusCode).toBe(403)

    const promoted = await owner.setAdmin(await idOf(customer.username), true)
    expect(promoted.statusCode).toBe(200)
    expect(promoted.json()).toMatchObject({ username: customer.username, isAdmin: true })
    expect((await as(customer.cookie).get('/api/users')).statusCode).toBe(200)
  })

  it('demotes an administrator with effect on their very next request', async () => {
    const owner = as(await adminCookie(t.app, t.handle.db, 'demoter'))
    const deputyCookie = await adminCookie(t.app, t.handle.db, 'deputy')
    expect((await as(deputyCookie).get('/api/users')).statusCode).toBe(200)

    expect((await owner.setAdmin(await idOf('deputy'), false)).statusCode).toBe(200)
    expect((await as(deputyCookie).get('/api/users')).statusCode).toBe(403)
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: deputyCookie },
    })
    expect(check.json().isAdmin).toBe(false)
  })

  it('refuses a body that is not { isAdmin: boolean }', async () => {
    const cookie = await adminCookie(t.app, t.handle.db, 'strict-owner')
    const id = await idOf('strict-owner')
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${id}/admin`, payload, headers: { cookie } })
    expect((await patch({ isAdmin: 'yes' })).statusCode).toBe(400)
    expect((await patch({ isAdmin: true, username: 'root' })).statusCode).toBe(400)
    expect((await patch({})).statusCode).toBe(400)
  })
})

describe('the last administrator', () => {
  it('can be neither demoted nor deleted, by anyone', async () => {
    const db = t.handle.db
    // Leave exactly one administrator.
    await db.update(users).set({ isAdmin: false, roleId: null })
    const lastCookie = await adminCookie(t.app, db, 'last-one')
    const last = as(lastCookie)
    const id = await idOf('last-one')

    const demoted = await last.setAdmin(id, false)
    expect(demoted.statusCode).toBe(409)
    expect(demoted.json().message).toBe(LAST_ADMIN_MESSAGE)
    const deleted = await last.remove(id)
    expect(deleted.statusCode).toBe(409)
    expect((await last.get('/api/users')).statusCode).toBe(200)

    // With a second administrator, the first may step down.
    const second = await registerCustomer(t.app)
    expect((await last.setAdmin(await idOf(second.username), true)).statusCode).toBe(200)
    expect((await last.setAdmin(id, false)).statusCode).toBe(200)
  })

  it('survives two administrators demoting each other at the same moment', async () => {
    const db = t.handle.db
    await db.update(users).set({ isAdmin: false, roleId: null })
    await adminCookie(t.app, db, 'twin-a')
    await adminCookie(t.app, db, 'twin-b')
    const [a, b] = [await idOf('twin-a'), await idOf('twin-b')]
    // Past both guards at once (straight to the service): the row locks alone must decide.
    const owner = (id: number) => ({
      id,
      permissions: ALL_PERMISSIONS,
      username: `twin-${id}`,
      role: 'owner',
    })
    const outcomes = await Promise.allSettled([
      setAdmin(db, owner(a), b, false),
      setAdmin(db, owner(b), a, false),
    ])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ kind: 'conflict', message: LAST_ADMIN_MESSAGE })
    const remaining = await db.select().from(users).where(eq(users.isAdmin, true))
    expect(remaining).toHaveLength(1)
  })
})

describe('deleting an account', () => {
  it('ends its sessions, drops it from the list and keeps its orders', async () => {
    const owner = as(await adminCookie(t.app, t.handle.db, 'deleter'))
    const customer = await registerCustomer(t.app)
    const id = await idOf(customer.username)
    const [order] = await t.handle.db
      .insert(orders)
      .values({ userId: id, subtotal: 1000, total: 1000, paymentMethod: 'zelle', customerName: 'Kept Name' })
      .returning()

    expect((await owner.remove(id)).statusCode).toBe(200)
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { cookie: customer.cookie },
    })
    expect(after.statusCode).toBe(401)
    const left = await t.handle.db.select().from(sessions)
    expect(left.some((row) => row.sess.userId === id)).toBe(false)
    const [kept] = await t.handle.db.select().from(orders).where(eq(orders.id, order!.id))
    expect(kept).toMatchObject({ userId: null, customerName: 'Kept Name' })

    expect((await owner.remove(id)).statusCode).toBe(404)
  })
})
