import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LAST_OWNER_MESSAGE, TWO_FACTOR_SETUP_MESSAGE } from '../../../shared/staff/permissions'
import { buildApp } from '../../app'
import { adminCookie, insertProduct, placedOrderId, placeZelleOrder, staffCookie } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { accountEvents, users } from '../accounts/schema'

// The team (issue 35): roles read on every request, money left out of the answers of a role that
// may not see it, and no way to grant more than one holds.

const t = shopForFile()
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  cookie: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
}

/** A custom role with `permissions`, made by the Owner; its name. */
async function customRole(name: string, permissions: string[]) {
  const response = await call('POST', '/api/admin/roles', owner, { name, permissions })
  expect(response.statusCode, response.body).toBe(201)
  return (response.json() as { name: string }).name
}

describe('GET /api/admin/me', () => {
  it("names the member's role and every permission it holds", async () => {
    const me = (await call('GET', '/api/admin/me', owner)).json()
    expect(me).toMatchObject({ username: 'owner', role: 'owner' })
    expect(me.permissions).toContain('staff:manage')
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    expect((await call('GET', '/api/admin/me', packer.cookie)).json()).toEqual({
      username: packer.username,
      role: 'packer',
      permissions: ['orders:view', 'orders:fulfil'],
      viewingAs: null,
      twoFactorPending: false,
    })
  })
})

