import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrder, AdminOrderPage } from '../../../shared/orders/admin-schema'
import { adminCookie, insertProduct, placedOrderId, placeZelleOrder } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'

// The shopper's requests at checkout (issue 32): an appointment to see the pieces and shipping
// insurance reach the back office, as flags the owner ticks off, a tab and the packing slip.

let t: TestApp
let admin: string
const scratch = mkdtempSync(path.join(tmpdir(), 'jade-requests-'))

/** A Zelle order for one new piece, with the shopper's requests. */
async function orderNewPiece(requests: { appointmentRequest?: boolean; insuranceInterest?: boolean }) {
  const piece = await insertProduct(t.handle.db, { price: 480_000 })
  return placedOrderId(
    await placeZelleOrder(t.app, [piece], { email: `requests.${piece.id}@example.com`, fields: requests }),
  )
}

const adminGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } })
const tick = (orderId: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}/requests`,
    payload,
    headers: { cookie: admin },
  })

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(async () => {
  await t.close()
  rmSync(scratch, { recursive: true, force: true })
})

describe("the shopper's requests", () => {
  it('reach the orders list, and the appointment tab holds the orders whose appointment is still to arrange', async () => {
    const asked = await orderNewPiece({ appointmentRequest: true, insuranceInterest: true })
    const plain = await orderNewPiece({})

    const list = (await adminGet('/api/admin/orders?tab=appointments')).json() as AdminOrderPage
    expect(list.items.map((order) => order.id)).toEqual([asked])
    expect(list.total).toBe(1)
    expect(list.tabCounts.appointments).toBe(1)
    expect(list.items[0]!.requests).toEqual({
      appointment: true,
      appointmentArrangedAt: null,
      insurance: true,
      insuredAt: null,
    })
    const all = (await adminGet('/api/admin/orders')).json() as AdminOrderPage
    expect(all.items.find((order) => order.id === plain)!.requests).toMatchObject({
      appointment: false,
      insurance: false,
    })

    const arranged = await tick(asked, { appointmentArranged: true })
    expect(arranged.statusCode).toBe(200)
    const order = arranged.json() as AdminOrder
    expect(order.requests.appointmentArrangedAt).not.toBeNull()
    expect(order.events.at(-1)).toMatchObject({
      kind: 'request',
      message: 'Appointment arranged',
      actor: 'owner',
    })
    const after = (await adminGet('/api/admin/orders?tab=appointments')).json() as AdminOrderPage
    expect(after.items).toEqual([])
    expect(after.tabCounts.appointments).toBe(0)

    // Ticked off by mistake: back on the list.
    await tick(asked, { appointmentArranged: false })
    expect(((await adminGet('/api/admin/orders?tab=appointments')).json() as AdminOrderPage).total).toBe(1)
  })

  it('refuses to arrange an appointment nobody asked for, and an empty change', async () => {
    const plain = await orderNewPiece({})
    const unasked = await tick(plain, { appointmentArranged: true })
    expect(unasked.statusCode).toBe(409)
    expect(unasked.json()).toMatchObject({ message: 'The shopper did not ask for an appointment' })
    const empty = await tick(plain, {})
    expect(empty.statusCode).toBe(400)
    expect((await tick(999_999, { insured: true })).statusCode).toBe(404)
    const cancelled = await orderNewPiece({ appointmentRequest: true })
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelled}/status`,
      payload: { status: 'cancelled' },
      headers: { cookie: admin },
    })
    expect((await tick(cancelled, { appointmentArranged: true })).statusCode).toBe(409)
  })

  it('puts the insurance on the packing slip, asked for and then done', async () => {
    const orderId = await orderNewPiece({ insuranceInterest: true })
    const slipText = async (name: string) => {
      const slip = await adminGet(`/api/orders/${orderId}/packing-slip.pdf`)
      expect(slip.statusCode).toBe(200)
      const file = path.join(scratch, name)
      writeFileSync(file, slip.rawPayload)
      return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
    }
    expect(await slipText('asked.pdf')).toContain(
      'The shopper asked for shipping insurance: insure this parcel before it leaves.',
    )
    const insured = await tick(orderId, { insured: true })
    expect((insured.json() as AdminOrder).events.at(-1)?.message).toBe('Shipment insured')
    expect(await slipText('insured.pdf')).toContain('This parcel is insured.')
  })
})