describe("a packer's view of the orders", () => {
  it('has the items, their prices, the address and the trail, and no money of the order', async () => {
    const piece = await insertProduct(t.handle.db, { name: 'Lavender Bangle', price: 88_000, cost: 31_000 })
    const id = placedOrderId(await placeZelleOrder(t.app, [piece]))
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    const page = (await call('GET', '/api/admin/orders?tab=all', packer.cookie)).json()
    const order = page.items.find((item: { id: number }) => item.id === id)
    expect(order.items[0]).toMatchObject({ price: 88_000 })
    expect(order.shipping.address).toBeTruthy()
    for (const field of [
      'total',
      'subtotal',
      'amountPaid',
      'balance',
      'payments',
      'refunds',
      'paymentPlan',
      'tax',
    ])
      expect(order, field).not.toHaveProperty(field)
    expect(page.total).toBeGreaterThanOrEqual(1)
    expect(JSON.stringify(page)).not.toMatch(/"(cost|profit)"/)

    // The Owner's answer is whole.
    const full = (await call('GET', '/api/admin/orders?tab=all', owner)).json()
    expect(full.items.find((item: { id: number }) => item.id === id)).toMatchObject({
      total: expect.any(Number),
    })
  })

  it('marks an order shipped with tracking, and is refused refunds, the ledger and payments', async () => {
    const piece = await insertProduct(t.handle.db, { price: 12_000 })
    const id = placedOrderId(await placeZelleOrder(t.app, [piece]))
    await call('PATCH', `/api/orders/${id}/payment`, owner, { paymentStatus: 'paid' })
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    const preparing = await call('PATCH', `/api/orders/${id}/status`, packer.cookie, { status: 'preparing' })
    expect(preparing.statusCode, preparing.body).toBe(200)
    const shipped = await call('PATCH', `/api/orders/${id}/status`, packer.cookie, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(shipped.json()).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784' })
    expect(shipped.json()).not.toHaveProperty('total')
    // The trail names the member and their role at the time.
    expect(shipped.json().events).toContainEqual(
      expect.objectContaining({ kind: 'tracking', actor: packer.username, actorRole: 'packer' }),
    )

    const cancel = await call('PATCH', `/api/orders/${id}/status`, packer.cookie, { status: 'cancelled' })
    expect(cancel.statusCode).toBe(403)
    expect(cancel.json().message).toBe('Your role does not include refunds and cancellations')
    // The trail's lines about money, and the lines' discounts, are left out for a packer.
    const owners = (await call('GET', '/api/admin/orders?tab=all', owner)).json()
    expect(
      owners.items.find((o: { id: number }) => o.id === id).events.map((e: { kind: string }) => e.kind),
    ).toContain('payment')
    const packers = (await call('GET', '/api/admin/orders?tab=all', packer.cookie)).json()
    const seen = packers.items.find((o: { id: number }) => o.id === id)
    expect(seen.events.map((e: { kind: string }) => e.kind)).not.toContain('payment')
    expect(JSON.stringify(seen.events)).not.toMatch(/\$\d/)
    expect(seen.items[0]).not.toHaveProperty('discount')
    const refund = await call('POST', `/api/orders/${id}/refunds`, packer.cookie, { amount: 100 })
    expect(refund.statusCode).toBe(403)
    expect(refund.json().message).toBe('Your role does not include refunds and cancellations')
    const ledger = await call('GET', '/api/sales', packer.cookie)
    expect(ledger.statusCode).toBe(403)
    expect(ledger.json().message).toBe('Your role does not include the ledger and reports')
  })
})

describe('cost and profit', () => {
  it('leave the answers, the product CSV and the sales CSV of a role without products:cost', async () => {
    await insertProduct(t.handle.db, { name: 'Icy Pendant', sku: 'ICY-1', cost: 12_345 })
    const editor = await staffCookie(t.app, t.handle.db, 'editor')
    const products = await call('GET', '/api/admin/products', editor.cookie)
    expect(products.statusCode).toBe(200)
    expect(products.body).toContain('Icy Pendant')
    expect(products.body).not.toMatch(/"cost"/)
    const csv = await call('GET', '/api/admin/products/export.csv', editor.cookie)
    expect(csv.statusCode).toBe(200)
    expect(csv.body.split('\n')[0]).not.toContain('Cost')
    expect((await call('GET', '/api/admin/products/export.csv', owner)).body.split('\n')[0]).toContain('Cost')

    const ledgerOnly = await customRole('Ledger reader', ['ledger:view'])
    const reader = await staffCookie(t.app, t.handle.db, ledgerOnly)
    const sales = await call('GET', '/api/sales/export?period=all', reader.cookie)
    expect(sales.statusCode, sales.body).toBe(200)
    expect(sales.body.split('\n')[0]).not.toMatch(/Cost|Profit/)
    const page = await call('GET', '/api/sales', reader.cookie)
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toMatch(/"(cost|profit|totalProfit)"/)
    const bookkeeper = await staffCookie(t.app, t.handle.db, 'bookkeeper')
    expect(
      (await call('GET', '/api/sales/export?period=all', bookkeeper.cookie)).body.split('\n')[0],
    ).toMatch(/Cost.*Profit/)
  })
})

describe("an editor's product changes", () => {
  it('change texts and keep the cost, and are refused a new price or a new piece', async () => {
    const piece = await insertProduct(t.handle.db, {
      name: 'Apple Green Ring',
      price: 50_000,
      cost: 20_000,
      jadeType: 'Type A',
      origin: 'Myanmar',
    })
    const editor = await staffCookie(t.app, t.handle.db, 'editor')
    const seen = (await call('GET', `/api/products/${piece.id}`, editor.cookie)).json()
    expect(seen).not.toHaveProperty('cost')
    const { id, createdAt, updatedAt, soldAt, soldPrice, sold, inStock, ...form } = seen
    const renamed = await call('PUT', `/api/products/${piece.id}`, editor.cookie, {
      ...form,
      name: 'Apple Green Jadeite Ring',
      cost: null,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const after = (await call('GET', `/api/products/${piece.id}`, owner)).json()
    expect(after).toMatchObject({ name: 'Apple Green Jadeite Ring', price: 50_000, cost: 20_000 })

    const repriced = await call('PUT', `/api/products/${piece.id}`, editor.cookie, { ...form, price: 1_000 })
    expect(repriced.statusCode).toBe(403)
    expect(repriced.json().message).toBe('Your role does not include prices')
    const created = await call('POST', '/api/products', editor.cookie, { ...form, sku: null })
    expect(created.statusCode).toBe(403)
  })
})

describe('roles', () => {
  it('lists the six built-in roles, makes, changes and removes a custom one', async () => {
    const list = (await call('GET', '/api/admin/roles', owner)).json()
    expect(
      list.items
        .filter((role: { builtIn: boolean }) => role.builtIn)
        .map((role: { name: string }) => role.name),
    ).toEqual(['owner', 'manager', 'packer', 'bookkeeper', 'show-assistant', 'editor'])
    const created = await call('POST', '/api/admin/roles', owner, {
      name: 'Gem show helper',
      permissions: ['sales:record', 'products:view', 'sales:record'],
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'gem-show-helper',
      label: 'Gem show helper',
      builtIn: false,
      permissions: ['products:view', 'sales:record'],
      members: 0,
    })
    const { id } = created.json()
    const again = await call('POST', '/api/admin/roles', owner, {
      name: 'gem show HELPER',
      permissions: ['orders:view'],
    })
    expect(again.statusCode).toBe(409)
    const unknown = await call('POST', '/api/admin/roles', owner, { name: 'X', permissions: ['vault:open'] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toContain('Unknown permission: vault:open')

    const changed = await call('PUT', `/api/admin/roles/${id}`, owner, {
      name: 'Gem show helper',
      permissions: ['sales:record'],
    })
    expect(changed.json().permissions).toEqual(['sales:record'])
    const member = await staffCookie(t.app, t.handle.db, 'gem-show-helper')
    expect((await call('DELETE', `/api/admin/roles/${id}`, owner)).statusCode).toBe(409)
    const moved = await call('PUT', `/api/admin/staff/${member.id}`, owner, { role: 'show-assistant' })
    expect(moved.statusCode, moved.body).toBe(200)
    const removed = await call('DELETE', `/api/admin/roles/${id}`, owner)
    expect(removed.statusCode, removed.body).toBe(200)

    const packerRole = list.items.find((role: { name: string }) => role.name === 'packer')
    expect(
      (
        await call('PUT', `/api/admin/roles/${packerRole.id}`, owner, {
          name: 'packer',
          permissions: ['orders:view'],
        })
      ).statusCode,
    ).toBe(409)
    expect((await call('DELETE', `/api/admin/roles/${packerRole.id}`, owner)).statusCode).toBe(409)
  })

  it("takes effect on the member's next request", async () => {
    const member = await staffCookie(t.app, t.handle.db, 'show-assistant')
    expect((await call('GET', '/api/admin/orders', member.cookie)).statusCode).toBe(403)
    await call('PUT', `/api/admin/staff/${member.id}`, owner, { role: 'packer' })
    expect((await call('GET', '/api/admin/orders', member.cookie)).statusCode).toBe(200)
    await call('PUT', `/api/admin/staff/${member.id}`, owner, { role: 'editor' })
    expect((await call('GET', '/api/admin/orders', member.cookie)).statusCode).toBe(403)
  })
})

describe('a second instance on the same database', () => {
  it('refuses a revoked role on its very next request', async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('several instances share PostgreSQL')
    const secondHandle = await t.database.open()
    const second = await buildApp({
      config: t.config,
      database: secondHandle,
      logger: false,
      rateLimits: false,
    })
    await second.ready()
    try {
      const member = await staffCookie(t.app, t.handle.db, 'packer')
      const orders = () =>
        second.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie: member.cookie } })
      expect((await orders()).statusCode).toBe(200)
      // Changed on the first instance; the second holds nothing of the role to forget.
      await call('PUT', `/api/admin/staff/${member.id}`, owner, { role: 'editor' })
      const refused = await orders()
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe('Your role does not include orders')
    } finally {
      await second.close()
      await secondHandle.close()
    }
  })
})

describe('two-factor sign-in for Owners', () => {
  it('is required of every Owner once an Owner who has it turns the setting on', async () => {
    const refused = await call('PUT', '/api/admin/settings/staff', owner, { ownersNeedTwoFactor: true })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('Turn on two-factor sign-in for your own account first')
    const careful = await staffCookie(t.app, t.handle.db, 'owner')
    const on = await call('PUT', '/api/admin/settings/staff', careful.cookie, { ownersNeedTwoFactor: true })
    expect(on.json()).toEqual({ ownersNeedTwoFactor: true })
    try {
      const blocked = await call('GET', '/api/admin/orders', owner)
      expect(blocked.statusCode).toBe(403)
      expect(blocked.json().message).toBe(TWO_FACTOR_SETUP_MESSAGE)
      expect((await call('GET', '/api/admin/me', owner)).statusCode).toBe(200)
      expect((await call('GET', '/api/admin/orders', careful.cookie)).statusCode).toBe(200)
    } finally {
      await call('PUT', '/api/admin/settings/staff', careful.cookie, { ownersNeedTwoFactor: false })
      await call('PUT', `/api/admin/staff/${careful.id}`, owner, { role: 'packer' })
    }
    expect((await call('GET', '/api/admin/orders', owner)).statusCode).toBe(200)
  })
})

describe('view as', () => {
  it('shows an Owner the back office as a packer sees it, read-only, until they stop', async () => {
    const viewer = owner
    const started = await call('PUT', '/api/admin/view-as', viewer, { role: 'packer' })
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toMatchObject({
      role: 'packer',
      viewingAs: 'packer',
      permissions: ['orders:view', 'orders:fulfil'],
    })
    const orders = (await call('GET', '/api/admin/orders?tab=all', viewer)).json()
    expect(orders.items.length).toBeGreaterThan(0)
    for (const order of orders.items) expect(order).not.toHaveProperty('total')
    expect((await call('GET', '/api/sales', viewer)).statusCode).toBe(403)
    // Looking, not acting: even what a packer may do is refused.
    const acting = await call('PATCH', `/api/orders/${orders.items[0].id}/tracking`, viewer, {
      trackingNumber: 'X1',
    })
    expect(acting.statusCode).toBe(403)
    expect(acting.json().message).toBe('You are viewing the back office as another role: changes are off')

    const stopped = await call('DELETE', '/api/admin/view-as', viewer)
    expect(stopped.json()).toMatchObject({ role: 'owner', viewingAs: null })
    expect((await call('GET', '/api/sales', viewer)).statusCode).toBe(200)
  })

  it('is only for a role the viewer holds all of', async () => {
    const hiring = await customRole('Team lead', ['staff:manage', 'orders:view'])
    const lead = await staffCookie(t.app, t.handle.db, hiring)
    const refused = await call('PUT', '/api/admin/view-as', lead.cookie, { role: 'manager' })
    expect(refused.statusCode).toBe(403)
    expect((await call('PUT', '/api/admin/view-as', lead.cookie, { role: 'no-such' })).statusCode).toBe(404)
  })
})

describe('no escalation', () => {
  it('a member who manages staff cannot grant, or make a role with, what they do not hold', async () => {
    const hiring = await customRole('Hiring lead', ['staff:manage', 'orders:view', 'orders:fulfil'])
    const lead = await staffCookie(t.app, t.handle.db, hiring)
    const wider = await call('POST', '/api/admin/roles', lead.cookie, {
      name: 'Everything',
      permissions: ['staff:manage', 'backup:download'],
    })
    expect(wider.statusCode).toBe(403)
    expect(wider.json().message).toBe('Your role does not include backups')

    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    expect(
      (await call('PUT', `/api/admin/staff/${packer.id}`, lead.cookie, { role: 'owner' })).statusCode,
    ).toBe(403)
    expect(
      (await call('PUT', `/api/admin/staff/${lead.id}`, lead.cookie, { role: 'manager' })).statusCode,
    ).toBe(403)
    expect(
      (await call('PATCH', `/api/users/${packer.id}/admin`, lead.cookie, { isAdmin: true })).statusCode,
    ).toBe(403)
    // Nor can they touch an Owner.
    const ownerId = (await call('GET', '/api/admin/staff', owner))
      .json()
      .items.find((item: { username: string }) => item.username === 'owner').id
    expect(
      (await call('PUT', `/api/admin/staff/${ownerId}`, lead.cookie, { active: false })).statusCode,
    ).toBe(403)
    expect(
      (await call('PUT', `/api/users/${ownerId}`, lead.cookie, { email: 'thief@example.com' })).statusCode,
    ).toBe(403)
    // What they hold, they may give.
    const given = await call('PUT', `/api/admin/staff/${packer.id}`, lead.cookie, { role: hiring })
    expect(given.statusCode, given.body).toBe(200)
  })
})

describe('accounts of the team', () => {
  it('are changed or deleted only by who manages the team', async () => {
    const manager = await staffCookie(t.app, t.handle.db, 'manager')
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    expect((await call('DELETE', `/api/users/${packer.id}`, manager.cookie)).statusCode).toBe(403)
    const takeover = await call('PUT', `/api/users/${packer.id}`, manager.cookie, {
      email: 'mine@example.com',
    })
    expect(takeover.statusCode).toBe(403)
    expect(takeover.json().message).toBe('Your role does not include staff and roles')
  })

  it('stay closed to a deactivated member after Remove Admin', async () => {
    const member = await staffCookie(t.app, t.handle.db, 'editor', undefined, { twoFactor: false })
    await call('PUT', `/api/admin/staff/${member.id}`, owner, { active: false })
    expect((await call('PATCH', `/api/users/${member.id}/admin`, owner, { isAdmin: false })).statusCode).toBe(
      200,
    )
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: 'staff-password' },
    })
    expect(signIn.statusCode).toBe(403)
  })

  it('needing two-factor sign-in hold nothing until it is on, outside the back office too', async () => {
    const manager = await staffCookie(t.app, t.handle.db, 'manager', undefined, { twoFactor: false })
    const customer = await registerCustomer(t.app)
    const [row] = await t.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, customer.username))
    const changed = await call('PUT', `/api/users/${row!.id}`, manager.cookie, { email: 'taken@example.com' })
    expect(changed.statusCode).toBe(403)
    const piece = await insertProduct(t.handle.db, { cost: 4_200 })
    const product = (await call('GET', `/api/products/${piece.id}`, manager.cookie)).json()
    expect(product).not.toHaveProperty('cost')
    expect((await call('GET', '/api/admin/overview', manager.cookie)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/me', manager.cookie)).json()).toMatchObject({
      role: 'manager',
      permissions: [],
    })
  })
})

describe('the last Owner', () => {
  it('cannot be demoted, deactivated or deleted; with a second Owner it can', async () => {
    const staff = (await call('GET', '/api/admin/staff', owner)).json()
    const ownerId = staff.items.find((item: { username: string }) => item.username === 'owner').id
    for (const change of [{ role: 'manager' }, { active: false }]) {
      const refused = await call('PUT', `/api/admin/staff/${ownerId}`, owner, change)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toBe(LAST_OWNER_MESSAGE)
    }
    expect((await call('DELETE', `/api/users/${ownerId}`, owner)).statusCode).toBe(409)

    const second = await staffCookie(t.app, t.handle.db, 'owner')
    const demoted = await call('PUT', `/api/admin/staff/${second.id}`, owner, { role: 'manager' })
    expect(demoted.json()).toMatchObject({ role: 'manager', active: true })
  })
})

describe('deactivation', () => {
  it("ends the member's sessions at once and refuses the next sign-in", async () => {
    // Without two-factor sign-in, so that signing in again takes the password alone.
    const member = await staffCookie(t.app, t.handle.db, 'packer', undefined, { twoFactor: false })
    expect((await call('GET', '/api/admin/orders', member.cookie)).statusCode).toBe(200)
    const off = await call('PUT', `/api/admin/staff/${member.id}`, owner, { active: false })
    expect(off.json()).toMatchObject({ active: false })
    expect((await call('GET', '/api/admin/orders', member.cookie)).statusCode).toBe(401)
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: 'staff-password' },
    })
    expect(signIn.statusCode).toBe(403)
    expect(signIn.json().message).toBe('This account has been deactivated')

    await call('PUT', `/api/admin/staff/${member.id}`, owner, { active: true })
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: 'staff-password' },
    })
    expect(back.statusCode).toBe(200)
    const list = (await call('GET', '/api/admin/staff', owner)).json()
    expect(list.items.find((item: { id: number }) => item.id === member.id)).toMatchObject({
      role: 'packer',
      active: true,
      twoFactorEnabled: false,
      lastSignInAt: expect.any(String),
    })
  })
})

describe("an account's audit trail", () => {
  it('names the member who acted and their role at the time', async () => {
    const db = t.handle.db
    const trail = async (id: number) =>
      db
        .select({
          kind: accountEvents.kind,
          actor: accountEvents.actor,
          actorRole: accountEvents.actorRole,
          detail: accountEvents.detail,
        })
        .from(accountEvents)
        .where(eq(accountEvents.userId, id))
        .orderBy(asc(accountEvents.id))
    const ownerName = (await call('GET', '/api/admin/me', owner)).json().username as string
    const member = await staffCookie(t.app, db, 'packer')
    await call('PUT', `/api/admin/staff/${member.id}`, owner, { role: 'show-assistant' })
    await call('PUT', `/api/admin/staff/${member.id}`, owner, { active: false })
    await call('PUT', `/api/admin/staff/${member.id}`, owner, { active: true })
    expect(await trail(member.id)).toEqual([
      { kind: 'role-changed', actor: ownerName, actorRole: 'owner', detail: 'packer → show-assistant' },
      { kind: 'deactivated', actor: ownerName, actorRole: 'owner', detail: null },
      { kind: 'reactivated', actor: ownerName, actorRole: 'owner', detail: null },
    ])

    // A Manager changes a customer's e-mail address: the trail names the Manager, as a Manager.
    const manager = await staffCookie(t.app, db, 'manager')
    const customer = await registerCustomer(t.app, { email: 'before@example.com' })
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, customer.username))
    const changed = await call('PUT', `/api/users/${row!.id}`, manager.cookie, {
      email: 'after@example.com',
      currentPassword: 'staff-password',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await trail(row!.id)).toEqual([
      { kind: 'email-changed', actor: manager.username, actorRole: 'manager', detail: null },
    ])

    // Make Admin and Remove Admin, from the Accounts page.
    const made = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${row!.id}/admin`,
      headers: { cookie: owner },
      payload: { isAdmin: true },
    })
    expect(made.statusCode, made.body).toBe(200)
    expect((await trail(row!.id)).at(-1)).toEqual({
      kind: 'made-admin',
      actor: ownerName,
      actorRole: 'owner',
      detail: null,
    })
  })
})

describe('a refusal about money', () => {
  it('names no amount to a member who may take payments but not read the ledger', async () => {
    const piece = await insertProduct(t.handle.db, { price: 12_000 })
    const id = placedOrderId(await placeZelleOrder(t.app, [piece]))
    const desk = await customRole('Payments desk', ['orders:view', 'orders:payments', 'orders:refund'])
    const member = await staffCookie(t.app, t.handle.db, desk)
    const tooMuch = await call('PATCH', `/api/orders/${id}/payment`, member.cookie, {
      paymentStatus: 'paid',
      amount: 999_999,
    })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json().message).toBe("The payment exceeds the order's balance")
    const planOff = await call('PUT', `/api/orders/${id}/plan`, member.cookie, {
      depositAmount: 1_000,
      installments: [{ amount: 1_000, dueDate: '2099-01-10' }],
    })
    expect(planOff.statusCode).toBe(400)
    expect(planOff.json().message).toBe("The deposit and instalments must add up to the order's total")
    const paid = await call('PATCH', `/api/orders/${id}/payment`, member.cookie, { paymentStatus: 'paid' })
    expect(paid.statusCode, paid.body).toBe(200)
    const refund = await call('POST', `/api/orders/${id}/refunds`, member.cookie, {
      amount: 999_999,
      reason: 'Too much',
    })
    expect(refund.statusCode).toBe(409)
    expect(refund.json().message).toBe('The refund exceeds what was paid and not yet refunded')
    // The Owner reads the amount in the same refusal.
    const ownerRefund = await call('POST', `/api/orders/${id}/refunds`, owner, {
      amount: 999_999,
      reason: 'x',
    })
    expect(ownerRefund.json().message).toMatch(/^The refund exceeds the \$[\d,.]+ paid and not yet refunded$/)
  })
})
